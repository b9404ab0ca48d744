// The toast queue (spec section 9): one toast at a time, removal 1,000,000 ms after a dismissal,
// and the Radix settings (5000 ms, swipe right 50 px).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOASTER_CONFIG } from '../components/ui/toaster';
import { createToastStore, toastReducer, TOAST_LIMIT, TOAST_REMOVE_DELAY_MS, type ToastStore } from './toast';

let store: ToastStore;
beforeEach(() => {
  vi.useFakeTimers();
  store = createToastStore();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('toast queue', () => {
  it('keeps at most one toast: the newest replaces the one shown', () => {
    expect(TOAST_LIMIT).toBe(1);
    store.toast({ title: 'Error', description: 'Please enter both email and password.', variant: 'destructive' });
    store.toast({ title: 'Login failed', description: 'Invalid login credentials', variant: 'destructive' });
    const { toasts } = store.getState();
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).toMatchObject({ title: 'Login failed', open: true, variant: 'destructive' });
  });

  it('defaults to the default variant', () => {
    store.toast({ title: 'Account created' });
    expect(store.getState().toasts[0]?.variant).toBe('default');
  });

  it('closes a dismissed toast at once and removes it after 1,000,000 ms', () => {
    const { id } = store.toast({ title: 'Notes synced' });
    store.dismiss(id);
    expect(store.getState().toasts[0]).toMatchObject({ id, open: false });
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect(store.getState().toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getState().toasts).toHaveLength(0);
    expect(TOAST_REMOVE_DELAY_MS).toBe(1_000_000);
  });

  it('updates a toast in place', () => {
    const handle = store.toast({ title: 'Syncing' });
    handle.update({ title: 'Notes synced' });
    expect(store.getState().toasts[0]?.title).toBe('Notes synced');
  });

  it('dismisses every toast without an id', () => {
    const state = toastReducer(
      {
        toasts: [
          { id: '1', open: true },
          { id: '2', open: true },
        ],
      },
      { type: 'dismiss' },
    );
    expect(state.toasts.every((t) => !t.open)).toBe(true);
  });
});

describe('expected toasts', () => {
  it('tells its listeners that a toast is coming, until they unsubscribe', () => {
    const store = createToastStore();
    const listener = vi.fn();
    const unsubscribe = store.onExpect(listener);
    store.expect();
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    store.expect();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getState().toasts).toHaveLength(0);
  });
});

describe('Toaster settings', () => {
  it("uses the spec's duration and Radix swipe-to-dismiss right over 50 px", () => {
    expect(TOASTER_CONFIG).toMatchObject({ duration: 5000, swipeDirection: 'right', swipeThreshold: 50 });
  });
});
