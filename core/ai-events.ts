// The events of an AI turn's reply stream (docs/api.md, "AI event streams"): each event's name and data
// as the server writes them, and the lenient reading the browser does of each. Plain code, no zod: the
// browser reads every event of every reply with it.
import type { AnswerSource } from './citations';

/** Why a turn failed: the `code` of the `error` event. The server picks one, the browser chooses what to offer from it. */
export type TurnErrorCode =
  | 'invalid_key'
  | 'rate_limited'
  | 'provider_error'
  | 'invalid_response'
  | 'empty'
  | 'timeout'
  | 'connection'
  | 'interrupted'
  | 'no_plan'
  /** The server shut down mid-turn (a restart, a deploy): try again after `retryAfter`. */
  | 'server_restarting'
  | 'unexpected';

/** Whose provider key a request used: the server's secret or the user's own. */
export type AiKeySource = 'server' | 'user';

/** One piece of the reply, as the provider sent it. */
export interface AiDeltaPayload {
  text: string;
}

/** Drop the text so far: a corrected answer follows (a plan answer that did not follow the format). */
export interface AiRestartPayload {
  reason: 'plan_format';
}

/** The whole reply; a plan turn adds its parts (expand, and conversation with readyForPlan). */
export interface AiDonePayload {
  text: string;
  expandedContent?: string;
  steps?: string[];
  /** An answer from the user's notes: the notes it cites, each checked by the server (core/citations.ts). */
  sources?: AnswerSource[];
  usingFallback: boolean;
}

/** A failed turn, in the words of the spec's catalogue; never the provider's own body. */
export interface AiErrorPayload {
  status: number;
  code: TurnErrorCode;
  message: string;
  /** The id under which the server logged the provider's detail. */
  requestId: string;
  /** The text sent before a stream broke. */
  partial?: string;
  incomplete?: true;
  /** Seconds to wait before trying again: the provider asked to wait, or the server is restarting. */
  retryAfter?: number;
  /** With invalid_key: whose key was refused (the browser links to /api-setup only for the user's own). */
  keySource?: AiKeySource;
}

/** Each event's data by the event's name. */
export interface AiEventPayloads {
  delta: AiDeltaPayload;
  restart: AiRestartPayload;
  done: AiDonePayload;
  error: AiErrorPayload;
}

export type AiEventName = keyof AiEventPayloads;

/** Longest request id the browser keeps from an error event (it is shown to the user). */
export const REQUEST_ID_MAX_CHARS = 64;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A `delta` event's data, or null when it is not one. */
export function readDelta(data: unknown): AiDeltaPayload | null {
  return isRecord(data) && typeof data.text === 'string' ? { text: data.text } : null;
}

/** A `done` event's data, or null when a field has the wrong type; `usingFallback` defaults to false. */
export function readDone(data: unknown): AiDonePayload | null {
  if (!isRecord(data) || typeof data.text !== 'string') return null;
  const { expandedContent, steps, usingFallback } = data;
  if (expandedContent !== undefined && typeof expandedContent !== 'string') return null;
  if (steps !== undefined && !(Array.isArray(steps) && steps.every((step) => typeof step === 'string'))) return null;
  if (usingFallback !== undefined && typeof usingFallback !== 'boolean') return null;
  // A source the browser cannot read is left out: it is never shown as a link.
  const sources = Array.isArray(data.sources)
    ? data.sources.filter(
        (source): source is AnswerSource =>
          isRecord(source) &&
          typeof source.n === 'number' &&
          typeof source.noteId === 'string' &&
          typeof source.title === 'string',
      )
    : undefined;
  return {
    text: data.text,
    ...(expandedContent !== undefined ? { expandedContent } : {}),
    ...(steps !== undefined ? { steps: steps as string[] } : {}),
    ...(sources !== undefined ? { sources: sources.map(({ n, noteId, title }) => ({ n, noteId, title })) } : {}),
    usingFallback: usingFallback ?? false,
  };
}

/**
 * An `error` event as the browser reads it: the message is required, the status defaults to 500, and
 * every other field is kept only when it has the right type (a code this browser does not know is kept,
 * so a newer server's reason still reaches the screen).
 */
export interface ReceivedAiError {
  status: number;
  message: string;
  code?: TurnErrorCode | (string & {});
  requestId?: string;
  partial?: string;
  incomplete?: true;
  retryAfter?: number;
  keySource?: AiKeySource;
}

/** An `error` event's data, or null when it has no message (an unreadable event). */
export function readError(data: unknown): ReceivedAiError | null {
  if (!isRecord(data) || typeof data.message !== 'string') return null;
  const { code, requestId, partial, retryAfter, keySource } = data;
  return {
    status: typeof data.status === 'number' ? data.status : 500,
    message: data.message,
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof requestId === 'string' ? { requestId: requestId.slice(0, REQUEST_ID_MAX_CHARS) } : {}),
    ...(typeof partial === 'string' ? { partial } : {}),
    ...(data.incomplete === true ? { incomplete: true as const } : {}),
    ...(typeof retryAfter === 'number' ? { retryAfter } : {}),
    ...(keySource === 'server' || keySource === 'user' ? { keySource } : {}),
  };
}
