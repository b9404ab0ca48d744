// Deleting an account and everything it owns, in one transaction: for the user themself (DELETE
// /api/account, after their password) and for the operator (`npm run admin -- users delete`).
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

export async function deleteAccount(db: Kysely<DB>, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // The notes trigger turns deletes into moves to the Trash unless this is set for the transaction.
    await sql`SELECT set_config('sprout.hard_delete', 'on', true)`.execute(trx);
    await trx.deleteFrom('notes').where('user_id', '=', userId).execute();
    await trx.deleteFrom('private.user_ai_keys').where('user_id', '=', userId).execute();
    await trx.deleteFrom('refresh_tokens').where('user_id', '=', userId).execute();
    // Their end is announced (migration 006): sockets close, every server's session cache empties.
    await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
    await trx.deleteFrom('users').where('id', '=', userId).execute();
  });
}
