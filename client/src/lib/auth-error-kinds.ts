// auth-js's error predicates, without loading auth-js: the login screen tells its errors apart before
// (and without) the auth client's code (issue 10). They test what auth-js's own predicates test: its
// `__isAuthError` mark and the error's name.
import type { AuthApiError, AuthRetryableFetchError, AuthWeakPasswordError } from '@supabase/auth-js';

function isAuthErrorNamed(error: unknown, name: string): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    '__isAuthError' in error &&
    (error as { name?: unknown }).name === name
  );
}

export const isAuthApiError = (error: unknown): error is AuthApiError => isAuthErrorNamed(error, 'AuthApiError');
export const isAuthRetryableFetchError = (error: unknown): error is AuthRetryableFetchError =>
  isAuthErrorNamed(error, 'AuthRetryableFetchError');
export const isAuthWeakPasswordError = (error: unknown): error is AuthWeakPasswordError =>
  isAuthErrorNamed(error, 'AuthWeakPasswordError');
