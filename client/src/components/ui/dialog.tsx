// Modal dialog (Radix): traps focus while open and returns it to the trigger on close.
import type { ComponentProps } from 'react';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { cn } from '../../lib/utils';

export const Dialog = DialogPrimitive.Root;
export const DialogPortal = DialogPrimitive.Portal;

// A dimmed page, not a blurred one: a backdrop blur filters the whole page again for every frame drawn
// under it, which without GPU compositing was most of each frame while typing in a dialog
// (docs/decisions.md, 'Dialogs dim the page without blurring it').
export function DialogOverlay({ className, ...props }: ComponentProps<typeof DialogPrimitive.Overlay>) {
  return (
    <DialogPrimitive.Overlay
      data-slot="dialog-overlay"
      className={cn(
        'fixed inset-0 z-50 bg-black/50 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in',
        className,
      )}
      {...props}
    />
  );
}

/** Where the dialog sits and its spacing: centred with padding, unless `placement` says otherwise. */
const CENTRED = 'top-1/2 -translate-y-1/2 gap-4 p-6 sm:max-w-lg';

export function DialogContent({
  className,
  children,
  placement = CENTRED,
  showCloseButton = true,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & { placement?: string; showCloseButton?: boolean }) {
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        className={cn(
          'fixed left-1/2 z-50 grid w-full max-w-[calc(100%-2rem)] -translate-x-1/2 rounded-xl border bg-popover text-popover-foreground shadow-lg outline-none',
          'data-[state=closed]:animate-zoom-out data-[state=open]:animate-zoom-in',
          placement,
          className,
        )}
        {...props}
      >
        {children}
        {showCloseButton && (
          <DialogPrimitive.Close
            aria-label="Close"
            className="absolute top-2.5 right-2.5 inline-flex size-8 items-center justify-center rounded-md opacity-70 transition-[opacity,background-color] outline-none hover:bg-accent hover:opacity-100 focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-4"
          >
            <X aria-hidden="true" />
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPortal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="dialog-header"
      className={cn('flex flex-col gap-2 text-center sm:text-left', className)}
      {...props}
    />
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title
      data-slot="dialog-title"
      className={cn('text-lg leading-none font-semibold', className)}
      {...props}
    />
  );
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description
      data-slot="dialog-description"
      className={cn('text-sm text-muted-foreground', className)}
      {...props}
    />
  );
}
