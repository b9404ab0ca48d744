// Auth state and its transitions (spec section 4: loading, signed in, signed out), kept pure so the
// offline rule of ARCHITECTURE 9.1/9.5 is testable: a session supabase-js still holds in storage after
// a refresh failed for lack of network counts as signed in, never as a sign-out.
import type { AuthChangeEvent, Session, User } from '@supabase/auth-js';

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';

/** Why the user is signed out: they chose to ('explicit'), or the server ended the session. */
export type SignedOutReason = 'explicit' | 'session-ended' | null;

export type AuthState =
  | { status: 'loading'; session: null; user: null; offline: false; signedOutReason: null }
  | {
      status: 'signed-in';
      session: Session;
      user: User;
      /** The session comes from storage because the auth server could not be reached; it is refreshed once back online. */
      offline: boolean;
      signedOutReason: null;
    }
  | { status: 'signed-out'; session: null; user: null; offline: false; signedOutReason: SignedOutReason };

export const LOADING_STATE: AuthState = {
  status: 'loading',
  session: null,
  user: null,
  offline: false,
  signedOutReason: null,
};

export function signedIn(session: Session, offline = false): AuthState {
  return { status: 'signed-in', session, user: session.user, offline, signedOutReason: null };
}

export function signedOut(reason: SignedOutReason = null): AuthState {
  return { status: 'signed-out', session: null, user: null, offline: false, signedOutReason: reason };
}

/** How long after a tab began the user's own Sign out another tab's SIGNED_OUT counts as that choice. */
export const SIGN_OUT_ELSEWHERE_MS = 60_000;

/**
 * Whether a SIGNED_OUT this tab did not ask for follows the user's own Sign out in another tab of this
 * browser (`startedAt`: what that tab stored, DEVICE_KEYS.signedOutByUser). Such a sign-out is the user's
 * choice: nothing is kept for a next sign-in, and /login says nothing of an ended session.
 */
export function signedOutByUserElsewhere(startedAt: string | null, now: number): boolean {
  const at = Number(startedAt);
  return startedAt !== null && Number.isFinite(at) && at <= now && now - at <= SIGN_OUT_ELSEWHERE_MS;
}

/** supabase-js refreshes a stored session this close to its expiry before it announces it (its EXPIRY_MARGIN_MS). */
export const SESSION_REFRESH_MARGIN_MS = 90_000;

/**
 * The state a page starts in. A stored session that supabase-js will announce as it is (not due for a
 * refresh) is signed in at once, so a returning user's screens render while the auth client's code is
 * still loading (issue 10); one due for a refresh waits for it, since the refresh may end the session.
 */
export function initialAuthState(stored: Session | null, now: number): AuthState {
  if (!stored) return signedOut();
  if (stored.expires_at !== undefined && stored.expires_at * 1000 - now > SESSION_REFRESH_MARGIN_MS)
    return signedIn(stored);
  return LOADING_STATE;
}

/**
 * `next`, unless it says exactly what `current` already says: supabase-js's first event repeats the
 * session the page started with (an equal copy), and a new state object would render every reader of
 * the session again. A change of the user (USER_UPDATED: same token, new metadata) is a new state.
 */
export function keepIfSame(current: AuthState, next: AuthState): AuthState {
  const same =
    current.status === next.status &&
    current.offline === next.offline &&
    current.signedOutReason === next.signedOutReason &&
    (current.session === next.session || JSON.stringify(current.session) === JSON.stringify(next.session));
  return same ? current : next;
}

/**
 * The state after a supabase-js auth event.
 * @param stored the session still in local storage (supabase-js removes it on a real sign-out or a
 *   rejected refresh, and keeps it when a refresh failed with a retryable network error)
 * @param explicit whether the user asked to sign out (only then is the device's data cleared)
 */
export function nextAuthState(
  event: AuthChangeEvent,
  session: Session | null,
  stored: Session | null,
  explicit: boolean,
): AuthState {
  if (session) return signedIn(session);
  if (event === 'SIGNED_OUT') return signedOut(explicit ? 'explicit' : 'session-ended');
  if (stored) return signedIn(stored, true);
  return signedOut();
}

/** While still loading, a failed auth request lets a stored session through at once (rather than after the auth client's retries). */
export function stateWhenAuthUnreachable(current: AuthState, stored: Session | null): AuthState {
  if (current.status === 'loading' && stored) return signedIn(stored, true);
  return current;
}

/**
 * Whether supabase-js's announced session is already in storage, where a new page (a reload, a typed
 * URL, another tab) will look for it. The app counts as signed in only then: showing the signed-in
 * screens earlier lets a page opened in that window land on /login.
 */
export function sessionIsStored(session: Session, stored: Session | null): boolean {
  return stored !== null && stored.access_token === session.access_token;
}
