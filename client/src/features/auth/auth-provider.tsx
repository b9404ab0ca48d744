// Tracks the session for the whole app from supabase-js (`onAuthStateChange`, which starts with the
// stored session), keeping a stored session while the auth server is unreachable (ARCHITECTURE 9.5).
import { useEffect, useState, type ReactNode } from 'react';
import { getSupabase, onAuthServerUnreachable, readStoredSession } from '../../lib/supabase';
import { AuthContext } from './auth-context';
import { LOADING_STATE, nextAuthState, signedIn, signedOut, stateWhenAuthUnreachable, type AuthState } from './auth-state';
import { isExplicitSignOutInProgress } from './sign-out';

/** If the session is still loading after this long (a hanging server), a stored session is used. */
const LOADING_FALLBACK_MS = 6000;

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>(LOADING_STATE);

  useEffect(() => {
    let cancelled = false;
    let unsubscribe = () => {};

    const keepStoredSessionIfLoading = () => setState((current) => stateWhenAuthUnreachable(current, readStoredSession()));
    const offUnreachable = onAuthServerUnreachable(keepStoredSessionIfLoading);
    const fallbackTimer = setTimeout(keepStoredSessionIfLoading, LOADING_FALLBACK_MS);

    getSupabase()
      .then((client) => {
        if (cancelled) return;
        const { data } = client.auth.onAuthStateChange((event, session) => {
          setState(nextAuthState(event, session, readStoredSession(), isExplicitSignOutInProgress()));
        });
        unsubscribe = () => data.subscription.unsubscribe();
      })
      .catch((error: unknown) => {
        // No anon key stored and /api/config unreachable: only a stored session can sign us in.
        console.warn('Could not start the auth client:', error);
        if (cancelled) return;
        const stored = readStoredSession();
        setState(stored ? signedIn(stored, true) : signedOut());
      });

    return () => {
      cancelled = true;
      clearTimeout(fallbackTimer);
      offUnreachable();
      unsubscribe();
    };
  }, []);

  // Back online with a session kept from storage: ask supabase-js for the session, which refreshes
  // an expired access token (its ticker would also do so within a minute).
  const offline = state.status === 'signed-in' && state.offline;
  useEffect(() => {
    if (!offline) return;
    const retry = () => {
      void getSupabase()
        .then((client) => client.auth.getSession())
        .catch(() => undefined);
    };
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [offline]);

  return <AuthContext.Provider value={state}>{children}</AuthContext.Provider>;
}
