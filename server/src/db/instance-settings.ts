// The instance's own settings (migrations/014): what its operator changes with `npm run admin` while
// servers run. Read where they are used, never cached, so every server on one database agrees at once.
import { sql, type Kysely } from 'kysely';
import type { DB } from './schema';

/** Whether new accounts may be created, and what decided it. */
export interface SignupState {
  open: boolean;
  /** `env`: DISABLE_SIGNUP, which wins over the stored setting; `setting`: `admin signup close|open`. */
  source: 'env' | 'setting' | 'default';
}

/** `disableSignup` is DISABLE_SIGNUP, when set. */
export async function readSignupState(db: Kysely<DB>, disableSignup: boolean | undefined): Promise<SignupState> {
  if (disableSignup !== undefined) return { open: !disableSignup, source: 'env' };
  const row = await db
    .selectFrom('private.instance_settings')
    .select('value')
    .where('name', '=', 'signup')
    .executeTakeFirst();
  if (!row) return { open: true, source: 'default' };
  return { open: (row.value as { open?: unknown }).open !== false, source: 'setting' };
}

export async function writeSignupOpen(db: Kysely<DB>, open: boolean): Promise<void> {
  const value = JSON.stringify({ open });
  await db
    .insertInto('private.instance_settings')
    .values({ name: 'signup', value })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value, updated_at: sql<Date>`now()` }))
    .execute();
}
