// The current auth state: status ('loading' | 'signed-in' | 'signed-out'), session, user, offline.
import { useContext } from 'react';
import { AuthContext } from './auth-context';
import type { AuthState } from './auth-state';

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth must be used inside <AuthProvider>');
  return state;
}
