// The provider key endpoints: whether a key is available (public), and the user's own key, stored
// encrypted and write-only: only its last 4 characters are ever shown back.
import type { FastifyInstance } from 'fastify';
import { callerOf, optionalCaller, requireUser } from '../api/auth';
import { parseBody } from '../api/errors';
import type { AppContext } from '../http/context';
import { deleteUserApiKey, loadUserApiKey, presentKeyStatus, saveUserApiKey } from './key-store';
import { putKeyBodySchema } from './schemas';

export async function keyRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const authenticateUser = requireUser(ctx);
  const hasServerKey = Boolean(ctx.config.ai.serverKey);

  // The spec's path. Unlike the original it never returns the key (ARCHITECTURE 6.1).
  app.get('/openrouter-key', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const caller = await optionalCaller(request, ctx);
    const stored = caller ? await loadUserApiKey(ctx, caller.userId, request.log) : null;
    return presentKeyStatus(hasServerKey, stored);
  });

  app.put('/ai/key', { onRequest: authenticateUser }, async (request, reply) => {
    const { apiKey } = parseBody(putKeyBodySchema, request.body);
    const saved = await saveUserApiKey(ctx, callerOf(request).userId, apiKey);
    reply.header('Cache-Control', 'no-store');
    return presentKeyStatus(hasServerKey, saved);
  });

  app.delete('/ai/key', { onRequest: authenticateUser }, async (request, reply) => {
    await deleteUserApiKey(ctx, callerOf(request).userId);
    return reply.code(204).send();
  });
}
