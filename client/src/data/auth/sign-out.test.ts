// The explicit Sign out: local scope, the steps around it, and the spec's failure toast.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { performSignOut, SIGN_OUT_FAILED_TOAST } from './sign-out';

const context = { userId: 'u1' };
const notify = vi.fn();

beforeEach(() => {
  notify.mockReset();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('performSignOut', () => {
  it("signs out with scope 'local', then runs the after-steps", async () => {
    const order: string[] = [];
    const signOut = vi.fn(async () => {
      order.push('sign-out');
      return { error: null };
    });
    const before = vi.fn(() => {
      order.push('before');
      return true;
    });
    const after = vi.fn(() => {
      order.push('after');
    });
    await expect(
      performSignOut({ signOut }, { context, hasStoredSession: () => false, before: [before], after: [after], notify }),
    ).resolves.toBe('signed-out');
    expect(signOut).toHaveBeenCalledWith({ scope: 'local' });
    expect(order).toEqual(['before', 'sign-out', 'after']);
    expect(before).toHaveBeenCalledWith(context);
    expect(after).toHaveBeenCalledWith(context);
    expect(notify).not.toHaveBeenCalled();
  });

  it('stops when a before-step declines (e.g. unsynced changes the user keeps)', async () => {
    const signOut = vi.fn(async () => ({ error: null }));
    const after = vi.fn();
    await expect(
      performSignOut(
        { signOut },
        { context, hasStoredSession: () => true, before: [async () => false], after: [after], notify },
      ),
    ).resolves.toBe('cancelled');
    expect(signOut).not.toHaveBeenCalled();
    expect(after).not.toHaveBeenCalled();
  });

  it("shows 'Error signing out: Please try again.' when the device is still signed in", async () => {
    const signOut = vi.fn(async () => ({ error: new Error('storage failed') }));
    await expect(performSignOut({ signOut } as never, { context, hasStoredSession: () => true, notify })).resolves.toBe(
      'failed',
    );
    expect(notify).toHaveBeenCalledWith(SIGN_OUT_FAILED_TOAST);
    expect(SIGN_OUT_FAILED_TOAST).toEqual({
      title: 'Error signing out',
      description: 'Please try again.',
      variant: 'destructive',
    });
  });

  it('counts a server that could not be told as signed out when the local session is gone', async () => {
    const signOut = vi.fn(async () => ({ error: new Error('Failed to fetch') }));
    await expect(
      performSignOut({ signOut } as never, { context, hasStoredSession: () => false, notify }),
    ).resolves.toBe('signed-out');
    expect(notify).not.toHaveBeenCalled();
  });

  it('treats a throwing before-step as a failure, and an after-step failure as done', async () => {
    const throwing = () => {
      throw new Error('boom');
    };
    await expect(
      performSignOut({ signOut: vi.fn() } as never, {
        context,
        hasStoredSession: () => true,
        before: [throwing],
        notify,
      }),
    ).resolves.toBe('failed');
    expect(notify).toHaveBeenCalledWith(SIGN_OUT_FAILED_TOAST);
    const signOut = vi.fn(async () => ({ error: null }));
    await expect(
      performSignOut({ signOut }, { context, hasStoredSession: () => false, after: [throwing], notify }),
    ).resolves.toBe('signed-out');
  });
});
