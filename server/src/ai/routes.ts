// The AI endpoints under /api (ARCHITECTURE section 5): whether a provider key is available (public),
// the user's own key (stored encrypted, write-only; refused while the server provides one, since the
// server's key wins), the connection test and the three streamed turns. All but the first need a
// signed-in user (the surface's default); the test and the turns count against that user's AI rate
// limit. A turn reads the caller's preferences, profile and key in one query (caller-context.ts) and
// builds the prompt from those; the body carries only what the user said.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { callerOf } from '../http/authentication';
import type { AppContext } from '../http/context';
import { ApiError, apiErrors } from '../http/errors/json-errors';
import { parseBody } from '../http/parse-body';
import { loadCallerContext, type CallerContext } from './caller-context';
import { allowsFallback, DEFAULT_TURN_MESSAGES, describeStatusFailure } from './error-messages';
import { deleteUserApiKey, loadUserApiKey, presentKeyStatus, resolveApiKey, saveUserApiKey, type ResolvedKey } from './key-store';
import { buildChatPrompt, buildConversationPrompt, buildExpandPrompt, lastUserText } from './prompts';
import { createProvider, ProviderError } from './provider';
import { chatBodySchema, conversationBodySchema, expandBodySchema, putKeyBodySchema } from './schemas';
import { openSse } from './sse';
import { runTurn, type TurnPlan } from './turn';

export async function aiRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { ai, rateLimits } = ctx.config;
  const hasServerKey = Boolean(ai.serverKey);
  // One counter per user across the AI calls (a per-route limit would multiply the allowance). A
  // route-level hook, so it runs after the kernel's authentication hook and is keyed by the user.
  const limit = app.rateLimit({
    max: rateLimits.ai,
    timeWindow: rateLimits.aiWindowMs,
    keyGenerator: (request) => `ai:${callerOf(request).userId}`,
  });

  const providerFor = (key: ResolvedKey) => createProvider({ apiKey: key.apiKey, baseUrl: ai.baseUrl, timeoutMs: ai.timeoutMs });

  // A turn's context is read from the database as soon as the caller's token is verified, so the
  // database works on it while the session is checked and this thread reads and validates the body.
  // A request refused after that (ended session, over the limit) leaves the read unused: it reads
  // only the token's own user's rows, and the limit guards the provider, not this read.
  const contextReads = new WeakMap<FastifyRequest, Promise<CallerContext>>();
  const readContextEarly = (recentNotes: boolean) => (request: FastifyRequest, userId: string) => {
    const reading = loadCallerContext(ctx, userId, request.log, { recentNotes });
    // A request refused before its handler leaves the read unawaited: its failure must not go unhandled.
    reading.catch(() => undefined);
    contextReads.set(request, reading);
  };

  /** The caller's context; throws api_key_required when there is no key to call the provider with. */
  const contextFor = async (request: FastifyRequest, recentNotes: boolean): Promise<CallerContext & { key: ResolvedKey }> => {
    const context = await (contextReads.get(request) ?? loadCallerContext(ctx, callerOf(request).userId, request.log, { recentNotes }));
    if (!context.key) throw apiErrors.apiKeyRequired();
    return context as CallerContext & { key: ResolvedKey };
  };

  const stream = async (request: FastifyRequest, reply: FastifyReply, key: ResolvedKey, turn: TurnPlan) => {
    const sse = openSse(reply, app.scriptHashes);
    const turnContext = {
      sse,
      provider: providerFor(key),
      providerName: ai.providerName,
      apiKey: key.apiKey,
      keySource: key.source,
      requestId: request.id,
      log: request.log,
    };
    try {
      await runTurn(turn, turnContext);
    } catch (error) {
      request.log.error({ err: error }, 'AI turn failed unexpectedly');
      sse.send('error', { status: 500, code: 'unexpected', message: turn.defaultMessage, requestId: request.id });
    } finally {
      sse.end();
    }
  };

  // The spec's path. Unlike the original it never returns the key (ARCHITECTURE 6.1).
  app.get('/openrouter-key', { config: { auth: 'optional' } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const stored = request.caller ? await loadUserApiKey(ctx, request.caller.userId, request.log) : null;
    return presentKeyStatus(hasServerKey, stored);
  });

  app.put('/ai/key', async (request, reply) => {
    const { apiKey } = parseBody(putKeyBodySchema, request.body);
    // The server's key is used for every request while it is set: a key of the user's own would be
    // stored and never used, so it is refused rather than accepted in silence.
    if (hasServerKey) throw new ApiError(409, 'server_key_in_use', `This server provides the ${ai.providerName} API key; your own key is not needed.`);
    const saved = await saveUserApiKey(ctx, callerOf(request).userId, apiKey);
    reply.header('Cache-Control', 'no-store');
    return presentKeyStatus(hasServerKey, saved);
  });

  app.delete('/ai/key', async (request, reply) => {
    await deleteUserApiKey(ctx, callerOf(request).userId);
    return reply.code(204).send();
  });

  app.get('/ai/status', { onRequest: limit }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const key = await resolveApiKey(ctx, callerOf(request).userId, request.log);
    if (!key) return { ok: false, code: 'api_key_required', message: 'API key required', models: 0, source: null };
    const cancel = new AbortController();
    reply.raw.on('close', () => cancel.abort());
    try {
      const models = await providerFor(key).countModels(cancel.signal);
      return { ok: true, message: `Successfully connected to ${ai.providerName} API`, models, source: key.source };
    } catch (error) {
      const failure = error instanceof ProviderError ? error : new ProviderError('unexpected', String(error));
      const described = describeStatusFailure(failure, { providerName: ai.providerName, apiKey: key.apiKey });
      return { ok: false, ...described, fallback: allowsFallback(failure), models: 0, source: key.source };
    }
  });

  app.post('/ai/expand', { onRequest: limit, config: { whileSessionIsChecked: readContextEarly(false) } }, async (request, reply) => {
    const body = parseBody(expandBodySchema, request.body);
    const caller = await contextFor(request, false);
    await stream(request, reply, caller.key, {
      model: ai.modelExpand,
      messages: buildExpandPrompt({ idea: body.idea, preferences: caller.preferences, now: new Date() }),
      fallbackText: body.idea,
      fallbackModel: ai.modelExpand,
      parsePlan: true,
      defaultMessage: DEFAULT_TURN_MESSAGES.expand,
    });
  });

  app.post('/ai/conversation', { onRequest: limit, config: { whileSessionIsChecked: readContextEarly(false) } }, async (request, reply) => {
    const body = parseBody(conversationBodySchema, request.body);
    const caller = await contextFor(request, false);
    await stream(request, reply, caller.key, {
      model: ai.modelChat,
      messages: buildConversationPrompt({ messages: body.messages, readyForPlan: body.readyForPlan, preferences: caller.preferences, now: new Date() }),
      fallbackText: lastUserText(body.messages),
      fallbackModel: ai.modelExpand,
      parsePlan: body.readyForPlan,
      defaultMessage: DEFAULT_TURN_MESSAGES.conversation,
    });
  });

  app.post('/ai/chat', { onRequest: limit, config: { whileSessionIsChecked: readContextEarly(true) } }, async (request, reply) => {
    const body = parseBody(chatBodySchema, request.body);
    const caller = await contextFor(request, true);
    await stream(request, reply, caller.key, {
      model: ai.modelChat,
      messages: buildChatPrompt({
        messages: body.messages,
        noteContent: body.noteContent,
        profile: caller.profile,
        recentNotes: caller.recentNotes,
        preferences: caller.preferences,
        now: new Date(),
      }),
      fallbackText: lastUserText(body.messages),
      fallbackModel: ai.modelExpand,
      parsePlan: false,
      defaultMessage: DEFAULT_TURN_MESSAGES.chat,
    });
  });
}
