// The app's own endpoints under /api: run-time configuration for the client, health, and account
// deletion. Errors are the kernel's JSON `{ error, message }` shape. (The AI endpoints under /api are
// their own surface, ai/, mounted beside this one by app.ts.)
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../http/authentication';
import { checkReadiness } from '../startup/readiness';
import type { AppContext } from '../http/context';
import { parseBody } from '../http/parse-body';
import { publicOrigin } from '../http/public-origin';
import { deleteAccountWithPassword } from './commands';
import { presentClientConfig } from './presenters';
import { deleteAccountBodySchema } from './schemas';

export async function apiRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const limits = ctx.config.rateLimits;

  app.get('/config', async (request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return presentClientConfig(ctx, publicOrigin(ctx.config, request.server));
  });

  // Liveness: the process answers. Cheap on purpose (no database), with the version it runs.
  // Never shed under load (http/load-shedding.ts): a proxy must not take a busy server for a dead one.
  app.get('/health', { config: { shed: false } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { ok: true, version: ctx.version.version, commit: ctx.version.commit };
  });

  // Readiness: 503 while the database or the change feed is not usable (startup/readiness.ts).
  app.get('/ready', async (_request, reply) => {
    // The hub says 'starting' until it listens, so a server that is still starting is not ready.
    const readiness = await checkReadiness({ db: ctx.db, changeFeed: () => app.realtimeHub.feedStatus() });
    reply.header('Cache-Control', 'no-store');
    if (!readiness.ready) reply.code(503).header('Retry-After', '5');
    return readiness;
  });

  app.delete(
    '/account',
    {
      config: {
        auth: 'user',
        // Each attempt checks a password: bound the guesses a stolen access token allows.
        rateLimit: {
          max: limits.verify,
          timeWindow: limits.windowMs,
          keyGenerator: (request) => `account:${callerOf(request).userId}`,
        },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const body = parseBody(deleteAccountBodySchema, request.body);
      await deleteAccountWithPassword(ctx.db, caller.userId, body.current_password);
      ctx.sessions.revoked();
      request.log.info({ userId: caller.userId }, 'account deleted');
      return reply.code(204).send();
    },
  );
}
