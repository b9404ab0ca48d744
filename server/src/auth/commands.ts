// What the auth endpoints do, with GoTrue's rules: sign up, sign in with a password, refresh, log out,
// read and update the user. SQL lives here, HTTP does not; refusals are the surface's GoTrue errors.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { z } from 'zod';
import { mergeUserMetadata, USER_METADATA_MAX_BYTES } from '#core/user-metadata';
import { readSignupState } from '../db/instance-settings';
import type { DB, UsersTable } from '../db/schema';
import type { AppContext } from '../http/context';
import { checkJsonValue } from '../http/json-value';
import type { Caller } from '../identity/authenticate';
import {
  burnPasswordCheck,
  hashPassword,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  verifyPassword,
} from '../identity/passwords';
import { authErrors } from './errors';
import {
  emailSchema,
  type logoutQuerySchema,
  type passwordGrantBodySchema,
  type refreshGrantBodySchema,
  type signupBodySchema,
  type updateUserBodySchema,
  USER_METADATA_BOUNDS,
} from './schemas';

export type UserRow = Selectable<UsersTable>;

type Deps = Pick<AppContext, 'db' | 'signer' | 'refreshTokens' | 'sessions'>;
type SignupDeps = Deps & { config: Pick<AppContext['config'], 'disableSignup'> };

/** Who opens a session, kept with it. */
export interface ClientInfo {
  userAgent: string | undefined;
  ip: string | undefined;
}

/** A user and a fresh pair of tokens: what presentSession puts on the wire. */
export interface Session {
  user: UserRow;
  accessToken: string;
  expiresAt: number;
  refreshToken: string;
}

export type LogoutScope = z.infer<typeof logoutQuerySchema>['scope'];

export async function signUp(
  deps: SignupDeps,
  body: z.infer<typeof signupBodySchema>,
  client: ClientInfo,
): Promise<Session> {
  // First, as GoTrue does: a closed instance says so whatever the body holds.
  if (!(await readSignupState(deps.db, deps.config.disableSignup)).open) throw authErrors.signupDisabled();
  if (body.phone !== undefined && body.email === undefined) {
    throw authErrors.validation('Phone signups are not supported', 422);
  }
  const email = parseEmail(body.email);
  if (!body.password) throw authErrors.validation('Signup requires a valid password', 422);
  assertPasswordAcceptable(body.password);
  const encrypted = await hashPassword(body.password);
  // The embedded server has no mail service: accounts are confirmed at once (ARCHITECTURE 6.3).
  const user = await deps.db
    .insertInto('users')
    .values({
      email,
      encrypted_password: encrypted,
      user_metadata: JSON.stringify(body.data ?? {}),
      email_confirmed_at: sql<Date>`now()`,
    })
    .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!user) throw authErrors.userExists();
  return startSession(deps, user, client);
}

export async function signInWithPassword(
  deps: Deps,
  body: z.infer<typeof passwordGrantBodySchema>,
  client: ClientInfo,
): Promise<Session> {
  if (!body.email || !body.password) {
    throw authErrors.validation('You must provide either an email or phone number and a password');
  }
  const user = await deps.db
    .selectFrom('users')
    .selectAll()
    .where(sql`lower(email)`, '=', body.email.trim().toLowerCase())
    .executeTakeFirst();
  if (!user) {
    await burnPasswordCheck(body.password);
    throw authErrors.invalidCredentials();
  }
  if (!(await verifyPassword(user.encrypted_password, body.password))) throw authErrors.invalidCredentials();
  return startSession(deps, user, client);
}

export async function refreshSession(deps: Deps, body: z.infer<typeof refreshGrantBodySchema>): Promise<Session> {
  const rotated = await deps.refreshTokens.rotate(deps.db, body.refresh_token);
  if (rotated.kind === 'not_found') throw authErrors.refreshTokenNotFound();
  if (rotated.kind === 'reused') {
    // The reuse ended the session.
    deps.sessions.revoked();
    throw authErrors.refreshTokenAlreadyUsed();
  }
  const user = await deps.db.selectFrom('users').selectAll().where('id', '=', rotated.userId).executeTakeFirst();
  if (!user) throw authErrors.refreshTokenNotFound();
  const access = await deps.signer.signAccessToken({
    userId: user.id,
    email: user.email,
    sessionId: rotated.sessionId,
    userMetadata: user.user_metadata,
  });
  return { user, accessToken: access.token, expiresAt: access.expiresAt, refreshToken: rotated.refreshToken };
}

export async function endSessions(db: Kysely<DB>, caller: Caller, scope: LogoutScope): Promise<void> {
  let query = db.deleteFrom('sessions').where('user_id', '=', caller.userId);
  if (scope === 'local') query = query.where('id', '=', caller.sessionId);
  if (scope === 'others') query = query.where('id', '<>', caller.sessionId);
  await query.execute();
}

export async function loadUser(db: Kysely<DB>, userId: string): Promise<UserRow> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!user) throw authErrors.userNotFound();
  return user;
}

export async function updateUser(
  db: Kysely<DB>,
  caller: Caller,
  body: z.infer<typeof updateUserBodySchema>,
): Promise<UserRow> {
  const user = await loadUser(db, caller.userId);
  if (body.email !== undefined && body.email.trim().toLowerCase() !== user.email.toLowerCase()) {
    throw authErrors.validation('Changing the email address is not supported', 422);
  }
  if (body.phone !== undefined && body.phone !== '')
    throw authErrors.validation('Phone numbers are not supported', 422);

  const changes: { encrypted_password?: string; user_metadata?: string } = {};
  if (body.password !== undefined) {
    if (!body.current_password) throw authErrors.currentPasswordRequired();
    if (!(await verifyPassword(user.encrypted_password, body.current_password))) {
      throw authErrors.currentPasswordMismatch();
    }
    assertPasswordAcceptable(body.password);
    if (body.password === body.current_password) throw authErrors.samePassword();
    changes.encrypted_password = await hashPassword(body.password);
  }
  if (body.data) {
    // GoTrue merges: a key set to null is removed, others are replaced.
    const merged = mergeUserMetadata(user.user_metadata, body.data);
    if (checkJsonValue(merged, USER_METADATA_BOUNDS)) {
      throw authErrors.validation(`User metadata must be at most ${USER_METADATA_MAX_BYTES} bytes`, 422);
    }
    changes.user_metadata = JSON.stringify(merged);
  }
  if (Object.keys(changes).length === 0) return user;
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('users')
      .set({ ...changes, updated_at: sql<Date>`now()` })
      .where('id', '=', user.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    // A new password ends every other session, as a password change should.
    if (changes.encrypted_password) {
      await trx.deleteFrom('sessions').where('user_id', '=', user.id).where('id', '<>', caller.sessionId).execute();
    }
    return row;
  });
}

async function startSession(deps: Deps, user: UserRow, client: ClientInfo): Promise<Session> {
  const { sessionId, refreshToken } = await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ last_sign_in_at: sql<Date>`now()` })
      .where('id', '=', user.id)
      .execute();
    return deps.refreshTokens.startSession(trx, user.id, client);
  });
  const access = await deps.signer.signAccessToken({
    userId: user.id,
    email: user.email,
    sessionId,
    userMetadata: user.user_metadata,
  });
  return {
    user: { ...user, last_sign_in_at: new Date() },
    accessToken: access.token,
    expiresAt: access.expiresAt,
    refreshToken,
  };
}

function parseEmail(value: string | undefined): string {
  const parsed = emailSchema.safeParse(value?.trim().toLowerCase());
  if (!parsed.success) {
    throw value
      ? authErrors.validation('Unable to validate email address: invalid format')
      : authErrors.validation('An email address is required');
  }
  return parsed.data;
}

/** GoTrue's password rule: weak_password (422, with reasons) when too short. */
function assertPasswordAcceptable(password: string): void {
  if ([...password].length < PASSWORD_MIN_LENGTH) {
    throw authErrors.weakPassword(`Password should be at least ${PASSWORD_MIN_LENGTH} characters.`, ['length']);
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    throw authErrors.validation(`Password cannot be longer than ${PASSWORD_MAX_LENGTH} characters`, 422);
  }
}
