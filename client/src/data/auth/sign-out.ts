// The explicit Sign out's steps (ARCHITECTURE 4 and 9.1): the steps before it (e.g. the notes syncing
// first, or asking before unsynced changes are lost), signing out of this device with scope 'local',
// and the steps after it (e.g. clearing this device's copy of the user's notes). app/ composes them.
import type { AuthClient } from '../../lib/supabase';
import { toast, type ToastInput } from '../../lib/toast';

export interface SignOutContext {
  /** The signed-in user's id, if known. */
  userId: string | null;
}

/** Runs before signing out; resolve false to cancel (e.g. the user chose to keep unsynced changes). */
export type BeforeSignOutStep = (context: SignOutContext) => boolean | Promise<boolean>;
/** Runs after a successful sign-out (e.g. deleting this device's copy of the user's notes). */
export type AfterSignOutStep = (context: SignOutContext) => void | Promise<void>;

export type SignOutResult = 'signed-out' | 'cancelled' | 'failed';

export type AuthSignOut = Pick<AuthClient, 'signOut'>;

export interface SignOutOptions {
  context: SignOutContext;
  /** Whether this device still holds a session (read after a failed sign-out). */
  hasStoredSession: () => boolean;
  before?: readonly BeforeSignOutStep[];
  after?: readonly AfterSignOutStep[];
  /** Shows the failure toast ('Error signing out: Please try again.'). */
  notify?: (toast: ToastInput) => void;
}

export const SIGN_OUT_FAILED_TOAST: ToastInput = {
  variant: 'destructive',
  title: 'Error signing out',
  description: 'Please try again.',
};

/** Signs out of this device with `auth` (its client), running the steps around it. */
export async function performSignOut(auth: AuthSignOut, options: SignOutOptions): Promise<SignOutResult> {
  const { context, hasStoredSession, before = [], after = [], notify = toast } = options;
  try {
    for (const step of before) {
      if (!(await step(context))) return 'cancelled';
    }
    const { error } = await auth.signOut({ scope: 'local' });
    // With scope 'local' supabase-js removes the session before telling the server, so a server that
    // cannot be reached still signs this device out: only a session left behind is a failure.
    if (error && hasStoredSession()) throw error;
  } catch (error) {
    console.error('Sign out failed:', error);
    notify(SIGN_OUT_FAILED_TOAST);
    return 'failed';
  }
  for (const step of after) {
    try {
      await step(context);
    } catch (error) {
      console.error('A step after sign-out failed:', error);
    }
  }
  return 'signed-out';
}
