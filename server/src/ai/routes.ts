// The AI endpoints (ARCHITECTURE section 5): the connection test and the three streamed turns. Each
// needs a signed-in user and counts against that user's AI rate limit; the provider key is resolved
// per request (server secret, else the user's stored key).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { callerOf, requireUser } from '../api/auth';
import { apiErrors, parseBody } from '../api/errors';
import type { AppContext } from '../http/context';
import { DEFAULT_TURN_MESSAGES, describeStatusFailure } from './error-messages';
import { resolveApiKey, type ResolvedKey } from './key-store';
import { buildChatPrompt, buildConversationPrompt, buildExpandPrompt, lastUserText } from './prompts';
import { createProvider, ProviderError } from './provider';
import { chatBodySchema, conversationBodySchema, expandBodySchema } from './schemas';
import { openSse } from './sse';
import { runTurn, type TurnPlan } from './turn';

export async function aiRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { ai, rateLimits } = ctx.config;
  const authenticateUser = requireUser(ctx);
  // One counter per user across all AI endpoints (a per-route limit would multiply the allowance).
  const limit = app.rateLimit({
    max: rateLimits.ai,
    timeWindow: rateLimits.aiWindowMs,
    keyGenerator: (request) => `ai:${callerOf(request).userId}`,
  });
  // Authenticate first, so the limit is keyed by the user, not the address.
  const guard = async (request: FastifyRequest, reply: FastifyReply) => {
    await authenticateUser(request, reply);
    await limit.call(app, request, reply);
  };

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

  app.get('/ai/status', { onRequest: guard }, async (request, reply) => {
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

  app.post('/ai/expand', { onRequest: guard }, async (request, reply) => {
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

  app.post('/ai/conversation', { onRequest: guard }, async (request, reply) => {
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

  app.post('/ai/chat', { onRequest: guard }, async (request, reply) => {
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
