// The assistant's endpoints under /api (docs/api.md, "The assistant and your notes"): signed-in users,
// their own index only.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { callerOf } from '../../http/authentication';
import type { AppContext } from '../../http/context';
import { parseBody } from '../../http/parse-body';
import { normalizeTags } from '#core/tags';
import { NOTE_LIMITS } from '#core/note';
import { assistantStatus, relatedNotes, saveAssistantSettings, searchByMeaning, suggestPlanTags } from './commands';
import { PLAN_CHARS_IN_PROMPT, TAGS_IN_PROMPT } from './tag-suggestions';
import type { Assistant } from './service';

/** The longest query embedded: a question, not a document. */
export const SEARCH_QUERY_CHARS = 500;

const settingsSchema = z.strictObject({ enabled: z.boolean(), leaveOutArchived: z.boolean().optional() });
const noteParamsSchema = z.object({ id: z.uuid({ error: 'id must be a note id' }) });
const searchSchema = z.strictObject({
  query: z
    .string()
    .trim()
    .min(1, { error: 'query must not be empty' })
    .max(SEARCH_QUERY_CHARS, { error: `query must be at most ${SEARCH_QUERY_CHARS} characters` }),
  limit: z.number().int().min(1).max(50).default(10),
});

// The plan's text is cut to what the prompt reads; a device's tag list is taken as far as the prompt uses it.
const suggestTagsSchema = z.strictObject({
  title: z.string().max(NOTE_LIMITS.title),
  text: z
    .string()
    .max(NOTE_LIMITS.text)
    .transform((text) => text.slice(0, PLAN_CHARS_IN_PROMPT)),
  existingTags: z
    .array(z.string().max(NOTE_LIMITS.tagLength))
    .max(2000)
    .default([])
    .transform((tags) => normalizeTags(tags).slice(0, TAGS_IN_PROMPT)),
});

export function assistantRoutes(assistant: Assistant) {
  return async (app: FastifyInstance, ctx: AppContext): Promise<void> => {
    const { rateLimits } = ctx.config;
    // Search by meaning calls the provider once per query, as a user types: its own allowance, above the
    // assistant's turns'.
    const searchLimit = app.rateLimit({
      max: rateLimits.search,
      timeWindow: rateLimits.aiWindowMs,
      keyGenerator: (request) => `assistant-search:${callerOf(request).userId}`,
    });
    app.addHook('onSend', async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
    });

    app.get('/assistant/status', async (request) =>
      assistantStatus(ctx, callerOf(request).userId, assistant.embedder.model),
    );

    app.put('/assistant/settings', async (request) => {
      const settings = parseBody(settingsSchema, request.body);
      const { userId } = callerOf(request);
      await saveAssistantSettings(ctx, assistant, userId, settings);
      return assistantStatus(ctx, userId, assistant.embedder.model);
    });

    // No provider call: the note's own passages are compared with the others'.
    app.get('/assistant/notes/:id/related', async (request) => {
      const { id } = parseBody(noteParamsSchema, request.params);
      const matches = await relatedNotes(ctx, assistant, callerOf(request).userId, id);
      return { model: assistant.embedder.model, matches };
    });

    // When a plan is saved on /new (issue 34, item 4): one short completion, under the search's allowance.
    app.post('/assistant/suggest-tags', { onRequest: searchLimit }, async (request, reply) => {
      const plan = parseBody(suggestTagsSchema, request.body);
      const aborted = new AbortController();
      reply.raw.once('close', () => {
        if (!reply.raw.writableEnded) aborted.abort();
      });
      const tags = await suggestPlanTags(ctx, callerOf(request).userId, plan, aborted.signal, request.log);
      return { tags };
    });

    app.post('/assistant/search', { onRequest: searchLimit }, async (request, reply) => {
      const { query, limit } = parseBody(searchSchema, request.body);
      // The browser gone before the answer (a newer query as the user types): the provider call stops.
      const aborted = new AbortController();
      reply.raw.once('close', () => {
        if (!reply.raw.writableEnded) aborted.abort();
      });
      const matches = await searchByMeaning(ctx, assistant, callerOf(request).userId, query, limit, aborted.signal);
      return { model: assistant.embedder.model, matches };
    });
  };
}
