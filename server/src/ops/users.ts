// The operator's user commands (`npm run admin -- users ...`): list, create, reset a password, delete.
// They run on any open database handle: the admin command's own connection, or a running server's
// (through its admin socket). Ending sessions deletes their rows; the sessions trigger (migration 006)
// then closes their sockets and empties every server's session cache.
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { deleteAccount } from '../identity/delete-account';
import { hashPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../identity/passwords';

export class AdminError extends Error {}

/** A user's notes not deleted (the Trash included), for a query over `users as u`. */
const liveNotes = sql<number>`(SELECT count(*)::int FROM notes n WHERE n.user_id = u.id AND n.deleted_at IS NULL)`;

export interface UserSummary {
  id: string;
  email: string;
  createdAt: string;
  lastSignInAt: string | null;
  /** Notes not deleted (the Trash included). */
  notes: number;
  sessions: number;
}

export async function listUsers(db: Kysely<DB>): Promise<UserSummary[]> {
  const rows = await db
    .selectFrom('users as u')
    .select([
      'u.id',
      'u.email',
      'u.created_at',
      'u.last_sign_in_at',
      liveNotes.as('notes'),
      sql<number>`(SELECT count(*)::int FROM sessions s WHERE s.user_id = u.id)`.as('sessions'),
    ])
    .orderBy('u.created_at')
    .orderBy('u.email')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    createdAt: new Date(row.created_at).toISOString(),
    lastSignInAt: row.last_sign_in_at ? new Date(row.last_sign_in_at).toISOString() : null,
    notes: Number(row.notes),
    sessions: Number(row.sessions),
  }));
}

/** A password given by the operator, or a generated one (printed once by the command). */
export interface PasswordResult {
  email: string;
  /** Set only when the command made it up: the operator hands it to the user. */
  generatedPassword: string | null;
}

export async function createUser(db: Kysely<DB>, email: string, password: string | null): Promise<PasswordResult> {
  const address = normalEmail(email);
  const chosen = password ?? generatePassword();
  checkPassword(chosen);
  const created = await db
    .insertInto('users')
    .values({
      email: address,
      encrypted_password: await hashPassword(chosen),
      user_metadata: '{}',
      email_confirmed_at: sql<Date>`now()`,
    })
    .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!created) throw new AdminError(`A user with the email ${address} already exists.`);
  return { email: address, generatedPassword: password === null ? chosen : null };
}

/** Sets a new password and ends every session of the user, in one transaction. */
export async function resetPassword(
  db: Kysely<DB>,
  email: string,
  password: string | null,
): Promise<PasswordResult & { endedSessions: number }> {
  const address = normalEmail(email);
  const chosen = password ?? generatePassword();
  checkPassword(chosen);
  const encrypted = await hashPassword(chosen);
  const ended = await db.transaction().execute(async (trx) => {
    const user = await trx
      .updateTable('users')
      .set({ encrypted_password: encrypted, updated_at: sql<Date>`now()` })
      .where(sql`lower(email)`, '=', address)
      .returning('id')
      .executeTakeFirst();
    if (!user) throw new AdminError(`No user has the email ${address}.`);
    const sessions = await trx.deleteFrom('sessions').where('user_id', '=', user.id).executeTakeFirst();
    return Number(sessions.numDeletedRows);
  });
  return { email: address, generatedPassword: password === null ? chosen : null, endedSessions: ended };
}

/** Deletes the user and everything they own: notes (the Trash and history too), keys, sessions. */
export async function deleteUser(db: Kysely<DB>, email: string): Promise<{ email: string; notes: number }> {
  const address = normalEmail(email);
  const user = await db
    .selectFrom('users as u')
    .select(['u.id', liveNotes.as('notes')])
    .where(sql`lower(u.email)`, '=', address)
    .executeTakeFirst();
  if (!user) throw new AdminError(`No user has the email ${address}.`);
  await deleteAccount(db, user.id);
  return { email: address, notes: Number(user.notes) };
}

/** The address as stored (lower case); an AdminError when it is not one. */
export function normalEmail(email: string): string {
  const address = email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+$/.test(address) || address.length > 320)
    throw new AdminError(`${email} is not an email address.`);
  return address;
}

export function checkPassword(password: string): void {
  if (password.length < PASSWORD_MIN_LENGTH)
    throw new AdminError(`The password must be at least ${PASSWORD_MIN_LENGTH} characters.`);
  if (password.length > PASSWORD_MAX_LENGTH)
    throw new AdminError(`The password must be at most ${PASSWORD_MAX_LENGTH} characters.`);
}

/** 16 random bytes, readable aloud-ish: 22 characters of base64url. */
function generatePassword(): string {
  return randomBytes(16).toString('base64url');
}
