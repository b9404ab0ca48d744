// Deleting the account (DELETE /api/account, with the current password): the server deletes the user,
// the sessions, every note and the stored key; then this device forgets the user too.
import { useMutation } from '@tanstack/react-query';
import { useForgetAiPreferences } from '../../../data/ai-preferences';
import { useResetAiConnection } from '../../../data/ai-connection';
import { useNotesSession } from '../../../data/notes';
import { authorizedFetch } from '../../../lib/authorized-fetch';
import { clearUserData } from '../../../lib/device-storage';
import { forgetTrashRetention } from '../../../data/trash-retention';

/** The server refused the current password. */
export class WrongPasswordError extends Error {
  override readonly name = 'WrongPasswordError';
}

/** Deletes the account and every note on the server. Throws WrongPasswordError or an Error. */
export async function deleteAccount(currentPassword: string): Promise<void> {
  const response = await authorizedFetch('/api/account', {
    method: 'DELETE',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ current_password: currentPassword }),
  });
  if (response.status === 204 || response.ok) return;
  let code: unknown = null;
  try {
    code = ((await response.json()) as { error?: unknown }).error;
  } catch {
    // not JSON: reported below by status
  }
  if (code === 'current_password_mismatch') throw new WrongPasswordError('current_password_mismatch');
  throw new Error(`DELETE /api/account answered ${response.status}`);
}

/**
 * Deletes the account of `userId`, then removes what this device holds of the user: notes, note
 * activity, the profile copy, AI preferences, a Trash retention not yet sent and the connection status.
 * The caller signs out.
 */
export function useDeleteAccount(userId: string) {
  const notes = useNotesSession();
  const forgetAiPreferences = useForgetAiPreferences();
  const resetAiConnection = useResetAiConnection();
  return useMutation({
    mutationFn: (currentPassword: string) => deleteAccount(currentPassword),
    onSuccess: async () => {
      try {
        if (notes?.userId === userId) await notes.clearDevice();
      } catch (error) {
        console.warn('Clearing the notes on this device failed:', error);
      }
      clearUserData(userId);
      forgetAiPreferences(userId);
      forgetTrashRetention(userId);
      resetAiConnection();
    },
  });
}
