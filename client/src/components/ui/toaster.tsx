// Renders the toast queue (lib/toast.ts) with Radix Toast: one at a time, 5000 ms, swipe right 50 px,
// F8 (Radix's default hotkey) moves focus to the notifications region.
import { Suspense } from 'react';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from './toast';
import { TOAST_DURATION_MS, TOAST_SWIPE_DIRECTION, TOAST_SWIPE_THRESHOLD_PX, type ToastStore } from '../../lib/toast';
import { useToast } from '../../lib/use-toast';

export const TOASTER_CONFIG = {
  duration: TOAST_DURATION_MS,
  swipeDirection: TOAST_SWIPE_DIRECTION,
  swipeThreshold: TOAST_SWIPE_THRESHOLD_PX,
  label: 'Notification',
} as const;

/** Shows the page's toast queue, or `store` (tests). */
export function Toaster({ store }: { store?: ToastStore }) {
  const { toasts, dismiss } = useToast(store);
  return (
    <ToastProvider {...TOASTER_CONFIG}>
      {toasts.map(({ id, title, description, action, variant, open, duration }) => {
        const Icon = variant === 'destructive' ? CircleAlert : CircleCheck;
        return (
          <Toast
            key={id}
            variant={variant}
            open={open}
            duration={duration}
            onOpenChange={(next) => {
              if (!next) dismiss(id);
            }}
          >
            <div className="flex min-w-0 gap-3">
              <Icon
                aria-hidden="true"
                className={variant === 'destructive' ? 'mt-0.5 size-4 shrink-0' : 'mt-0.5 size-4 shrink-0 text-primary'}
              />
              <div className="grid min-w-0 gap-1">
                {title !== undefined && <ToastTitle>{title}</ToastTitle>}
                {description !== undefined && <ToastDescription>{description}</ToastDescription>}
              </div>
            </div>
            {/* An action may be loaded lazily (the update offer's): the text shows meanwhile. */}
            <Suspense fallback={null}>{action}</Suspense>
            <ToastClose />
          </Toast>
        );
      })}
      <ToastViewport />
    </ToastProvider>
  );
}
