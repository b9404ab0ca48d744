// One streamed AI turn: the main call's deltas go to the browser as they arrive; before the first delta,
// a timeout, connection error or 5xx switches to the fallback completion; anything else ends with an
// `error` event in the catalogue's words (with the partial text, marked incomplete, if some was sent).
import type { FastifyBaseLogger } from 'fastify';
import { parseAiResult } from '#core/action-steps';
import { allowsFallback, describeFailure, describeInterruption, type TurnErrorPayload } from './error-messages';
import { runWithFallbackSchedule } from './fallback';
import { buildFallbackPrompt, type PromptMessage } from './prompts';
import { ProviderError, type AiProvider } from './provider';
import type { SseReply } from './sse';

export const FALLBACK_MAX_TOKENS = 300;

export interface TurnPlan {
  model: string;
  messages: PromptMessage[];
  /** The fallback's single user message (the idea, or the last user message). */
  fallbackText: string;
  fallbackModel: string;
  /** Split the final text into expandedContent and steps (expansion, and the conversation's plan). */
  parsePlan: boolean;
  defaultMessage: string;
}

export interface TurnContext {
  sse: SseReply;
  provider: AiProvider;
  providerName: string;
  apiKey: string;
  log: FastifyBaseLogger;
}

export interface DonePayload {
  text: string;
  expandedContent?: string;
  steps?: string[];
  usingFallback: boolean;
}

export interface ErrorPayload extends TurnErrorPayload {
  partial?: string;
  incomplete?: true;
}

export async function runTurn(turn: TurnPlan, context: TurnContext): Promise<void> {
  const { sse, provider, log } = context;
  const wording = { providerName: context.providerName, apiKey: context.apiKey, defaultMessage: turn.defaultMessage };
  let sent = '';
  try {
    const text = await provider.streamChat({
      model: turn.model,
      messages: turn.messages,
      signal: sse.signal,
      onDelta: (piece) => {
        sent += piece;
        sse.send('delta', { text: piece });
      },
    });
    finish(sse, turn, text, false);
    return;
  } catch (error) {
    const failure = asProviderError(error);
    if (failure.kind === 'aborted' || !sse.open) return;
    if (sent !== '') {
      log.warn({ kind: failure.kind, status: failure.details.status }, 'AI stream broke after text was sent');
      fail(sse, { ...describeInterruption(failure, wording), partial: sent, incomplete: true });
      return;
    }
    if (!allowsFallback(failure)) {
      if (failure.kind === 'unexpected') log.error({ err: failure.details.cause ?? failure }, 'AI turn failed');
      fail(sse, describeFailure(failure, wording));
      return;
    }
    log.warn({ kind: failure.kind, status: failure.details.status }, 'AI call failed; trying the fallback completion');
  }

  try {
    const messages = buildFallbackPrompt(turn.fallbackText);
    const text = await runWithFallbackSchedule(
      () => provider.complete({ model: turn.fallbackModel, messages, maxTokens: FALLBACK_MAX_TOKENS, signal: sse.signal }),
      { signal: sse.signal },
    );
    sse.send('delta', { text });
    finish(sse, turn, text, true);
  } catch (error) {
    const failure = asProviderError(error);
    if (failure.kind === 'aborted' || !sse.open) return;
    if (failure.kind === 'unexpected') log.error({ err: failure.details.cause ?? failure }, 'AI fallback failed');
    else log.warn({ kind: failure.kind, status: failure.details.status }, 'AI fallback failed');
    fail(sse, describeFailure(failure, wording));
  }
}

function asProviderError(error: unknown): ProviderError {
  return error instanceof ProviderError ? error : new ProviderError('unexpected', String(error), { cause: error });
}

function finish(sse: SseReply, turn: TurnPlan, text: string, usingFallback: boolean): void {
  const done: DonePayload = turn.parsePlan ? { text, ...parseAiResult(text), usingFallback } : { text, usingFallback };
  sse.send('done', done);
  sse.end();
}

function fail(sse: SseReply, payload: ErrorPayload): void {
  // Only takes effect when this is the first thing sent (the headers are still unsent).
  const headers: Record<string, string> = payload.retryAfter !== undefined ? { 'Retry-After': String(payload.retryAfter) } : {};
  sse.send('error', payload, headers);
  sse.end();
}
