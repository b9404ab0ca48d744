// Sign out, then go to /login (spec section 2: after sign-out the user is navigated to /login).
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { signOut, type SignOutResult } from './sign-out';

export function useSignOut(): () => Promise<SignOutResult> {
  const navigate = useNavigate();
  return useCallback(async () => {
    const result = await signOut();
    if (result === 'signed-out') await navigate('/login', { replace: true });
    return result;
  }, [navigate]);
}
