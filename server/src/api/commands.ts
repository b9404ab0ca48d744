// What the /api endpoints do: account deletion, checked against the current password, removes the user,
// their sessions and refresh tokens, every note (hard-deleted, no tombstones) and their stored AI key.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { ApiError, apiErrors } from '../http/errors/json-errors';
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

async function deleteAccount(db: Kysely<DB>, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // The notes trigger turns deletes into moves to the Trash unless this is set for the transaction.
    await sql`SELECT set_config('sprout.hard_delete', 'on', true)`.execute(trx);
    await trx.deleteFrom('notes').where('user_id', '=', userId).execute();
    await trx.deleteFrom('user_ai_keys').where('user_id', '=', userId).execute();
    await trx.deleteFrom('refresh_tokens').where('user_id', '=', userId).execute();
    await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
    await trx.deleteFrom('users').where('id', '=', userId).execute();
  });
}
