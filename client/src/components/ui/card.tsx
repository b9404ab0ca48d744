// Card surface and its parts: header, title, description, content, footer.
import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

// The parts' spacing that callers change comes in props (`gap`, `layout`, `px`), never in `className`:
// cn() does not resolve two utilities for one property, so `className` adds only what the part lacks.

/** `gap` is the space between the card's parts. */
export function Card({
  className,
  gap = 'gap-6',
  ...props
}: ComponentProps<'div'> & { gap?: 'gap-4' | 'gap-5' | 'gap-6' }) {
  return (
    <div
      data-slot="card"
      className={cn('flex flex-col rounded-xl border bg-card py-6 text-card-foreground shadow-sm', gap, className)}
      {...props}
    />
  );
}

const HEADER_LAYOUTS = {
  /** Title above description. */
  stack: 'flex-col gap-1.5',
  /** An icon beside the title and description. */
  row: 'flex-row items-start gap-3',
};

export function CardHeader({
  className,
  layout = 'stack',
  px = 'px-6',
  ...props
}: ComponentProps<'div'> & { layout?: keyof typeof HEADER_LAYOUTS; px?: string }) {
  return <div data-slot="card-header" className={cn('flex', HEADER_LAYOUTS[layout], px, className)} {...props} />;
}

/**
 * A heading: defaults to an <h3>, override the level with `as`. `className` gives the text size (e.g.
 * `text-lg`), whose own line height applies.
 */
export function CardTitle({
  className,
  as: Heading = 'h3',
  ...props
}: ComponentProps<'h3'> & { as?: 'h2' | 'h3' | 'h4'; className: string }) {
  return <Heading data-slot="card-title" className={cn('font-semibold tracking-tight', className)} {...props} />;
}

export function CardDescription({ className, ...props }: ComponentProps<'p'>) {
  return <p data-slot="card-description" className={cn('text-sm text-muted-foreground', className)} {...props} />;
}

/** `px` is the horizontal padding (e.g. `px-4 sm:px-6` for a tighter phone layout). */
export function CardContent({ className, px = 'px-6', ...props }: ComponentProps<'div'> & { px?: string }) {
  return <div data-slot="card-content" className={cn(px, className)} {...props} />;
}

export function CardFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="card-footer" className={cn('flex items-center px-6', className)} {...props} />;
}
