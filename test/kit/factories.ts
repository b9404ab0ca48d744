// Users and notes for the server integration tests, made one way (cf. outline's server/test/factories.ts):
// through the real sign-up and REST endpoints, as a client makes them; or, for tests of the database's own
// rules, straight into the database. Each test file has its own server and database (test-server.ts), so
// nothing made here outlives the file.
import { randomUUID } from 'node:crypto';
import type { Session, SupabaseClient } from '@supabase/supabase-js';
import { noteRowSchema, type NoteRow } from '../../core/note';
import { EMPTY_CONTENT } from '../../core/note-fields';
import { hashPassword } from '../../server/src/identity/passwords';
import { signedInClient, TEST_PASSWORD, uniqueEmail, type TestServer } from './test-server';

export interface TestUser {
  id: string;
  email: string;
  password: string;
  /** A supabase-js client signed in as the user (no stored session, no background refresh). */
  client: SupabaseClient;
  session: Session;
  /** The session's access token, for requests made without supabase-js. */
  token: string;
}

/** A user signed up through the real endpoint (supabase-js), signed in, with the kit's password. */
export async function buildUser(server: TestServer, options: { email?: string } = {}): Promise<TestUser> {
  const { client, user, session, email } = await signedInClient(server, options.email);
  return { id: user.id, email, password: TEST_PASSWORD, client, session, token: session.access_token };
}

/**
 * A user row written straight into the database: no sign-up, no session, no rate limit spent. Its
 * password signs in when one is given (hashing costs the same as a sign-up's); otherwise none does.
 */
export async function insertUser(
  server: TestServer,
  options: { email?: string; password?: string } = {},
): Promise<{ id: string; email: string }> {
  const email = options.email ?? uniqueEmail();
  const encrypted_password =
    options.password === undefined ? 'no password signs in' : await hashPassword(options.password);
  const { id } = await server.ctx.db
    .insertInto('users')
    .values({ email, encrypted_password })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, email };
}

type NoteOverrides = Partial<NoteRow> & Record<string, unknown>;

/** A note row not yet sent: its id, owner and times are set, any other column may be overridden. */
export type NoteDraft = { id: string; user_id: string; title: string; created_at: string; updated_at: string } & Record<
  string,
  unknown
>;

let clock = Date.parse('2024-05-01T10:00:00.000Z');

/**
 * A note row as the app writes it, not yet sent: a new id, owned by `userId`, and an edit time a minute
 * after the draft before it (so "newest first" has an answer).
 */
export function noteDraft(userId: string, overrides: NoteOverrides = {}): NoteDraft {
  clock += 60_000;
  const at = new Date(clock).toISOString();
  return {
    id: randomUUID(),
    user_id: userId,
    ...EMPTY_CONTENT,
    title: 'An idea',
    content: 'The original idea',
    created_at: at,
    updated_at: at,
    ...overrides,
  };
}

/** Inserts a note draft as `user` through the REST API (supabase-js) and returns the stored row. */
export async function buildNote(
  user: Pick<TestUser, 'id' | 'client'>,
  overrides: NoteOverrides = {},
): Promise<NoteRow> {
  const { data, error } = await user.client.from('notes').insert(noteDraft(user.id, overrides)).select().single();
  if (error) throw new Error(`could not insert a note: ${error.message}`);
  return noteRowSchema.parse(data);
}
