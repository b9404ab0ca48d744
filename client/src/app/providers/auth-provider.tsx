// Tracks the session for the whole app from supabase-js (`onAuthStateChange`, which starts with the
// stored session), keeping a stored session while the auth server is unreachable (ARCHITECTURE 9.5).
// It also signs this device out for the SignOutProvider, so that only that SIGNED_OUT counts as the
// user's own ('explicit'): any other one merely hides the device's notes (ARCHITECTURE 9.1).
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import {
  AuthStateProvider,
  initialAuthState,
  keepIfSame,
  nextAuthState,
  sessionIsStored,
  signedIn,
  signedOut,
  signedOutByUserElsewhere,
  stateWhenAuthUnreachable,
  type AuthSignOut,
  type AuthState,
} from '../../data/auth';
import { whenAuthNeeded } from '../../lib/auth-needed';
import { afterContentShown } from '../../lib/first-content';
import { keepBeforeSessionEnds } from '../../lib/session-keepers';
import { DEVICE_KEYS, deviceStorage, readText, writeText } from '../../lib/device-keys';
import {
  getAuthClient,
  onAuthClientRequested,
  onAuthServerUnreachable,
  readStoredSession,
  type AuthClient as FullAuthClient,
} from '../../lib/supabase';

/** If the session is still loading after this long (a hanging server), a stored session is used. */
const LOADING_FALLBACK_MS = 6000;
/** How often, and how long at most, an announced session is looked for in storage before it counts. */
const STORED_POLL_MS = 20;
const STORED_WAIT_MS = 5000;

type AuthClient = Pick<FullAuthClient, 'onAuthStateChange' | 'getSession' | 'signOut'>;

/** The auth client for signing this device out, marked as the user's own sign-out (app-internal). */
const ExplicitSignOutContext = createContext<(() => Promise<AuthSignOut>) | null>(null);

export function useExplicitSignOutClient(): () => Promise<AuthSignOut> {
  const get = useContext(ExplicitSignOutContext);
  if (!get) throw new Error('useExplicitSignOutClient must be used inside <AuthProvider>');
  return get;
}

export interface AuthProviderProps {
  children: ReactNode;
  /** The auth client (supabase-js's by default); rejects when it cannot be built (no anon key, offline). */
  getAuth?: () => Promise<AuthClient>;
}

/**
 * supabase-js's auth client, loaded once it is needed (lib/auth-needed.ts): with a stored session, at once
 * when it is due for a refresh, else once the first screen's content is shown (the app is signed in from
 * storage meanwhile); without one, at the visitor's first interaction, so that /login paints without it
 * (issue 10). Code that needs the client earlier asks for it itself.
 */
const supabaseAuth = (): Promise<AuthClient> =>
  whenAuthNeeded({
    hasStoredSession: () => readStoredSession() !== null,
    sessionKey: DEVICE_KEYS.authSession(),
    onRequested: onAuthClientRequested,
  })
    .then(() =>
      initialAuthState(readStoredSession(), Date.now()).status === 'signed-in' ? afterContentShown() : undefined,
    )
    .then(getAuthClient);

export function AuthProvider({ children, getAuth = supabaseAuth }: AuthProviderProps) {
  // What supabase-js's first event will say, where it can be known from storage: signed out without a
  // session (/login draws its form at once), signed in with one it will not refresh first (the signed-in
  // screens render while its code loads); issue 10.
  const [state, setState] = useState<AuthState>(() => initialAuthState(readStoredSession(), Date.now()));
  // True while this app's own Sign out runs: the SIGNED_OUT it causes is the user's choice.
  const explicitSignOut = useRef(false);
  const [authSource] = useState(() => getAuth);

  useEffect(() => {
    let cancelled = false;
    let unsubscribe = () => {};

    const keepStoredSessionIfLoading = () =>
      setState((current) => stateWhenAuthUnreachable(current, readStoredSession()));
    const offUnreachable = onAuthServerUnreachable(keepStoredSessionIfLoading);
    const fallbackTimer = setTimeout(keepStoredSessionIfLoading, LOADING_FALLBACK_MS);

    authSource()
      .then((auth) => {
        if (cancelled) return;
        let latest = 0;
        let poll: ReturnType<typeof setTimeout> | undefined;
        const { data } = auth.onAuthStateChange((event, session) => {
          const seq = ++latest;
          // The user's Sign out, here or in another tab of this browser (which then clears the device's notes).
          const explicit =
            explicitSignOut.current ||
            (event === 'SIGNED_OUT' && signedOutByUserElsewhere(readText(DEVICE_KEYS.signedOutByUser), Date.now()));
          clearTimeout(poll);
          const apply = () => {
            if (!cancelled && seq === latest)
              setState((current) => keepIfSame(current, nextAuthState(event, session, readStoredSession(), explicit)));
          };
          // A session the server ended: what a screen holds unsaved is saved on the device first, while
          // the signed-in screens and the user's notes are still there (lib/session-check.ts).
          if (event === 'SIGNED_OUT' && !explicit) {
            void keepBeforeSessionEnds().then(apply);
            return;
          }
          // Signed in only once the session is stored (issue 14.11): until then the screens stay as they are.
          if (!session || deviceStorage() === null || sessionIsStored(session, readStoredSession())) return apply();
          const waitUntil = Date.now() + STORED_WAIT_MS;
          const check = () => {
            if (cancelled || seq !== latest) return;
            if (sessionIsStored(session, readStoredSession()) || Date.now() >= waitUntil) apply();
            else poll = setTimeout(check, STORED_POLL_MS);
          };
          poll = setTimeout(check, STORED_POLL_MS);
        });
        unsubscribe = () => {
          clearTimeout(poll);
          data.subscription.unsubscribe();
        };
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
  }, [authSource]);

  // Back online with a session kept from storage: ask supabase-js for the session, which refreshes
  // an expired access token (its ticker would also do so within a minute).
  const offline = state.status === 'signed-in' && state.offline;
  useEffect(() => {
    if (!offline) return;
    const retry = () => {
      void authSource()
        .then((auth) => auth.getSession())
        .catch(() => undefined);
    };
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [offline, authSource]);

  const explicitSignOutClient = useCallback(async (): Promise<AuthSignOut> => {
    const auth = await authSource();
    return {
      signOut: async (options) => {
        explicitSignOut.current = true;
        writeText(DEVICE_KEYS.signedOutByUser, String(Date.now()));
        try {
          return await auth.signOut(options);
        } finally {
          explicitSignOut.current = false;
        }
      },
    };
  }, [authSource]);

  return (
    <ExplicitSignOutContext.Provider value={explicitSignOutClient}>
      <AuthStateProvider state={state}>{children}</AuthStateProvider>
    </ExplicitSignOutContext.Provider>
  );
}
