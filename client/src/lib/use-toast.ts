// React access to a toast queue (the page's by default): the current toasts plus `toast` and `dismiss`.
import { useSyncExternalStore } from 'react';
import { appToasts, type ToastItem, type ToastStore } from './toast';

export function useToast(store: ToastStore = appToasts): {
  toasts: ToastItem[];
  toast: ToastStore['toast'];
  dismiss: ToastStore['dismiss'];
} {
  const { toasts } = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  return { toasts, toast: store.toast, dismiss: store.dismiss };
}
