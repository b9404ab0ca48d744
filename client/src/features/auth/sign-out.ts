// The one Sign out of the app (ARCHITECTURE 4 and 9.1): local scope, with hooks other features add
// to, e.g. the notes store syncing first or asking before unsynced changes are lost, and clearing
// the device's copy afterwards. Only this explicit sign-out is reported as 'explicit'.
import type { SupabaseClient } from '@supabase/supabase-js';
import { getSupabase, readStoredSession } from '../../lib/supabase';
import { toast } from '../../lib/toast';

export interface SignOutContext {
  /** The signed-in user's id, if known. */
  userId: string | null;
}

/** Runs before signing out; resolve false to cancel (e.g. the user chose to keep unsynced changes). */
export type BeforeSignOutStep = (context: SignOutContext) => boolean | Promise<boolean>;
/** Runs after a successful sign-out (e.g. deleting this device's copy of the user's notes). */
export type AfterSignOutStep = (context: SignOutContext) => void | Promise<void>;

export type SignOutResult = 'signed-out' | 'cancelled' | 'failed';

const beforeSteps = new Set<BeforeSignOutStep>();
const afterSteps = new Set<AfterSignOutStep>();
let explicitSignOut = false;

export function addBeforeSignOutStep(step: BeforeSignOutStep): () => void {
  beforeSteps.add(step);
  return () => beforeSteps.delete(step);
}

export function addAfterSignOutStep(step: AfterSignOutStep): () => void {
  afterSteps.add(step);
  return () => afterSteps.delete(step);
}

/** True while an explicit sign-out is running: its SIGNED_OUT event is the user's choice. */
export function isExplicitSignOutInProgress(): boolean {
  return explicitSignOut;
}

type AuthClient = Pick<SupabaseClient['auth'], 'signOut'>;

/** Sign-out against a given client; `hasStoredSession` tells whether this device still holds a session. */
export async function performSignOut(
  auth: AuthClient,
  context: SignOutContext,
  hasStoredSession: () => boolean,
): Promise<SignOutResult> {
  try {
    for (const step of beforeSteps) {
      if (!(await step(context))) return 'cancelled';
    }
    explicitSignOut = true;
    const { error } = await auth.signOut({ scope: 'local' });
    // With scope 'local' supabase-js removes the session before telling the server, so a server that
    // cannot be reached still signs this device out: only a session left behind is a failure.
    if (error && hasStoredSession()) throw error;
  } catch (error) {
    console.error('Sign out failed:', error);
    toast({ variant: 'destructive', title: 'Error signing out', description: 'Please try again.' });
    return 'failed';
  } finally {
    explicitSignOut = false;
  }
  for (const step of afterSteps) {
    try {
      await step(context);
    } catch (error) {
      console.error('A step after sign-out failed:', error);
    }
  }
  return 'signed-out';
}

/** Signs the user out of this device. The caller navigates to /login on 'signed-out' (see useSignOut). */
export async function signOut(): Promise<SignOutResult> {
  let auth: AuthClient;
  try {
    auth = (await getSupabase()).auth;
  } catch (error) {
    console.error('Sign out failed:', error);
    toast({ variant: 'destructive', title: 'Error signing out', description: 'Please try again.' });
    return 'failed';
  }
  const userId = readStoredSession()?.user.id ?? null;
  return performSignOut(auth, { userId }, () => readStoredSession() !== null);
}
