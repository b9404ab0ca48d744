// React access to the toast queue: the current toasts plus `toast` and `dismiss`.
import { useSyncExternalStore } from 'react';
import { dismissToast, getToastState, subscribeToToasts, toast, type ToastItem } from './toast';

export function useToast(): { toasts: ToastItem[]; toast: typeof toast; dismiss: typeof dismissToast } {
  const { toasts } = useSyncExternalStore(subscribeToToasts, getToastState, getToastState);
  return { toasts, toast, dismiss: dismissToast };
}
