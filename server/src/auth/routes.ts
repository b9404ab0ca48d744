// The GoTrue-compatible auth service at /auth/v1: signup, token (password and refresh_token grants),
// logout with scopes, GET/PUT user. Other GoTrue paths answer a GoTrue-shaped error.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../http/context';
import { authenticate, type Caller } from './authenticate';
import { AuthError, authErrors } from './errors';
import { assertPasswordAcceptable, burnPasswordCheck, hashPassword, verifyPassword } from './passwords';
import { presentSession, presentUser, type UserRow } from './presenters';
import {
  emailSchema,
  logoutQuerySchema,
  passwordGrantBodySchema,
  refreshGrantBodySchema,
  signupBodySchema,
  updateUserBodySchema,
  USER_METADATA_MAX_BYTES,
} from './schemas';
import { endSessions } from './sessions';

const API_VERSION = '2024-01-01';

export async function authRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, signer, refreshTokens, config } = ctx;
  const limits = config.rateLimits;

  app.addHook('onSend', async (_request, reply) => {
    reply.header('X-Supabase-Api-Version', API_VERSION);
  });
  app.setErrorHandler(authErrorHandler);
  app.setNotFoundHandler((request, reply) => {
    sendAuthError(reply, request.method === 'GET' ? authErrors.notFound() : authErrors.notImplemented(request.url.split('?')[0] ?? ''));
  });

  const rateLimit = (max: number, bucket: string) => ({
    rateLimit: {
      max,
      timeWindow: limits.windowMs,
      keyGenerator: (request: FastifyRequest) => `${bucket}:${request.ip}`,
    },
  });

  const issueSession = async (user: UserRow, request: FastifyRequest) => {
    const { sessionId, refreshToken } = await db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ last_sign_in_at: sql<Date>`now()` }).where('id', '=', user.id).execute();
      return refreshTokens.startSession(trx, user.id, { userAgent: request.headers['user-agent'], ip: request.ip });
    });
    const fresh = { ...user, last_sign_in_at: new Date() };
    const access = await signer.signAccessToken({
      userId: user.id,
      email: user.email,
      sessionId,
      userMetadata: user.user_metadata,
    });
    return presentSession(fresh, { accessToken: access.token, expiresAt: access.expiresAt, refreshToken });
  };

  app.post('/signup', { config: rateLimit(limits.signup, 'signup') }, async (request, reply) => {
    const body = parseBody(signupBodySchema, request.body);
    if (body.phone !== undefined && body.email === undefined) {
      throw authErrors.validation('Phone signups are not supported', 422);
    }
    const email = parseEmail(body.email);
    if (!body.password) throw authErrors.validation('Signup requires a valid password', 422);
    assertPasswordAcceptable(body.password);
    const encrypted = await hashPassword(body.password);
    // The embedded server has no mail service: accounts are confirmed at once (ARCHITECTURE 6.3).
    const user = await db
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
    return reply.send(await issueSession(user, request));
  });

  app.post('/token', {
    config: {
      rateLimit: {
        max: (request: FastifyRequest) => (grantType(request) === 'refresh_token' ? limits.tokenRefresh : limits.token),
        timeWindow: limits.windowMs,
        keyGenerator: (request: FastifyRequest) => `token:${grantType(request)}:${request.ip}`,
      },
    },
  }, async (request, reply) => {
    const grant = grantType(request);
    if (grant === 'password') {
      const body = parseBody(passwordGrantBodySchema, request.body);
      if (!body.email || !body.password) {
        throw authErrors.validation('You must provide either an email or phone number and a password');
      }
      const user = await findUserByEmail(body.email);
      if (!user) {
        await burnPasswordCheck(body.password);
        throw authErrors.invalidCredentials();
      }
      if (!(await verifyPassword(user.encrypted_password, body.password))) throw authErrors.invalidCredentials();
      return reply.send(await issueSession(user, request));
    }
    if (grant === 'refresh_token') {
      const body = parseBody(refreshGrantBodySchema, request.body);
      const rotated = await refreshTokens.rotate(db, body.refresh_token);
      const user = await db.selectFrom('users').selectAll().where('id', '=', rotated.userId).executeTakeFirst();
      if (!user) throw authErrors.refreshTokenNotFound();
      const access = await signer.signAccessToken({
        userId: user.id,
        email: user.email,
        sessionId: rotated.sessionId,
        userMetadata: user.user_metadata,
      });
      return reply.send(
        presentSession(user, { accessToken: access.token, expiresAt: access.expiresAt, refreshToken: rotated.refreshToken }),
      );
    }
    throw authErrors.validation(
      grant ? `unsupported_grant_type: ${grant.slice(0, 40)} is not supported by this server` : 'grant_type is required',
    );
  });

  app.post('/logout', async (request, reply) => {
    const caller = await requireCaller(request);
    const query = logoutQuerySchema.safeParse(request.query);
    if (!query.success) throw authErrors.validation('scope must be one of global, local or others');
    await endSessions(db, caller.userId, caller.sessionId, query.data.scope);
    return reply.code(204).send();
  });

  app.get('/user', async (request, reply) => {
    const caller = await requireCaller(request);
    return reply.send(presentUser(await loadUser(caller.userId)));
  });

  app.put('/user', async (request, reply) => {
    const caller = await requireCaller(request);
    const body = parseBody(updateUserBodySchema, request.body);
    const user = await loadUser(caller.userId);
    if (body.email !== undefined && body.email.trim().toLowerCase() !== user.email.toLowerCase()) {
      throw authErrors.validation('Changing the email address is not supported', 422);
    }
    if (body.phone !== undefined && body.phone !== '') throw authErrors.validation('Phone numbers are not supported', 422);

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
      const merged: Record<string, unknown> = { ...user.user_metadata };
      for (const [key, value] of Object.entries(body.data)) {
        if (value === null) delete merged[key];
        else merged[key] = value;
      }
      const serialized = JSON.stringify(merged);
      if (Buffer.byteLength(serialized) > USER_METADATA_MAX_BYTES) {
        throw authErrors.validation(`User metadata must be at most ${USER_METADATA_MAX_BYTES} bytes`, 422);
      }
      changes.user_metadata = serialized;
    }
    if (Object.keys(changes).length === 0) return reply.send(presentUser(user));
    const updated = await db.transaction().execute(async (trx) => {
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
    return reply.send(presentUser(updated));
  });

  async function requireCaller(request: FastifyRequest): Promise<Caller> {
    const result = await authenticate(request, db, signer);
    if (result.ok) return result.caller;
    if (result.problem === 'missing') throw authErrors.noAuthorization();
    if (result.problem === 'session_not_found') throw authErrors.sessionNotFound();
    throw authErrors.badJwt(result.reason);
  }

  async function loadUser(userId: string): Promise<UserRow> {
    const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
    if (!user) throw authErrors.userNotFound();
    return user;
  }

  function findUserByEmail(email: string): Promise<UserRow | undefined> {
    return db
      .selectFrom('users')
      .selectAll()
      .where(sql`lower(email)`, '=', email.trim().toLowerCase())
      .executeTakeFirst();
  }
}

function grantType(request: FastifyRequest): string | undefined {
  const value = (request.query as Record<string, unknown>).grant_type;
  return typeof value === 'string' ? value : undefined;
}

function parseEmail(value: string | undefined): string {
  const parsed = emailSchema.safeParse(value?.trim().toLowerCase());
  if (!parsed.success) {
    throw value ? authErrors.validation('Unable to validate email address: invalid format') : authErrors.validation('An email address is required');
  }
  return parsed.data;
}

function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const result = schema.safeParse(body ?? {});
  if (!result.success) {
    const issue = result.error.issues[0];
    throw authErrors.validation(`${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`);
  }
  return result.data;
}

function sendAuthError(reply: FastifyReply, error: AuthError): void {
  void reply.code(error.status).header('X-Supabase-Api-Version', API_VERSION).send(error.toJSON());
}

function authErrorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply): void {
  if (error instanceof AuthError) return sendAuthError(reply, error);
  const status = (error as { statusCode?: number }).statusCode;
  if (status === 429) return sendAuthError(reply, authErrors.rateLimited());
  const code = (error as { code?: string }).code;
  if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || (error instanceof SyntaxError && status === 400)) {
    return sendAuthError(reply, authErrors.badJson((error as Error).message));
  }
  if (status === 413) return sendAuthError(reply, new AuthError(413, 'request_too_large', 'Request body is too large'));
  if (status === 415) return sendAuthError(reply, new AuthError(415, 'validation_failed', 'Content-Type must be application/json'));
  if (status !== undefined && status >= 400 && status < 500) {
    return sendAuthError(reply, new AuthError(status, 'validation_failed', (error as Error).message));
  }
  request.log.error({ err: error }, 'auth request failed');
  sendAuthError(reply, new AuthError(500, 'unexpected_failure', 'Unexpected failure, please try again later'));
}
