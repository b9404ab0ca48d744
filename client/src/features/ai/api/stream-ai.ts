// The AI client: POSTs to /api/ai/<endpoint> with the user's bearer token and reads the reply's event
// stream with fetch (EventSource can neither POST nor send a bearer, ARCHITECTURE 9.9). Resolves with
// the `done` payload; rejects with an AiError (or the AbortError when the caller aborted).
import { getAuthClient } from '../../../lib/supabase';
import {
  AiError,
  AiOfflineError,
  errorFromEvent,
  errorFromResponse,
  interruptedError,
  INVALID_STREAM_MESSAGE,
  isAbortError,
  NETWORK_MESSAGE,
} from './ai-errors';
import type { AiDonePayload } from '#core/ai-events';
import { createAiEventDecoder, type AiStreamEvent } from './sse-events';

export type AiEndpoint = 'expand' | 'conversation' | 'chat' | 'ask' | 'action-items';

export interface StreamAiOptions {
  signal?: AbortSignal;
  /** Each piece of text as it arrives, and everything received so far ('' and '' after a restart). */
  onDelta?: (text: string, received: string) => void;
  /** For tests and the benchmark: the transport, the token and the connectivity check. */
  fetch?: typeof fetch;
  getAccessToken?: () => Promise<string | null>;
  isOnline?: () => boolean;
  /** Origin of the server; default: this page's. */
  baseUrl?: string;
}

async function sessionAccessToken(): Promise<string | null> {
  const { data } = await (await getAuthClient()).getSession();
  return data.session?.access_token ?? null;
}

const browserOnline = () => (typeof navigator === 'undefined' ? true : navigator.onLine);

async function readJson(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return undefined;
  }
}

export async function streamAi(
  endpoint: AiEndpoint,
  body: unknown,
  options: StreamAiOptions = {},
): Promise<AiDonePayload> {
  const isOnline = options.isOnline ?? browserOnline;
  if (!isOnline()) throw new AiOfflineError();
  const doFetch = options.fetch ?? fetch;
  const token = await (options.getAccessToken ?? sessionAccessToken)();
  if (!token) throw new AiError('Your session has ended. Please sign in again.', { status: 401, code: 'http' });

  let response: Response;
  try {
    response = await doFetch(`${options.baseUrl ?? ''}/api/ai/${endpoint}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream', Authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
      signal: options.signal,
    });
  } catch (error) {
    if (isAbortError(error) || options.signal?.aborted) throw error;
    if (!isOnline()) throw new AiOfflineError();
    throw new AiError(NETWORK_MESSAGE, { status: 0, code: 'network' });
  }

  if (!response.ok)
    throw errorFromResponse(response.status, await readJson(response), response.headers.get('Retry-After'));
  if (!response.body || !(response.headers.get('Content-Type') ?? '').includes('text/event-stream')) {
    throw new AiError(INVALID_STREAM_MESSAGE, { status: response.status, code: 'invalid' });
  }
  return readEventStream(response.body, options);
}

/** Reads an AI event stream to its end: the `done` payload, or the AiError its events describe. */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  options: Pick<StreamAiOptions, 'signal' | 'onDelta'> = {},
): Promise<AiDonePayload> {
  let received = '';
  let outcome: { done: AiDonePayload } | { error: AiError } | null = null;
  const decoder = createAiEventDecoder((event: AiStreamEvent) => {
    if (outcome) return;
    switch (event.type) {
      case 'delta':
        if (event.text === '') return;
        received += event.text;
        options.onDelta?.(event.text, received);
        return;
      case 'restart':
        received = '';
        options.onDelta?.('', '');
        return;
      case 'done':
        outcome = { done: event.payload };
        return;
      case 'error':
        outcome = { error: errorFromEvent(event.data, received) };
        return;
      case 'invalid':
        outcome = {
          error: new AiError(INVALID_STREAM_MESSAGE, {
            status: 502,
            code: 'invalid',
            ...(received ? { partial: received, incomplete: true } : {}),
          }),
        };
        return;
    }
  });

  const reader = body.getReader();
  try {
    while (!outcome) {
      const { value, done } = await reader.read();
      if (done) {
        decoder.end();
        break;
      }
      decoder.push(value);
    }
  } catch (error) {
    if (isAbortError(error) || options.signal?.aborted) throw error;
    // The connection broke mid-stream: what arrived is kept, marked incomplete.
    throw interruptedError(received);
  } finally {
    // Stop reading once an outcome is known (or on failure); the server ends the stream anyway.
    void reader.cancel().catch(() => undefined);
  }
  if (options.signal?.aborted) throw new DOMException('The request was aborted.', 'AbortError');
  const result = outcome as { done: AiDonePayload } | { error: AiError } | null;
  if (!result) throw interruptedError(received);
  if ('error' in result) throw result.error;
  return result.done;
}
