// The app's own endpoints under /api: run-time configuration for the client, health, the provider key,
// account deletion and the AI proxy. Errors are JSON `{ error, message }`.
import type { FastifyInstance } from 'fastify';
import { keyRoutes } from '../ai/key-routes';
import { aiRoutes } from '../ai/routes';
import type { AppContext } from '../http/context';
import { accountRoutes } from './account';
import { apiErrorHandler } from './errors';

export async function apiRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.setErrorHandler(apiErrorHandler);

  app.get('/config', async (request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return {
      supabaseUrl: `${request.protocol}://${request.host}`,
      anonKey: ctx.anonKey,
      providerName: ctx.config.ai.providerName,
    };
  });

  app.get('/health', async () => ({ ok: true }));

  await keyRoutes(app, ctx);
  await accountRoutes(app, ctx);
  await aiRoutes(app, ctx);
}
