// The AI endpoints under /api (ARCHITECTURE section 5): whether a provider key is available (public),
// the user's own key (stored encrypted, write-only), the connection test and the streamed turns.
// All but the first need a signed-in user (the surface's default); the test and the turns count against
// that user's AI rate limit. HTTP only: each route parses its input (schemas.ts), calls a command
// (commands.ts) and presents the result (presenters.ts); a turn's answer is an event stream (sse.ts).
// At shutdown, open turns end with a retryable error event before the server closes (turn.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { firstUserText } from '#core/ai-requests';
import { callerOf } from '../http/authentication';
import type { AppContext } from '../http/context';
import { parseBody } from '../http/parse-body';
import type { CallerContext } from './caller-context';
import {
  actionItemsTurn,
  chatTurn,
  conversationTurn,
  deleteOwnKey,
  expandTurn,
  readTurnCaller,
  refuseKeptOutNote,
  requireKey,
  saveOwnKey,
  storedKeyOf,
  streamTurn,
  testConnection,
  type TurnCaller,
} from './commands';
import { presentConnectionTest, presentKeyStatus } from './presenters';
import { askTurn, NOTHING_FOUND_ANSWER } from './meaning/ask';
import { assistantStatus, findSources, notesRelatedToIdea } from './meaning/commands';
import {
  actionItemsBodySchema,
  askBodySchema,
  chatBodySchema,
  conversationBodySchema,
  expandBodySchema,
  putKeyBodySchema,
} from './schemas';
import { openSse } from './sse';
import type { TurnPlan } from './turn';
import { UNOBSERVED, type AiObserver, type TurnKind } from './turn-observer';

/** The AI surface's routes, reporting its turns and provider calls to `observer` (the metrics). */
export function aiRoutes(observer: AiObserver = UNOBSERVED) {
  return (app: FastifyInstance, ctx: AppContext) => registerAiRoutes(app, ctx, observer);
}

async function registerAiRoutes(app: FastifyInstance, ctx: AppContext, observer: AiObserver): Promise<void> {
  const { ai, rateLimits } = ctx.config;
  const hasServerKey = Boolean(ai.serverKey);
  // One counter per user across the AI calls (a per-route limit would multiply the allowance). A
  // route-level hook, so it runs after the kernel's authentication hook and is keyed by the user.
  const limit = app.rateLimit({
    max: rateLimits.ai,
    timeWindow: rateLimits.aiWindowMs,
    keyGenerator: (request) => `ai:${callerOf(request).userId}`,
  });

  // A turn's caller is read from the database as soon as the caller's token is verified, so the
  // database works on it while the session is checked and this thread reads and validates the body.
  // A request refused after that (ended session, over the limit) leaves the read unused: it reads
  // only the token's own user's rows, and the limit guards the provider, not this read.
  const callerReads = new WeakMap<FastifyRequest, Promise<CallerContext>>();
  const turnRoute = (recentNotes: boolean) => ({
    onRequest: limit,
    config: {
      whileSessionIsChecked: (request: FastifyRequest, userId: string) => {
        const reading = readTurnCaller(ctx, userId, request.log, recentNotes);
        // A request refused before its handler leaves the read unawaited: its failure must not go unhandled.
        reading.catch(() => undefined);
        callerReads.set(request, reading);
      },
    },
  });
  const turnCallerOf = async (request: FastifyRequest, recentNotes: boolean): Promise<TurnCaller> =>
    requireKey(
      await (callerReads.get(request) ?? readTurnCaller(ctx, callerOf(request).userId, request.log, recentNotes)),
    );
  // Aborted before the server stops listening and waits for open connections: each open turn stops its
  // provider call and ends its stream with a retryable error, so the close does not wait for it.
  const shutdown = new AbortController();
  app.addHook('preClose', (done) => {
    shutdown.abort();
    done();
  });
  const stream = async (
    request: FastifyRequest,
    reply: FastifyReply,
    caller: TurnCaller,
    kind: TurnKind,
    turn: TurnPlan,
  ) => {
    await streamTurn(
      ctx,
      caller,
      turn,
      openSse(reply, app.scriptHashes),
      { id: request.id, log: request.log },
      { kind, observer, shutdown: shutdown.signal },
    );
    // At shutdown the connection ends with the stream (after its last bytes): left open and idle, it
    // would hold the server's close until the browser drops it (undici after 4 s).
    if (shutdown.signal.aborted) reply.raw.socket?.end();
  };

  // The spec's path. Unlike the original it never returns the key (ARCHITECTURE 6.1).
  app.get('/openrouter-key', { config: { auth: 'optional' } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return presentKeyStatus(hasServerKey, await storedKeyOf(ctx, request.caller?.userId ?? null, request.log));
  });

  app.put('/ai/key', async (request, reply) => {
    const { apiKey } = parseBody(putKeyBodySchema, request.body);
    const saved = await saveOwnKey(ctx, callerOf(request).userId, apiKey);
    reply.header('Cache-Control', 'no-store');
    return presentKeyStatus(hasServerKey, saved);
  });

  app.delete('/ai/key', async (request, reply) => {
    await deleteOwnKey(ctx, callerOf(request).userId);
    return reply.code(204).send();
  });

  app.get('/ai/status', { onRequest: limit }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const cancel = new AbortController();
    reply.raw.on('close', () => cancel.abort());
    const { userId } = callerOf(request);
    // With the assistant's use of the notes (issue 34): which embedding model, how many notes it has read.
    const [test, notes] = await Promise.all([
      testConnection(ctx, userId, request.log, cancel.signal),
      assistantStatus(ctx, userId, app.assistant.embedder.model),
    ]);
    return { ...presentConnectionTest(test, ai.providerName), assistant: notes };
  });

  app.post('/ai/expand', turnRoute(false), async (request, reply) => {
    const body = parseBody(expandBodySchema, request.body);
    const caller = await turnCallerOf(request, false);
    await stream(request, reply, caller, 'expand', expandTurn(ai, caller, body));
  });

  app.post('/ai/conversation', turnRoute(false), async (request, reply) => {
    const body = parseBody(conversationBodySchema, request.body);
    const caller = await turnCallerOf(request, false);
    // The questions may point the user to a note they already wrote about the idea (issue 34, item 4).
    const related = body.readyForPlan
      ? []
      : await notesRelatedToIdea(
          ctx,
          app.assistant,
          callerOf(request).userId,
          firstUserText(body.messages),
          shutdown.signal,
          request.log,
        );
    await stream(request, reply, caller, 'conversation', conversationTurn(ai, caller, body, new Date(), related));
  });

  app.post('/ai/chat', turnRoute(true), async (request, reply) => {
    const body = parseBody(chatBodySchema, request.body);
    const caller = await turnCallerOf(request, true);
    await stream(request, reply, caller, 'chat', chatTurn(ai, caller, body));
  });

  // 'Find action items' on a note (issue 35, item 5): refused with JSON before any stream when the note is
  // the caller's and kept out of the assistant in the database (commands.ts says why another user's id is
  // let through); a note not on the server yet goes as the browser sent it.
  app.post('/ai/action-items', turnRoute(false), async (request, reply) => {
    const body = parseBody(actionItemsBodySchema, request.body);
    await refuseKeptOutNote(ctx, callerOf(request).userId, body.noteId);
    const caller = await turnCallerOf(request, false);
    await stream(request, reply, caller, 'action-items', actionItemsTurn(ai, caller, body));
  });

  // A question answered from the user's notes (issue 34): refused with JSON before any stream when the
  // user has not turned it on or the question cannot be searched; nothing close enough, the stream says so
  // without a model call.
  app.post('/ai/ask', turnRoute(false), async (request, reply) => {
    const { question } = parseBody(askBodySchema, request.body);
    const caller = await turnCallerOf(request, false);
    const { userId } = callerOf(request);
    const { assistant } = app;
    const cancel = new AbortController();
    reply.raw.once('close', () => {
      if (!reply.raw.writableEnded) cancel.abort();
    });
    const { sources, leaveOutArchived } = await findSources(ctx, assistant, userId, question, cancel.signal);
    if (sources.length === 0) {
      const output = openSse(reply, app.scriptHashes);
      output.send('delta', { text: NOTHING_FOUND_ANSWER });
      output.send('done', { text: NOTHING_FOUND_ANSWER, sources: [], usingFallback: false });
      output.end();
      return;
    }
    await stream(
      request,
      reply,
      caller,
      'ask',
      askTurn(ctx.db, userId, question, sources, { model: ai.modelChat, leaveOutArchived }),
    );
  });
}
