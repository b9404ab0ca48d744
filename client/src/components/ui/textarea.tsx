// Multi-line text input matching Input's look.
import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

/** `minHeight` and `background` are the utilities callers change; `className` only adds what the field lacks. */
export function Textarea({
  className,
  minHeight = 'min-h-16',
  background = 'bg-background',
  ...props
}: ComponentProps<'textarea'> & { minHeight?: string; background?: 'bg-background' | 'bg-muted/50' }) {
  return (
    <textarea
      data-slot="textarea"
      className={cn(
        'flex w-full rounded-md border border-input px-3 py-2 text-base shadow-xs transition-[color,box-shadow] outline-none md:text-sm',
        'placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40',
        'disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive aria-invalid:ring-destructive/20',
        minHeight,
        background,
        className,
      )}
      {...props}
    />
  );
}
