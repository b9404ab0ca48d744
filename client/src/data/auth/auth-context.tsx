// How screens reach the session: who is signed in (useAuth) and the app's one Sign out (useSignOut).
// app/ owns both (its AuthProvider follows supabase-js, its SignOutProvider adds the notes steps) and
// hands them down through the providers below; tests render these with their own values.
import { createContext, useContext, type ReactNode } from 'react';
import type { AuthState } from './auth-state';
import type { SignOutResult } from './sign-out';

const AuthContext = createContext<AuthState | null>(null);

export function AuthStateProvider({ state, children }: { state: AuthState; children: ReactNode }) {
  return <AuthContext.Provider value={state}>{children}</AuthContext.Provider>;
}

/** The current auth state: status ('loading' | 'signed-in' | 'signed-out'), session, user, offline. */
export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth must be used inside <AuthProvider>');
  return state;
}

/** The signed-in user's id (null while the session loads or when signed out). */
export function useUserId(): string | null {
  return useAuth().user?.id ?? null;
}

/** Signs the user out of this device; resolves with how it went (the caller navigates to /login). */
export type SignOutAction = () => Promise<SignOutResult>;

const SignOutContext = createContext<SignOutAction | null>(null);

export function SignOutActionProvider({ signOut, children }: { signOut: SignOutAction; children: ReactNode }) {
  return <SignOutContext.Provider value={signOut}>{children}</SignOutContext.Provider>;
}

/** The app's one Sign out (ARCHITECTURE 4 and 9.1): syncs first, asks before losing changes, clears this device. */
export function useSignOut(): SignOutAction {
  const signOut = useContext(SignOutContext);
  if (!signOut) throw new Error('useSignOut must be used inside <SignOutProvider>');
  return signOut;
}
