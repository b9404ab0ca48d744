// Turns an auth failure into the toast text (spec section 8: the error message or 'Please try
// again.'); a weak-password error also lists the server's reasons (spec section 5).
import { isAuthRetryableFetchError, isAuthWeakPasswordError } from '../../lib/auth-error-kinds';

const REASON_TEXT: Record<string, string> = {
  length: 'too short',
  characters: 'needs more kinds of characters',
  pwned: 'found in a known data breach',
};

export const FALLBACK_ERROR_MESSAGE = 'Please try again.';

export function describeWeakPasswordReasons(reasons: readonly string[]): string {
  return reasons.map((reason) => REASON_TEXT[reason] ?? reason).join(', ');
}

export function authErrorMessage(error: unknown): string {
  // A fetch that never reached the server (supabase-js's retryable error, or our own config fetch).
  if (isAuthRetryableFetchError(error) || error instanceof TypeError) {
    return 'The server could not be reached. Check your connection and try again.';
  }
  if (isAuthWeakPasswordError(error)) {
    const reasons = describeWeakPasswordReasons(error.reasons);
    const message = error.message.trim() || 'The password is too weak.';
    return reasons ? `${message} Reason: ${reasons}.` : message;
  }
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return FALLBACK_ERROR_MESSAGE;
}
