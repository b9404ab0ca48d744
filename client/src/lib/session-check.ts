// What the app does when the server refuses the session's token (a 401 from the REST API, a realtime join
// refused): the session may have ended on the server, signed out everywhere or its password changed on
// another device. supabase-js would learn it only at its next refresh, up to an hour later (and keeps a
// session whose refresh fails while its access token has not expired), so until then the sync was refused
// on every try, quietly, with changes waiting on the device. The check asks the auth server at once: a
// refresh it grants gives the requests a new token; one it refuses ends the session on this device, as
// supabase-js's own SIGNED_OUT, which the app shows as a session that ended (data/auth/auth-state.ts) and
// which keeps the device's notes and changes for the next sign-in. What a screen holds unsaved (an edit
// form's text) is saved on the device before the app lets such a SIGNED_OUT through (session-keepers.ts,
// run by the auth provider, whoever ended the session: this check or supabase-js's own refresh). Loaded
// with the first refused request (lib/supabase.ts), not with the start.
import type { GoTrueClient } from '@supabase/auth-js';
import { isAuthApiError } from './auth-error-kinds';

/** At most one check per this long, however many requests are refused meanwhile. */
export const SESSION_CHECK_GAP_MS = 30_000;

export type SessionCheckAuth = Pick<GoTrueClient, 'refreshSession' | 'signOut'>;

/**
 * 'renewed': the auth server gave a new token. 'ended': it refused the session, now signed out here.
 * 'unknown': it could not be asked (offline, its own failure, a rate limit); the session stays.
 * 'skipped': a check ran less than the gap ago.
 */
export type SessionCheckOutcome = 'renewed' | 'ended' | 'unknown' | 'skipped';

export interface SessionCheckOptions {
  now?: () => number;
  gapMs?: number;
}

/** The check for one auth client: concurrent calls share a running check, later ones wait for the gap. */
export function createSessionCheck(
  auth: SessionCheckAuth,
  { now = Date.now, gapMs = SESSION_CHECK_GAP_MS }: SessionCheckOptions = {},
): () => Promise<SessionCheckOutcome> {
  let running: Promise<SessionCheckOutcome> | null = null;
  let last = -Infinity;
  return () => {
    if (running) return running;
    if (now() - last < gapMs) return Promise.resolve('skipped');
    last = now();
    running = checkSession(auth).finally(() => {
      running = null;
    });
    return running;
  };
}

async function checkSession(auth: SessionCheckAuth): Promise<SessionCheckOutcome> {
  let error: unknown;
  try {
    const result = await auth.refreshSession();
    if (!result.error && result.data.session) return 'renewed';
    error = result.error;
  } catch (thrown) {
    error = thrown;
  }
  if (!refusedByAuthServer(error)) return 'unknown';
  // Scope 'local': the session is gone on the server already; supabase-js removes it here and says SIGNED_OUT.
  await auth.signOut({ scope: 'local' });
  return 'ended';
}

/**
 * The auth server answered and refused the refresh token (not found, already used, its session ended, the
 * user banned: 400 to 403), not a lost network, a timeout, a rate limit or a failure of its own.
 */
export function refusedByAuthServer(error: unknown): boolean {
  return (
    isAuthApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429
  );
}
