// The history endpoints under /api (docs/api.md, "History"): signed-in users only, their own notes only.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { callerOf } from '../http/authentication';
import type { AppContext } from '../http/context';
import { parseBody } from '../http/parse-body';
import { deleteHistory, listVersions, readVersion, restoreSettings, restoreVersion } from './commands';
import { noteParamsSchema, versionParamsSchema } from './schemas';

const listQuerySchema = z.object({
  before: z
    .string()
    .regex(/^[1-9]\d{0,17}$/, { error: 'before must be a version id' })
    .optional(),
});

export async function historyRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.get('/notes/:id/history', async (request) => {
    const { id } = parseBody(noteParamsSchema, request.params);
    const { before } = parseBody(listQuerySchema, request.query);
    const { userId } = callerOf(request);
    return ctx.asUser.statements(userId, (db) => listVersions(db, userId, id, before ?? null));
  });

  app.get('/notes/:id/history/:versionId', async (request) => {
    const { id, versionId } = parseBody(versionParamsSchema, request.params);
    const { userId } = callerOf(request);
    return ctx.asUser.statements(userId, (db) => readVersion(db, userId, id, versionId));
  });

  app.post('/notes/:id/history/:versionId/restore', async (request) => {
    const { id, versionId } = parseBody(versionParamsSchema, request.params);
    const { userId, sessionId } = callerOf(request);
    return ctx.asUser.transaction(
      userId,
      (trx) => restoreVersion(trx, userId, id, versionId),
      restoreSettings(sessionId),
    );
  });

  app.delete('/notes/:id/history', async (request, reply) => {
    const { id } = parseBody(noteParamsSchema, request.params);
    const { userId } = callerOf(request);
    await ctx.asUser.statements(userId, (db) => deleteHistory(db, userId, id));
    return reply.code(204).send();
  });
}
