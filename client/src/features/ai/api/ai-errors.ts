// Typed failures of an AI request: what the server or the network said, in a shape screens can act on
// (api_key_required → /api-setup, offline → the offline notice, a stream error → the catalogue message).
import { readError, type AiKeySource, type TurnErrorCode } from '#core/ai-events';

export type AiErrorCode =
  /** The server's `error` event: the provider failed (after the fallback, where it applies). */
  | 'stream'
  /** The stream stopped without a `done` or `error` event. */
  | 'interrupted'
  /** No key on the server nor stored for the user. */
  | 'api_key_required'
  /** The browser is offline; no request was made. */
  | 'offline'
  /** The request never got an answer (server down, connection refused). */
  | 'network'
  /** Our server refused the request (401 signed out, 429 rate limited, 4xx, 5xx). */
  | 'http'
  /** An answer that is not the event stream we expect. */
  | 'invalid';

/** The server's reason for a failed turn (docs/api.md, the `error` event's `code`). */
export type TurnFailureCode = TurnErrorCode;

export interface AiErrorDetails {
  status: number;
  code: AiErrorCode;
  /** For `stream` errors: the server's reason. */
  reason?: TurnFailureCode | string;
  /** The server's id of the request (in its log), shown with the message. */
  requestId?: string;
  /** With reason invalid_key: whose key was refused. */
  keySource?: AiKeySource;
  /** Text streamed before the failure. */
  partial?: string;
  /** The reply stopped part-way: `partial` is all there is. */
  incomplete?: boolean;
  /** Seconds, when the server or the provider asked to wait. */
  retryAfter?: number;
}

export class AiError extends Error {
  override name = 'AiError';
  readonly status: number;
  readonly code: AiErrorCode;
  readonly partial?: string;
  readonly incomplete?: boolean;
  readonly retryAfter?: number;
  readonly reason?: string;
  readonly requestId?: string;
  readonly keySource?: AiKeySource;

  constructor(message: string, details: AiErrorDetails) {
    super(message);
    this.status = details.status;
    this.code = details.code;
    if (details.reason !== undefined) this.reason = details.reason;
    if (details.requestId !== undefined) this.requestId = details.requestId;
    if (details.keySource !== undefined) this.keySource = details.keySource;
    if (details.partial !== undefined) this.partial = details.partial;
    if (details.incomplete !== undefined) this.incomplete = details.incomplete;
    if (details.retryAfter !== undefined) this.retryAfter = details.retryAfter;
  }
}

/** No AI key is available: callers send the user to /api-setup. */
export class AiKeyRequiredError extends AiError {
  override name = 'AiKeyRequiredError';
  constructor(message = 'API key required') {
    super(message, { status: 400, code: 'api_key_required' });
  }
}

/** The browser is offline, so nothing was sent. */
export class AiOfflineError extends AiError {
  override name = 'AiOfflineError';
  constructor(message = "You're offline. The assistant needs a connection.") {
    super(message, { status: 0, code: 'offline' });
  }
}

export const INTERRUPTED_MESSAGE = 'The connection was interrupted. The reply is incomplete.';
export const NETWORK_MESSAGE = 'Could not reach the Sprout server. Please check your connection and try again.';
export const INVALID_STREAM_MESSAGE = 'Invalid response from AI service.';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseRetryAfter(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/** The error for a non-2xx answer of /api/ai/* (JSON `{ error, message }` before any streaming). */
export function errorFromResponse(status: number, body: unknown, retryAfterHeader: string | null = null): AiError {
  const code = isRecord(body) && typeof body.error === 'string' ? body.error : undefined;
  const serverMessage =
    isRecord(body) && typeof body.message === 'string' && body.message.trim() !== '' ? body.message : undefined;
  if (code === 'api_key_required') return new AiKeyRequiredError(serverMessage);
  const retryAfter = parseRetryAfter(retryAfterHeader);
  let message: string;
  if (status === 401) message = 'Your session has ended. Please sign in again.';
  else if (status === 429) message = 'Rate limit exceeded. Please try again later.';
  else message = serverMessage ?? `API Error (${status})`;
  return new AiError(message, { status, code: 'http', ...(retryAfter !== undefined ? { retryAfter } : {}) });
}

/** The error for the server's `error` event (core/ai-events.ts reads its data). */
export function errorFromEvent(data: unknown, streamed: string): AiError {
  const event = readError(data);
  if (!event) return new AiError(INVALID_STREAM_MESSAGE, { status: 502, code: 'invalid', ...partialOf(streamed) });
  // 'no_plan': the answer arrived whole, it was just not a plan (a question, say). It is not part of a
  // reply to keep and mark incomplete; the message says what happened.
  const partial = event.partial ?? (event.code === 'no_plan' ? '' : streamed);
  return new AiError(event.message, {
    status: event.status,
    code: 'stream',
    ...(event.code !== undefined ? { reason: event.code } : {}),
    ...(event.requestId !== undefined ? { requestId: event.requestId } : {}),
    ...(event.keySource ? { keySource: event.keySource } : {}),
    ...partialOf(partial, event.incomplete === true || partial !== ''),
    ...(event.retryAfter !== undefined ? { retryAfter: event.retryAfter } : {}),
  });
}

/** The error when the stream stops (or breaks) before a `done` or `error` event. */
export function interruptedError(streamed: string): AiError {
  return new AiError(INTERRUPTED_MESSAGE, { status: 502, code: 'interrupted', ...partialOf(streamed, true) });
}

function partialOf(text: string, incomplete = text !== ''): Pick<AiErrorDetails, 'partial' | 'incomplete'> {
  return text === '' ? {} : { partial: text, incomplete };
}

/** True for a failure that came from the provider's side (the catalogue's 'Sorry, I encountered an error'). */
export function isStreamFailure(error: unknown): error is AiError {
  return (
    error instanceof AiError && (error.code === 'stream' || error.code === 'interrupted' || error.code === 'invalid')
  );
}

export { isAbortError } from '../../../lib/abort-error';
