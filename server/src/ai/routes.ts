// The AI endpoints under /api (ARCHITECTURE section 5): whether a provider key is available (public),
// the user's own key (stored encrypted, write-only), the connection test and the three streamed turns.
// All but the first need a signed-in user (the surface's default); the test and the turns count
// against that user's AI rate limit; the provider key is resolved per request (server secret, else the
// user's stored key).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { callerOf } from '../http/authentication';
import type { AppContext } from '../http/context';
import { apiErrors } from '../http/errors/json-errors';
import { parseBody } from '../http/parse-body';
import { DEFAULT_TURN_MESSAGES, describeStatusFailure } from './error-messages';
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

  const providerFor = (key: ResolvedKey, request: FastifyRequest) =>
    createProvider({ apiKey: key.apiKey, baseUrl: ai.baseUrl, timeoutMs: ai.timeoutMs, log: request.log });

  const requireKey = async (request: FastifyRequest): Promise<ResolvedKey> => {
    const key = await resolveApiKey(ctx, callerOf(request).userId, request.log);
    if (!key) throw apiErrors.apiKeyRequired();
    return key;
  };

  const stream = async (request: FastifyRequest, reply: FastifyReply, key: ResolvedKey, turn: TurnPlan) => {
    const sse = openSse(reply, app.scriptHashes);
    try {
      await runTurn(turn, { sse, provider: providerFor(key, request), providerName: ai.providerName, apiKey: key.apiKey, log: request.log });
    } catch (error) {
      request.log.error({ err: error }, 'AI turn failed unexpectedly');
      sse.send('error', { status: 500, message: turn.defaultMessage });
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
      const models = await providerFor(key, request).countModels(cancel.signal);
      return { ok: true, message: `Successfully connected to ${ai.providerName} API`, models, source: key.source };
    } catch (error) {
      const failure = error instanceof ProviderError ? error : new ProviderError('unexpected', String(error));
      const described = describeStatusFailure(failure, { providerName: ai.providerName, apiKey: key.apiKey });
      return { ok: false, ...described, models: 0, source: key.source };
    }
  });

  app.post('/ai/expand', { onRequest: limit }, async (request, reply) => {
    const body = parseBody(expandBodySchema, request.body);
    const key = await requireKey(request);
    await stream(request, reply, key, {
      model: ai.modelExpand,
      messages: buildExpandPrompt({ idea: body.idea, preferences: body.preferences, now: new Date() }),
      fallbackText: body.idea,
      fallbackModel: ai.modelExpand,
      parsePlan: true,
      defaultMessage: DEFAULT_TURN_MESSAGES.expand,
    });
  });

  app.post('/ai/conversation', { onRequest: limit }, async (request, reply) => {
    const body = parseBody(conversationBodySchema, request.body);
    const key = await requireKey(request);
    await stream(request, reply, key, {
      model: ai.modelChat,
      messages: buildConversationPrompt({ ...body, now: new Date() }),
      fallbackText: lastUserText(body.messages),
      fallbackModel: ai.modelExpand,
      parsePlan: body.readyForPlan,
      defaultMessage: DEFAULT_TURN_MESSAGES.conversation,
    });
  });

  app.post('/ai/chat', { onRequest: limit }, async (request, reply) => {
    const body = parseBody(chatBodySchema, request.body);
    const key = await requireKey(request);
    await stream(request, reply, key, {
      model: ai.modelChat,
      messages: buildChatPrompt({ ...body, now: new Date() }),
      fallbackText: lastUserText(body.messages),
      fallbackModel: ai.modelExpand,
      parsePlan: false,
      defaultMessage: DEFAULT_TURN_MESSAGES.chat,
    });
  });
}
