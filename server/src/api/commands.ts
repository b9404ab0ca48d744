// What the /api endpoints do: account deletion, checked against the current password, removes the user,
// their sessions and refresh tokens, every note (hard-deleted, no tombstones) and their stored AI key.
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { ApiError, apiErrors } from '../http/errors/json-errors';
import { deleteAccount } from '../identity/delete-account';
import { verifyPassword } from '../identity/passwords';

export async function deleteAccountWithPassword(
  db: Kysely<DB>,
  userId: string,
  currentPassword: string,
): Promise<void> {
  const user = await db.selectFrom('users').select('encrypted_password').where('id', '=', userId).executeTakeFirst();
  if (!user) throw apiErrors.unauthorized('Your account no longer exists.');
  if (!(await verifyPassword(user.encrypted_password, currentPassword))) {
    throw new ApiError(400, 'current_password_mismatch', 'Current password does not match.');
  }
  await deleteAccount(db, userId);
}
