// The GoTrue-compatible auth service at /auth/v1: signup, token (password and refresh_token grants),
// logout with scopes, GET/PUT user, the public settings. Other GoTrue paths answer a GoTrue-shaped error. HTTP only: each
// route parses its input, calls a command (commands.ts) and presents the result (presenters.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf } from '../http/authentication';
import type { AppContext } from '../http/context';
import { GOTRUE_API_VERSION } from '../http/errors/gotrue-errors';
import { parseBody } from '../http/parse-body';
import {
  endSessions,
  loadUser,
  refreshSession,
  signInWithPassword,
  signUp,
  updateUser,
  type ClientInfo,
} from './commands';
import { authErrors } from './errors';
import { presentSession, presentSettings, presentUser } from './presenters';
import { readSignupState } from '../db/instance-settings';
import {
  logoutQuerySchema,
  passwordGrantBodySchema,
  refreshGrantBodySchema,
  signupBodySchema,
  updateUserBodySchema,
} from './schemas';

export async function authRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, config } = ctx;
  const limits = config.rateLimits;

  app.addHook('onSend', async (_request, reply) => {
    reply.header('X-Supabase-Api-Version', GOTRUE_API_VERSION);
    // Sessions, tokens and users: never kept by a browser's or a proxy's cache.
    reply.header('Cache-Control', 'no-store');
  });
  app.setNotFoundHandler(async (request, reply) => {
    const path = (request.url.split('?')[0] ?? '').replace(/^\/auth\/v1/, '').replace(/\/$/, '');
    const allowed = ROUTE_METHODS[path];
    if (allowed) {
      // A path this server serves, asked with another method: GoTrue's router answers 405.
      reply.header('Allow', allowed.join(', '));
      throw authErrors.methodNotAllowed(request.method);
    }
    throw request.method === 'GET' ? authErrors.notFound() : authErrors.notSupported(request.url.split('?')[0] ?? '');
  });

  const rateLimit = (max: number, bucket: string) => ({
    rateLimit: {
      max,
      timeWindow: limits.windowMs,
      keyGenerator: (request: FastifyRequest) => `${bucket}:${request.ip}`,
    },
  });

  app.post('/signup', { config: rateLimit(limits.signup, 'signup') }, async (request, reply) => {
    const body = parseBody(signupBodySchema, request.body);
    return reply.send(presentSession(await signUp(ctx, body, clientOf(request))));
  });

  // GoTrue's public settings: what a sign-in screen may offer (the client hides Sign Up when it is closed).
  app.get('/settings', async (_request, reply) => {
    const signup = await readSignupState(db, config.disableSignup);
    return reply.send(presentSettings(signup.open));
  });

  app.post(
    '/token',
    {
      config: {
        rateLimit: {
          max: (request: FastifyRequest) =>
            grantType(request) === 'refresh_token' ? limits.tokenRefresh : limits.token,
          timeWindow: limits.windowMs,
          keyGenerator: (request: FastifyRequest) => `token:${grantType(request)}:${request.ip}`,
        },
      },
    },
    async (request, reply) => {
      const grant = grantType(request);
      if (grant === 'password') {
        const body = parseBody(passwordGrantBodySchema, request.body);
        return reply.send(presentSession(await signInWithPassword(ctx, body, clientOf(request))));
      }
      if (grant === 'refresh_token') {
        const body = parseBody(refreshGrantBodySchema, request.body);
        return reply.send(presentSession(await refreshSession(ctx, body)));
      }
      throw authErrors.validation(
        grant
          ? `unsupported_grant_type: ${grant.slice(0, 40)} is not supported by this server`
          : 'grant_type is required',
      );
    },
  );

  app.post('/logout', { config: { auth: 'user' } }, async (request, reply) => {
    const query = logoutQuerySchema.safeParse(request.query);
    if (!query.success) throw authErrors.validation('scope must be one of global, local or others');
    await endSessions(db, callerOf(request), query.data.scope);
    ctx.sessions.revoked();
    return reply.code(204).send();
  });

  app.get('/user', { config: { auth: 'user' } }, async (request, reply) => {
    return reply.send(presentUser(await loadUser(db, callerOf(request).userId)));
  });

  app.put(
    '/user',
    {
      config: {
        auth: 'user',
        // Each password change checks the current password: bound the guesses a stolen access token allows
        // (counted after the body is read, and only for requests that carry a password).
        rateLimit: {
          max: limits.verify,
          timeWindow: limits.windowMs,
          hook: 'preHandler',
          allowList: (request: FastifyRequest) => !carriesPassword(request.body),
          keyGenerator: (request: FastifyRequest) => `password-check:${callerOf(request).userId}`,
        },
      },
    },
    async (request, reply) => {
      const body = parseBody(updateUserBodySchema, request.body);
      const user = await updateUser(db, callerOf(request), body);
      // A new password ended the user's other sessions.
      if (body.password !== undefined) ctx.sessions.revoked();
      return reply.send(presentUser(user));
    },
  );
}

/** The methods of each path this surface serves; another method there is a 405. */
const ROUTE_METHODS: Record<string, string[]> = {
  '/signup': ['POST'],
  '/settings': ['GET', 'HEAD'],
  '/token': ['POST'],
  '/logout': ['POST'],
  '/user': ['GET', 'HEAD', 'PUT'],
};

function carriesPassword(body: unknown): boolean {
  return typeof body === 'object' && body !== null && (body as { password?: unknown }).password != null;
}

function grantType(request: FastifyRequest): string | undefined {
  const value = (request.query as Record<string, unknown>).grant_type;
  return typeof value === 'string' ? value : undefined;
}

function clientOf(request: FastifyRequest): ClientInfo {
  return { userAgent: request.headers['user-agent'], ip: request.ip };
}
