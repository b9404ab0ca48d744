// Protected-route guard (spec section 2): a centred spinner while the session loads, and visitors
// sent to /login (history entry replaced) with the page they wanted, to come back to after sign-in.
import { Navigate, Outlet, useLocation, type Location } from 'react-router';
import { FullPageSpinner } from '../../components/ui/spinner';
import { useAuth, type SignedOutReason } from '../../data/auth';

export interface LoginRedirectState {
  from?: { pathname: string; search?: string; hash?: string };
  /** The server ended the session (signed out everywhere, the password changed elsewhere): /login says so. */
  sessionEnded?: boolean;
}

export function RequireAuth() {
  const { status, signedOutReason } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <FullPageSpinner minHeight="min-h-svh" />;
  if (status === 'signed-out')
    return <Navigate to="/login" replace state={loginRedirectState(signedOutReason, location)} />;
  return <Outlet />;
}

/**
 * What /login is told about the page the guard stopped. After the user's own Sign out nothing: the next
 * sign-in starts at the dashboard, as it would once Sign out's own step to /login lands (it waits for the
 * device's notes to be cleared, and a quick sign-in must not race it back to the page just left).
 */
export function loginRedirectState(
  reason: SignedOutReason,
  location: Pick<Location, 'pathname' | 'search' | 'hash'>,
): LoginRedirectState | null {
  if (reason === 'explicit') return null;
  const from = { pathname: location.pathname, search: location.search, hash: location.hash };
  return reason === 'session-ended' ? { from, sessionEnded: true } : { from };
}

/** The state of the page a sign-in on /login lands on: its lists wait for the account's first pull. */
export const SIGNED_IN_HERE = Object.freeze({ signedInHere: true });

/** Whether a page's location state says a sign-in on /login landed on it (SIGNED_IN_HERE). */
export function signedInHere(state: unknown): boolean {
  return (state as { signedInHere?: unknown } | null)?.signedInHere === true;
}

/** Where to go after signing in: the page the guard stopped, else /. Never back to /login itself. */
export function afterLoginPath(state: unknown): string {
  const from = (state as LoginRedirectState | null)?.from;
  if (!from || typeof from.pathname !== 'string' || !from.pathname.startsWith('/') || from.pathname.startsWith('//'))
    return '/';
  if (from.pathname === '/login') return '/';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
