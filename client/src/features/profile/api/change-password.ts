// Changing the password (PUT /auth/v1/user with `current_password`, ARCHITECTURE 6.2): the server checks
// the current one; a failure reads as the spec's texts.
import { useMutation } from '@tanstack/react-query';
import { isAuthApiError } from '../../../lib/auth-error-kinds';
import { authErrorMessage } from '../../../data/auth';
import { getAuthClient } from '../../../lib/supabase';
import { PASSWORD_MESSAGES } from '../profile-fields';

/** The toast text for a failed password change. */
export function passwordChangeErrorMessage(error: unknown): string {
  if (isAuthApiError(error)) {
    if (error.code === 'current_password_mismatch') return PASSWORD_MESSAGES.wrongCurrent;
    if (error.code === 'current_password_required') return PASSWORD_MESSAGES.currentRequired;
    if (error.code === 'same_password') return PASSWORD_MESSAGES.samePassword;
  }
  return authErrorMessage(error);
}

/** Changes the password; the server checks the current one. Throws the auth error. */
export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  const { error } = await (
    await getAuthClient()
  ).updateUser({ password: newPassword, current_password: currentPassword });
  if (error) throw error;
}

export function useChangePassword() {
  return useMutation({
    mutationFn: ({ current, next }: { current: string; next: string }) => changePassword(current, next),
  });
}
