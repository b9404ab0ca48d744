// One streamed AI turn: the main call's deltas go to the browser as they arrive. A plan turn's answer
// is checked against the plan format (core/plan-check.ts); a non-conforming one is asked for once more
// with a corrective instruction (the browser is told to drop what it showed: a `restart` event), and
// if the second answer does not conform either the turn fails with the catalogue's 'no plan' message,
// never a success. Before the first delta, a timeout, connection error or 5xx switches a non-plan turn
// to the fallback completion (a plan turn cannot use it: its 300 tokens and fixed prompt never make a
// plan). Every failure ends with an `error` event in the catalogue's words carrying the request id;
// the provider's own detail goes to the server log under that id.
import type { FastifyBaseLogger } from 'fastify';
import { parseAiResult } from '#core/action-steps';
import { checkPlan } from '#core/plan-check';
import {
  allowsFallback,
  describeFailure,
  describeInterruption,
  logDetail,
  NO_PLAN_MESSAGE,
  type TurnErrorPayload,
  type WordingContext,
} from './error-messages';
import { runWithFallbackSchedule } from './fallback';
import type { KeySource } from './key-store';
import { buildCorrectivePrompt, buildFallbackPrompt, type PromptMessage } from './prompts';
import { ProviderError, type AiProvider } from './provider';
import type { SseReply } from './sse';

export const FALLBACK_MAX_TOKENS = 300;

export interface TurnPlan {
  model: string;
  messages: PromptMessage[];
  /** The fallback's single user message (the idea, or the last user message). */
  fallbackText: string;
  fallbackModel: string;
  /** The answer must be a plan: checked, corrected once, split into expandedContent and steps. */
  parsePlan: boolean;
  defaultMessage: string;
}

export interface TurnContext {
  sse: SseReply;
  provider: AiProvider;
  providerName: string;
  apiKey: string;
  keySource: KeySource;
  /** Shown in every error message, and on every log line of the request (Fastify's reqId). */
  requestId: string;
  log: FastifyBaseLogger;
}

export interface DonePayload {
  text: string;
  expandedContent?: string;
  steps?: string[];
  usingFallback: boolean;
}

export interface ErrorPayload extends TurnErrorPayload {
  requestId: string;
  partial?: string;
  incomplete?: true;
}

type Attempt = { ok: true; text: string } | { ok: false; failure: ProviderError; sent: string };

async function streamOnce(context: TurnContext, model: string, messages: PromptMessage[]): Promise<Attempt> {
  let sent = '';
  try {
    const text = await context.provider.streamChat({
      model,
      messages,
      signal: context.sse.signal,
      onDelta: (piece) => {
        sent += piece;
        context.sse.send('delta', { text: piece });
      },
    });
    return { ok: true, text };
  } catch (error) {
    return { ok: false, failure: asProviderError(error), sent };
  }
}

export async function runTurn(turn: TurnPlan, context: TurnContext): Promise<void> {
  const { sse, log } = context;
  const wording: WordingContext = {
    providerName: context.providerName,
    apiKey: context.apiKey,
    keySource: context.keySource,
    defaultMessage: turn.defaultMessage,
  };
  const first = await streamOnce(context, turn.model, turn.messages);
  if (!first.ok) return failMain(turn, context, wording, first);
  if (!turn.parsePlan) return finish(sse, turn, first.text, false);

  const check = checkPlan(first.text);
  if (check.ok) return finish(sse, turn, first.text, false);
  log.warn({ problems: check.problems, chars: first.text.length }, 'AI plan answer did not follow the format; asking once more');
  sse.send('restart', { reason: 'plan_format' });
  const second = await streamOnce(context, turn.model, buildCorrectivePrompt(turn.messages, first.text, check.problems));
  if (!second.ok) return failMain(turn, context, wording, second);
  const recheck = checkPlan(second.text);
  if (recheck.ok) return finish(sse, turn, second.text, false);
  log.warn({ problems: recheck.problems, chars: second.text.length }, 'AI plan answer still did not follow the format');
  fail(context, { status: 422, code: 'no_plan', message: NO_PLAN_MESSAGE });
}

async function failMain(turn: TurnPlan, context: TurnContext, wording: WordingContext, attempt: Extract<Attempt, { ok: false }>): Promise<void> {
  const { sse, log } = context;
  const { failure, sent } = attempt;
  if (failure.kind === 'aborted' || !sse.open) return;
  if (sent !== '') {
    log.warn(logDetail(failure, context.apiKey), 'AI stream broke after text was sent');
    fail(context, { ...describeInterruption(failure, wording), partial: sent, incomplete: true });
    return;
  }
  if (turn.parsePlan || !allowsFallback(failure)) {
    logFailure(log, failure, context.apiKey, 'AI turn failed');
    fail(context, describeFailure(failure, wording));
    return;
  }
  log.warn(logDetail(failure, context.apiKey), 'AI call failed; trying the fallback completion');

  try {
    const messages = buildFallbackPrompt(turn.fallbackText);
    const text = await runWithFallbackSchedule(
      () => context.provider.complete({ model: turn.fallbackModel, messages, maxTokens: FALLBACK_MAX_TOKENS, signal: sse.signal }),
      { signal: sse.signal },
    );
    sse.send('delta', { text });
    finish(sse, turn, text, true);
  } catch (error) {
    const fallbackFailure = asProviderError(error);
    if (fallbackFailure.kind === 'aborted' || !sse.open) return;
    logFailure(log, fallbackFailure, context.apiKey, 'AI fallback failed');
    fail(context, describeFailure(fallbackFailure, wording));
  }
}

function logFailure(log: FastifyBaseLogger, failure: ProviderError, apiKey: string, what: string): void {
  if (failure.kind === 'unexpected') log.error({ err: failure.details.cause ?? failure, ...logDetail(failure, apiKey) }, what);
  else log.warn(logDetail(failure, apiKey), what);
}

function asProviderError(error: unknown): ProviderError {
  return error instanceof ProviderError ? error : new ProviderError('unexpected', String(error), { cause: error });
}

function finish(sse: SseReply, turn: TurnPlan, text: string, usingFallback: boolean): void {
  const done: DonePayload = turn.parsePlan ? { text, ...parseAiResult(text), usingFallback } : { text, usingFallback };
  sse.send('done', done);
  sse.end();
}

function fail(context: TurnContext, payload: Omit<ErrorPayload, 'requestId'>): void {
  // Only takes effect when this is the first thing sent (the headers are still unsent).
  const headers: Record<string, string> = payload.retryAfter !== undefined ? { 'Retry-After': String(payload.retryAfter) } : {};
  context.sse.send('error', { ...payload, requestId: context.requestId }, headers);
  context.sse.end();
}
