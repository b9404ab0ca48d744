// One streamed AI turn: the main call's deltas go to the browser as they arrive. A plan turn's answer
// is checked against the plan format (core/plan-check.ts); a non-conforming one is asked for once more
// with a corrective instruction (the browser is told to drop what it showed: a `restart` event), and
// if the second answer does not conform either the turn fails with the catalogue's 'no plan' message,
// never a success. Before the first delta, a timeout, connection error or 5xx switches a non-plan turn
// to the fallback completion (a plan turn cannot use it: its 300 tokens and fixed prompt never make a
// plan). Every failure ends with an `error` event in the catalogue's words carrying the request id;
// the provider's own detail goes to the server log under that id. The events go to a TurnOutput (sse.ts
// writes one as a text/event-stream), shaped by presenters.ts.
import type { AiDonePayload, AiErrorPayload, AiEventName, AiEventPayloads, AiKeySource } from '#core/ai-events';
import { checkPlan } from '#core/plan-check';
import {
  allowsFallback,
  describeFailure,
  describeInterruption,
  describeShutdown,
  logDetail,
  NO_PLAN_MESSAGE,
  type WordingContext,
} from './error-messages';
import { runWithFallbackSchedule } from './fallback';
import type { Log } from './log';
import { presentDone, presentError } from './presenters';
import { buildCorrectivePrompt, buildFallbackPrompt, type PromptMessage } from './prompts';
import { ProviderError, type AiProvider } from './provider';

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
  /**
   * An answer that must come from what the turn gave the model (an answer from the user's notes): no
   * fallback, whose generic prompt would answer from nothing, and the final text rewritten (its citations
   * checked) with what the `done` event adds.
   */
  grounded?: {
    finalText: (text: string) => Promise<Pick<AiDonePayload, 'text' | 'sources'>>;
  };
}

/** Where a turn's events go, in order; the stream's `signal` aborts when the browser goes away before the end. */
export interface TurnOutput {
  readonly signal: AbortSignal;
  /** False once ended or aborted: nothing more is sent. */
  readonly open: boolean;
  /** `headers` take effect only with the first event (e.g. Retry-After on an error that comes first). */
  send<E extends AiEventName>(event: E, data: AiEventPayloads[E], headers?: Record<string, string>): void;
  end(): void;
}

export interface TurnContext {
  output: TurnOutput;
  provider: AiProvider;
  providerName: string;
  apiKey: string;
  keySource: AiKeySource;
  /** Shown in every error message, and on every log line of the request (Fastify's reqId). */
  requestId: string;
  log: Log;
  /**
   * Aborts when the server shuts down: the provider call stops and the stream ends with a retryable
   * error (the text so far as its partial), before the server's grace period cuts the connection.
   */
  shutdown?: AbortSignal;
}

/** The provider call's signal: the browser left, or the server is shutting down. */
function callSignal(context: TurnContext): AbortSignal {
  return context.shutdown ? AbortSignal.any([context.output.signal, context.shutdown]) : context.output.signal;
}

/** True (and the stream ended with the retryable error) when the turn stopped because the server shuts down. */
function endForShutdown(context: TurnContext, sent: string): boolean {
  if (!context.shutdown?.aborted || !context.output.open) return false;
  fail(context, { ...describeShutdown(), ...(sent !== '' ? { partial: sent, incomplete: true as const } : {}) });
  return true;
}

type Attempt = { ok: true; text: string } | { ok: false; failure: ProviderError; sent: string };

async function streamOnce(context: TurnContext, model: string, messages: PromptMessage[]): Promise<Attempt> {
  let sent = '';
  try {
    const text = await context.provider.streamChat({
      model,
      messages,
      signal: callSignal(context),
      onDelta: (piece) => {
        sent += piece;
        context.output.send('delta', { text: piece });
      },
    });
    return { ok: true, text };
  } catch (error) {
    return { ok: false, failure: asProviderError(error), sent };
  }
}

/** Runs the turn to its end. The stream always ends, with the catalogue's error event even after a failure of our own. */
export async function runTurn(turn: TurnPlan, context: TurnContext): Promise<void> {
  try {
    await answer(turn, context);
  } catch (error) {
    context.log.error({ err: error }, 'AI turn failed unexpectedly');
    context.output.send(
      'error',
      presentError({ status: 500, code: 'unexpected', message: turn.defaultMessage }, context.requestId),
    );
  } finally {
    context.output.end();
  }
}

async function answer(turn: TurnPlan, context: TurnContext): Promise<void> {
  const { output, log } = context;
  const wording: WordingContext = {
    providerName: context.providerName,
    apiKey: context.apiKey,
    keySource: context.keySource,
    defaultMessage: turn.defaultMessage,
  };
  if (endForShutdown(context, '')) return;
  const first = await streamOnce(context, turn.model, turn.messages);
  if (!first.ok) return failMain(turn, context, wording, first);
  if (!turn.parsePlan) return finish(output, turn, first.text, false);

  const check = checkPlan(first.text);
  if (check.ok) return finish(output, turn, first.text, false);
  log.warn(
    { problems: check.problems, chars: first.text.length },
    'AI plan answer did not follow the format; asking once more',
  );
  output.send('restart', { reason: 'plan_format' });
  const second = await streamOnce(
    context,
    turn.model,
    buildCorrectivePrompt(turn.messages, first.text, check.problems),
  );
  if (!second.ok) return failMain(turn, context, wording, second);
  const recheck = checkPlan(second.text);
  if (recheck.ok) return finish(output, turn, second.text, false);
  log.warn({ problems: recheck.problems, chars: second.text.length }, 'AI plan answer still did not follow the format');
  fail(context, { status: 422, code: 'no_plan', message: NO_PLAN_MESSAGE });
}

async function failMain(
  turn: TurnPlan,
  context: TurnContext,
  wording: WordingContext,
  attempt: Extract<Attempt, { ok: false }>,
): Promise<void> {
  const { output, log } = context;
  const { failure, sent } = attempt;
  if (endForShutdown(context, sent) || failure.kind === 'aborted' || !output.open) return;
  if (sent !== '') {
    log.warn(logDetail(failure, context.apiKey), 'AI stream broke after text was sent');
    fail(context, { ...describeInterruption(failure, wording), partial: sent, incomplete: true });
    return;
  }
  if (turn.parsePlan || turn.grounded || !allowsFallback(failure)) {
    logFailure(log, failure, context.apiKey, 'AI turn failed');
    fail(context, describeFailure(failure, wording));
    return;
  }
  log.warn(logDetail(failure, context.apiKey), 'AI call failed; trying the fallback completion');

  try {
    const messages = buildFallbackPrompt(turn.fallbackText);
    const text = await runWithFallbackSchedule(
      () =>
        context.provider.complete({
          model: turn.fallbackModel,
          messages,
          maxTokens: FALLBACK_MAX_TOKENS,
          signal: callSignal(context),
        }),
      { signal: callSignal(context) },
    );
    output.send('delta', { text });
    await finish(output, turn, text, true);
  } catch (error) {
    const fallbackFailure = asProviderError(error);
    if (endForShutdown(context, '') || fallbackFailure.kind === 'aborted' || !output.open) return;
    logFailure(log, fallbackFailure, context.apiKey, 'AI fallback failed');
    fail(context, describeFailure(fallbackFailure, wording));
  }
}

function logFailure(log: Log, failure: ProviderError, apiKey: string, what: string): void {
  if (failure.kind === 'unexpected')
    log.error({ err: failure.details.cause ?? failure, ...logDetail(failure, apiKey) }, what);
  else log.warn(logDetail(failure, apiKey), what);
}

function asProviderError(error: unknown): ProviderError {
  return error instanceof ProviderError ? error : new ProviderError('unexpected', String(error), { cause: error });
}

async function finish(output: TurnOutput, turn: TurnPlan, text: string, usingFallback: boolean): Promise<void> {
  if (turn.grounded) {
    const final = await turn.grounded.finalText(text);
    output.send('done', {
      ...presentDone(final.text, false, usingFallback),
      ...(final.sources ? { sources: final.sources } : {}),
    });
  } else output.send('done', presentDone(text, turn.parsePlan, usingFallback));
  output.end();
}

function fail(context: TurnContext, payload: Omit<AiErrorPayload, 'requestId'>): void {
  // Only takes effect when this is the first thing sent (the headers are still unsent).
  const headers: Record<string, string> =
    payload.retryAfter !== undefined ? { 'Retry-After': String(payload.retryAfter) } : {};
  context.output.send('error', presentError(payload, context.requestId), headers);
  context.output.end();
}
