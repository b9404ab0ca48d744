// The explicit Sign out: local scope, extension steps, and the spec's failure toast.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToastState, resetToasts } from '../../lib/toast';
import { addAfterSignOutStep, addBeforeSignOutStep, isExplicitSignOutInProgress, performSignOut } from './sign-out';

const context = { userId: 'u1' };
let cleanups: (() => void)[] = [];

beforeEach(() => {
  resetToasts();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  for (const cleanup of cleanups) cleanup();
  cleanups = [];
  vi.restoreAllMocks();
});

describe('performSignOut', () => {
  it("signs out with scope 'local', marked explicit while it runs, then runs the after-steps", async () => {
    const seenExplicit: boolean[] = [];
    const signOut = vi.fn(async () => {
      seenExplicit.push(isExplicitSignOutInProgress());
      return { error: null };
    });
    const after = vi.fn();
    cleanups.push(addAfterSignOutStep(after));
    await expect(performSignOut({ signOut }, context, () => false)).resolves.toBe('signed-out');
    expect(signOut).toHaveBeenCalledWith({ scope: 'local' });
    expect(seenExplicit).toEqual([true]);
    expect(isExplicitSignOutInProgress()).toBe(false);
    expect(after).toHaveBeenCalledWith(context);
  });

  it('stops when a before-step declines (e.g. unsynced changes the user keeps)', async () => {
    const signOut = vi.fn(async () => ({ error: null }));
    cleanups.push(addBeforeSignOutStep(async () => false));
    await expect(performSignOut({ signOut }, context, () => true)).resolves.toBe('cancelled');
    expect(signOut).not.toHaveBeenCalled();
  });

  it("shows 'Error signing out: Please try again.' when the device is still signed in", async () => {
    const signOut = vi.fn(async () => ({ error: new Error('storage failed') }));
    await expect(performSignOut({ signOut } as never, context, () => true)).resolves.toBe('failed');
    expect(getToastState().toasts[0]).toMatchObject({ title: 'Error signing out', description: 'Please try again.', variant: 'destructive' });
  });

  it('counts a server that could not be told as signed out when the local session is gone', async () => {
    const signOut = vi.fn(async () => ({ error: new Error('Failed to fetch') }));
    await expect(performSignOut({ signOut } as never, context, () => false)).resolves.toBe('signed-out');
    expect(getToastState().toasts).toHaveLength(0);
  });

  it('treats a throwing before-step as a failure', async () => {
    cleanups.push(
      addBeforeSignOutStep(() => {
        throw new Error('boom');
      }),
    );
    await expect(performSignOut({ signOut: vi.fn() } as never, context, () => true)).resolves.toBe('failed');
    expect(getToastState().toasts[0]?.title).toBe('Error signing out');
  });
});
