// What the AI endpoints do, below HTTP (routes.ts): the provider key's status and the user's own key, the
// connection test, and the three streamed turns, each built from the caller's account (caller-context.ts,
// prompts.ts) and run on a TurnOutput (turn.ts). No Fastify types; refusals are the surface's aiErrors.
import type { z } from 'zod';
import { lastUserText } from '#core/ai-requests';
import type {
  actionItemsBodySchema,
  chatBodySchema,
  conversationBodySchema,
  expandBodySchema,
} from '#core/ai-requests-schema';
import type { AppContext } from '../http/context';
import { loadCallerContext, type CallerContext } from './caller-context';
import { testKey, type ConnectionTest } from './connection-test';
import { DEFAULT_TURN_MESSAGES } from './error-messages';
import { aiErrors } from './errors';
import {
  deleteUserApiKey,
  loadUserApiKey,
  resolveApiKey,
  saveUserApiKey,
  type ResolvedKey,
  type StoredUserKey,
} from './key-store';
import type { Log } from './log';
import {
  actionItemsFallbackText,
  buildActionItemsPrompt,
  buildChatPrompt,
  buildConversationPrompt,
  buildExpandPrompt,
  type RelatedNote,
} from './prompts';
import { createProvider } from './provider';
import { runTurn, type TurnOutput, type TurnPlan } from './turn';
import { observedOutput, observedProvider, type AiObserver, type TurnKind } from './turn-observer';

type AiConfig = AppContext['config']['ai'];

function providerFor(ai: AiConfig, key: ResolvedKey) {
  return createProvider({ apiKey: key.apiKey, baseUrl: ai.baseUrl, timeoutMs: ai.timeoutMs });
}

/** The caller's stored key (for its last 4 characters); null for a visitor or a user without one. */
export async function storedKeyOf(ctx: AppContext, userId: string | null, log: Log): Promise<StoredUserKey | null> {
  return userId ? loadUserApiKey(ctx, userId, log) : null;
}

/** Stores the caller's own key, encrypted. Refused while the server has its own: every request uses that one. */
export async function saveOwnKey(ctx: AppContext, userId: string, apiKey: string): Promise<{ last4: string | null }> {
  if (ctx.config.ai.serverKey) throw aiErrors.serverKeyInUse(ctx.config.ai.providerName);
  return saveUserApiKey(ctx, userId, apiKey);
}

export async function deleteOwnKey(ctx: AppContext, userId: string): Promise<void> {
  await deleteUserApiKey(ctx, userId);
}

/** The connection test with the key the caller's requests use (the server's, else their own). */
export async function testConnection(
  ctx: AppContext,
  userId: string,
  log: Log,
  signal: AbortSignal,
): Promise<ConnectionTest> {
  const key = await resolveApiKey(ctx, userId, log);
  return key ? testKey(providerFor(ctx.config.ai, key), key, signal) : { outcome: 'no_key' };
}

/** What a turn's prompt is built from, read from the account in one query; chat also reads the recent notes. */
export function readTurnCaller(
  ctx: AppContext,
  userId: string,
  log: Log,
  recentNotes: boolean,
): Promise<CallerContext> {
  return loadCallerContext(ctx, userId, log, { recentNotes });
}

export type TurnCaller = CallerContext & { key: ResolvedKey };

/** The caller of a turn; throws api_key_required when there is no key to call the provider with. */
export function requireKey(caller: CallerContext): TurnCaller {
  if (!caller.key) throw aiErrors.apiKeyRequired();
  return caller as TurnCaller;
}

/** POST /api/ai/expand: the idea made into a plan. */
export function expandTurn(
  ai: AiConfig,
  caller: TurnCaller,
  body: z.output<typeof expandBodySchema>,
  now = new Date(),
): TurnPlan {
  return {
    model: ai.modelExpand,
    messages: buildExpandPrompt({ idea: body.idea, preferences: caller.preferences, now }),
    fallbackText: body.idea,
    fallbackModel: ai.modelExpand,
    parsePlan: true,
    defaultMessage: DEFAULT_TURN_MESSAGES.expand,
  };
}

/** POST /api/ai/conversation: the creation flow's next question, or the plan when the user is ready. */
export function conversationTurn(
  ai: AiConfig,
  caller: TurnCaller,
  body: z.output<typeof conversationBodySchema>,
  now = new Date(),
  relatedNotes: readonly RelatedNote[] = [],
): TurnPlan {
  return {
    model: ai.modelChat,
    messages: buildConversationPrompt({
      messages: body.messages,
      readyForPlan: body.readyForPlan,
      preferences: caller.preferences,
      now,
      relatedNotes,
    }),
    fallbackText: lastUserText(body.messages),
    fallbackModel: ai.modelExpand,
    parsePlan: body.readyForPlan,
    defaultMessage: DEFAULT_TURN_MESSAGES.conversation,
  };
}

/** POST /api/ai/chat: a reply about a note, with the caller's profile and recent notes as context. */
export function chatTurn(
  ai: AiConfig,
  caller: TurnCaller,
  body: z.output<typeof chatBodySchema>,
  now = new Date(),
): TurnPlan {
  return {
    model: ai.modelChat,
    messages: buildChatPrompt({
      messages: body.messages,
      noteContent: body.noteContent,
      profile: caller.profile,
      recentNotes: caller.recentNotes,
      preferences: caller.preferences,
      now,
    }),
    fallbackText: lastUserText(body.messages),
    fallbackModel: ai.modelExpand,
    parsePlan: false,
    defaultMessage: DEFAULT_TURN_MESSAGES.chat,
  };
}

/**
 * Refuses 'Find action items' for a note of the caller's that is kept out of the assistant (issue 34). Only
 * the caller's own notes are looked at: another user's note id reads as a note not on the server yet, which
 * is allowed (the text is what the caller sent), so the answer says nothing of anyone else's notes.
 */
export async function refuseKeptOutNote(ctx: AppContext, userId: string, noteId: string): Promise<void> {
  const note = await ctx.db
    .selectFrom('notes')
    .select('ai_excluded')
    .where('id', '=', noteId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (note?.ai_excluded) throw aiErrors.noteKeptOut();
}

/**
 * POST /api/ai/action-items: the note's next actions as a numbered list, dated from the user's day. Not a
 * plan (no plan check). The chat's fallback applies: its message carries the task itself
 * (actionItemsFallbackText), and ten short lines fit its 300 tokens. The expansion's model, as a one-shot
 * answer whose dates must be counted right.
 */
export function actionItemsTurn(
  ai: AiConfig,
  caller: TurnCaller,
  body: z.output<typeof actionItemsBodySchema>,
): TurnPlan {
  return {
    model: ai.modelExpand,
    messages: buildActionItemsPrompt({ ...body, preferences: caller.preferences }),
    fallbackText: actionItemsFallbackText(body),
    fallbackModel: ai.modelExpand,
    parsePlan: false,
    defaultMessage: DEFAULT_TURN_MESSAGES.actionItems,
  };
}

/** How a turn is watched: which one it is for the metrics, and the server's shutdown. */
export interface TurnWatch {
  kind: TurnKind;
  observer: AiObserver;
  shutdown: AbortSignal;
}

/** Runs a turn on `output` to its end (runTurn ends the stream whatever happens). */
export async function streamTurn(
  ctx: AppContext,
  caller: TurnCaller,
  turn: TurnPlan,
  output: TurnOutput,
  request: { id: string; log: Log },
  watch: TurnWatch,
): Promise<void> {
  const { ai } = ctx.config;
  await runTurn(turn, {
    output: observedOutput(output, watch.kind, watch.observer),
    provider: observedProvider(providerFor(ai, caller.key), watch.observer),
    shutdown: watch.shutdown,
    providerName: ai.providerName,
    apiKey: caller.key.apiKey,
    keySource: caller.key.source,
    requestId: request.id,
    log: request.log,
  });
}
