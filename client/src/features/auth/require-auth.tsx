// Protected-route guard (spec section 2): a centred spinner while the session loads, and visitors
// sent to /login (history entry replaced) with the page they wanted, to come back to after sign-in.
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageSpinner } from '../../components/ui/spinner';
import { useAuth } from '../../data/auth';

export interface LoginRedirectState {
  from?: { pathname: string; search?: string; hash?: string };
}

export function RequireAuth() {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <FullPageSpinner minHeight="min-h-svh" />;
  if (status === 'signed-out') {
    const state: LoginRedirectState = { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
    return <Navigate to="/login" replace state={state} />;
  }
  return <Outlet />;
}

/** Where to go after signing in: the page the guard stopped, else /. Never back to /login itself. */
export function afterLoginPath(state: unknown): string {
  const from = (state as LoginRedirectState | null)?.from;
  if (!from || typeof from.pathname !== 'string' || !from.pathname.startsWith('/') || from.pathname.startsWith('//')) return '/';
  if (from.pathname === '/login') return '/';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
