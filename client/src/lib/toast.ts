// The app's toast queue (spec section 9: at most 1 shown, 5000 ms, removal 1,000,000 ms after a
// dismissal, variants default and destructive). A tiny external store: `toast()` works anywhere,
// including outside React; <Toaster /> renders it and `useToast()` reads it.
import type { ReactElement, ReactNode } from 'react';

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_DIRECTION = 'right';
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** An optional <ToastAction altText="..."> shown beside the text. */
  action?: ReactElement;
  /** Milliseconds before it closes by itself; defaults to TOAST_DURATION_MS. */
  duration?: number;
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

export interface ToastState {
  toasts: ToastItem[];
}

export type ToastAction =
  | { type: 'add'; toast: ToastItem }
  | { type: 'update'; id: string; patch: Partial<ToastInput> }
  | { type: 'dismiss'; id?: string }
  | { type: 'remove'; id?: string };

/** Pure state transition: the newest toast first, never more than TOAST_LIMIT kept. */
export function toastReducer(state: ToastState, action: ToastAction): ToastState {
  switch (action.type) {
    case 'add':
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case 'update':
      return { toasts: state.toasts.map((t) => (t.id === action.id ? { ...t, ...action.patch } : t)) };
    case 'dismiss':
      return {
        toasts: state.toasts.map((t) => (action.id === undefined || t.id === action.id ? { ...t, open: false } : t)),
      };
    case 'remove':
      return { toasts: action.id === undefined ? [] : state.toasts.filter((t) => t.id !== action.id) };
  }
}

type Listener = (state: ToastState) => void;

/** A toast queue: its state, who listens, and the removal timers of dismissed toasts. */
export interface ToastStore {
  getState(): ToastState;
  subscribe(listener: Listener): () => void;
  /** Shows a toast (replacing the one on screen); returns handles to update or dismiss it. */
  toast(input: ToastInput): { id: string; dismiss: () => void; update: (patch: Partial<ToastInput>) => void };
  /** Closes one toast, or all of them without an id. */
  dismiss(id?: string): void;
  /**
   * Says a toast is coming soon (an action the user started, which ends with one): whoever shows the
   * queue can get ready, e.g. fetch its code, while the action runs.
   */
  expect(): void;
  /** Calls `listener` on each expect(); returns the unsubscribe function. */
  onExpect(listener: () => void): () => void;
}

export function createToastStore(): ToastStore {
  let state: ToastState = { toasts: [] };
  const listeners = new Set<Listener>();
  const expectListeners = new Set<() => void>();
  const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
  let counter = 0;

  function dispatch(action: ToastAction): void {
    state = toastReducer(state, action);
    if (action.type === 'dismiss') {
      const ids = action.id === undefined ? state.toasts.map((t) => t.id) : [action.id];
      for (const id of ids) scheduleRemoval(id);
    }
    for (const listener of listeners) listener(state);
  }

  // A dismissed toast stays in the list (closed) for the spec's removal delay, as the original did.
  function scheduleRemoval(id: string): void {
    if (removalTimers.has(id)) return;
    const timer = setTimeout(() => {
      removalTimers.delete(id);
      dispatch({ type: 'remove', id });
    }, TOAST_REMOVE_DELAY_MS);
    removalTimers.set(id, timer);
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    toast(input) {
      counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
      const id = String(counter);
      dispatch({ type: 'add', toast: { variant: 'default', ...input, id, open: true } });
      return {
        id,
        dismiss: () => dispatch({ type: 'dismiss', id }),
        update: (patch) => dispatch({ type: 'update', id, patch }),
      };
    },
    dismiss: (id) => dispatch({ type: 'dismiss', id }),
    expect() {
      for (const listener of expectListeners) listener();
    },
    onExpect(listener) {
      expectListeners.add(listener);
      return () => expectListeners.delete(listener);
    },
  };
}

/**
 * The page's one toast queue, which <Toaster /> shows by default: a module singleton on purpose, so
 * that `toast()` works anywhere, also outside React (a failed automatic sync, the service worker's
 * update offer). Tests make their own queue with createToastStore() or pass their own `notify`.
 */
export const appToasts: ToastStore = createToastStore();

/** Shows a toast in the page's queue (replacing the one on screen); returns handles to update or dismiss it. */
export function toast(input: ToastInput): ReturnType<ToastStore['toast']> {
  return appToasts.toast(input);
}

/** Says a toast of the page's queue is coming soon (see ToastStore.expect). */
export function expectToast(): void {
  appToasts.expect();
}
