// Side sheet: a Radix Dialog sliding in from an edge (the mobile sidebar, Connection Status).
import type { ComponentProps } from 'react';
import * as SheetPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { cn } from '../../lib/utils';

export const Sheet = SheetPrimitive.Root;
export const SheetTrigger = SheetPrimitive.Trigger;
export const SheetClose = SheetPrimitive.Close;
export const SheetPortal = SheetPrimitive.Portal;

export function SheetOverlay({ className, ...props }: ComponentProps<typeof SheetPrimitive.Overlay>) {
  return (
    <SheetPrimitive.Overlay
      data-slot="sheet-overlay"
      className={cn(
        'fixed inset-0 z-50 bg-black/50 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in',
        className,
      )}
      {...props}
    />
  );
}

type Side = 'top' | 'right' | 'bottom' | 'left';

const sideClasses: Record<Side, string> = {
  right:
    'inset-y-0 right-0 h-full border-l data-[state=closed]:animate-slide-out-right data-[state=open]:animate-slide-in-right',
  left: 'inset-y-0 left-0 h-full border-r data-[state=closed]:animate-slide-out-left data-[state=open]:animate-slide-in-left',
  top: 'inset-x-0 top-0 h-auto border-b data-[state=closed]:animate-slide-out-top data-[state=open]:animate-slide-in-top',
  bottom:
    'inset-x-0 bottom-0 h-auto border-t data-[state=closed]:animate-slide-out-bottom data-[state=open]:animate-slide-in-bottom',
};

export function SheetContent({
  className,
  children,
  side = 'right',
  width = side === 'left' || side === 'right' ? 'w-3/4 sm:max-w-sm' : undefined,
  gap = 'gap-4',
  showCloseButton = true,
  ...props
}: ComponentProps<typeof SheetPrimitive.Content> & {
  side?: Side;
  /** Width and maximum width of a side sheet. */
  width?: string;
  gap?: 'gap-0' | 'gap-4';
  showCloseButton?: boolean;
}) {
  return (
    <SheetPortal>
      <SheetOverlay />
      <SheetPrimitive.Content
        data-slot="sheet-content"
        data-side={side}
        className={cn(
          'fixed z-50 flex flex-col bg-background shadow-xl outline-none',
          sideClasses[side],
          width,
          gap,
          className,
        )}
        {...props}
      >
        {children}
        {showCloseButton && (
          <SheetPrimitive.Close
            aria-label="Close"
            className="absolute top-2.5 right-2.5 inline-flex size-8 items-center justify-center rounded-md opacity-70 transition-[opacity,background-color] outline-none hover:bg-accent hover:opacity-100 focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-4"
          >
            <X aria-hidden="true" />
          </SheetPrimitive.Close>
        )}
      </SheetPrimitive.Content>
    </SheetPortal>
  );
}

/** `className` replaces the default layout and padding, `flex-col gap-1.5 p-4`. */
export function SheetHeader({ className = 'flex-col gap-1.5 p-4', ...props }: ComponentProps<'div'>) {
  return <div data-slot="sheet-header" className={cn('flex', className)} {...props} />;
}

export function SheetFooter({
  className,
  padding = 'p-4',
  ...props
}: ComponentProps<'div'> & { padding?: 'p-4' | 'p-5' }) {
  return <div data-slot="sheet-footer" className={cn('mt-auto flex flex-col gap-2', padding, className)} {...props} />;
}

export function SheetTitle({ className, ...props }: ComponentProps<typeof SheetPrimitive.Title>) {
  return (
    <SheetPrimitive.Title
      data-slot="sheet-title"
      className={cn('font-semibold text-foreground', className)}
      {...props}
    />
  );
}

export function SheetDescription({ className, ...props }: ComponentProps<typeof SheetPrimitive.Description>) {
  return (
    <SheetPrimitive.Description
      data-slot="sheet-description"
      className={cn('text-sm text-muted-foreground', className)}
      {...props}
    />
  );
}
