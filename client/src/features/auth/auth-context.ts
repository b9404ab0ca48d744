// The React context carrying the auth state (filled by <AuthProvider>, read with useAuth()).
import { createContext } from 'react';
import type { AuthState } from './auth-state';

export const AuthContext = createContext<AuthState | null>(null);
