// Calls to the OpenAI-compatible provider (POST /chat/completions, streamed or not; GET /models) with
// the key resolved for the request: the wire format read as it arrives (eventsource-parser) over
// provider-http.ts. Every failure comes out as a ProviderError whose `kind` the error mapping and the
// fallback rules understand; nothing is retried here (our rules apply, fallback.ts).
//
// The official SDK did this before: from a turn's prompt to the provider's first chunk in the SDK's
// hands, and again for each chunk, it took most of what the server added to the AI's time to the first
// character and to each chunk (docs/benchmarks.md, ai). Its behaviour is kept where the turn looks: an
// error object inside a 200 stream is a failure with that error's code, `[DONE]` ends the stream, a
// chunk that is not JSON is an invalid response.
import type { PromptMessage } from './prompts';
import { readText, releaseBody, sendProviderRequest, type ProviderResponse } from './provider-http';
import { createParser, type EventSourceMessage } from 'eventsource-parser';

export type ProviderErrorKind =
  /** The provider answered with an HTTP error status (or an error object inside the stream). */
  | 'status'
  /** A body that is not what the endpoint promises (not JSON, not SSE, malformed chunks). */
  | 'invalid_response'
  /** A well-formed reply without any text. */
  | 'empty'
  /** No response (or no further chunk) within the timeout. */
  | 'timeout'
  /** The connection failed or dropped. */
  | 'connection'
  /** Our side cancelled (the browser went away). */
  | 'aborted'
  | 'unexpected';

export class ProviderError extends Error {
  constructor(
    readonly kind: ProviderErrorKind,
    message: string,
    readonly details: { status?: number; body?: string; retryAfter?: number; cause?: unknown } = {},
  ) {
    super(message);
  }
}

export interface ProviderConfig {
  apiKey: string;
  baseUrl: string;
  timeoutMs: number;
}

export interface StreamRequest {
  model: string;
  messages: PromptMessage[];
  signal: AbortSignal;
  onDelta: (text: string) => void;
}

export interface CompleteRequest {
  model: string;
  messages: PromptMessage[];
  maxTokens: number;
  signal: AbortSignal;
}

/** What a header lookup needs: the response's headers, as Node gives them. */
type HeaderLookup = (name: string) => string | undefined;

/** Seconds from a Retry-After header (delta-seconds or an HTTP date), or from retry-after-ms. */
export function parseRetryAfter(header: HeaderLookup, now = Date.now()): number | undefined {
  const ms = header('retry-after-ms');
  if (ms && /^\d+(\.\d+)?$/.test(ms.trim())) return Math.ceil(Number(ms) / 1000);
  const value = header('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.ceil(Number(value));
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, Math.ceil((date - now) / 1000)) : undefined;
}

function headerOf(response: ProviderResponse): HeaderLookup {
  return (name) => {
    const value = response.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  };
}

/** The URL of an endpoint under the configured base (which may end in a slash or not). */
export function endpointUrl(baseUrl: string, path: string): URL {
  return new URL(`${baseUrl.replace(/\/+$/, '')}${path}`);
}

/** Node's codes for a connection that could not be made or dropped (a body cut short included). */
const CONNECTION_CODES =
  /^(ECONNRESET|ECONNREFUSED|EPIPE|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|ERR_STREAM_PREMATURE_CLOSE)$/;

function isConnectionFailure(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && CONNECTION_CODES.test(code);
}

/**
 * One exchange's deadline and cancellation: `signal` aborts when the caller's signal does or when the
 * timeout passes without `touch()` (the wait for the response, then each gap in its body).
 */
class Exchange {
  readonly #controller = new AbortController();
  readonly #outer: AbortSignal;
  readonly #timer: NodeJS.Timeout;
  readonly #abort = () => this.#controller.abort();
  timedOut = false;

  constructor(outer: AbortSignal, timeoutMs: number) {
    this.#outer = outer;
    if (outer.aborted) this.#controller.abort();
    else outer.addEventListener('abort', this.#abort, { once: true });
    this.#timer = setTimeout(() => {
      this.timedOut = true;
      this.#controller.abort();
    }, timeoutMs);
  }

  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  /** Something arrived: the timeout starts again (re-arming the one timer costs less than a new one). */
  touch(): void {
    this.#timer.refresh();
  }

  /** Why a failed exchange failed, as a ProviderError. */
  failure(error: unknown): ProviderError {
    if (error instanceof ProviderError) return error;
    if (this.timedOut) return new ProviderError('timeout', 'the AI provider did not respond in time', { cause: error });
    if (this.#outer.aborted) return new ProviderError('aborted', 'the request was cancelled', { cause: error });
    if (error instanceof SyntaxError) return new ProviderError('invalid_response', error.message, { cause: error });
    const message = error instanceof Error ? error.message : String(error);
    if (isConnectionFailure(error)) return new ProviderError('connection', message, { cause: error });
    return new ProviderError('unexpected', message, { cause: error });
  }

  close(): void {
    clearTimeout(this.#timer);
    this.#outer.removeEventListener('abort', this.#abort);
  }
}

/** An error object the provider sent inside a 200 stream (OpenRouter reports upstream failures so). */
function streamedError(inner: unknown): ProviderError {
  const code = (inner as { code?: unknown } | null)?.code;
  const status = typeof code === 'number' && code >= 400 && code < 600 ? code : 502;
  return new ProviderError('status', `provider reported ${status} in the stream`, {
    status,
    body: JSON.stringify(inner),
  });
}

async function statusError(response: ProviderResponse): Promise<ProviderError> {
  const body = await readText(response.body).catch(() => '');
  const retryAfter = parseRetryAfter(headerOf(response));
  return new ProviderError('status', `provider answered ${response.status}`, {
    status: response.status,
    body,
    ...(retryAfter !== undefined ? { retryAfter } : {}),
  });
}

/** The parsed JSON of a whole body; a body that is not JSON is an invalid response. */
async function readJson(response: ProviderResponse, exchange: Exchange): Promise<unknown> {
  const raw = await readText(response.body, () => exchange.touch());
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    const type = headerOf(response)('content-type') ?? 'no content type';
    throw new ProviderError('invalid_response', `expected JSON, got ${type}`);
  }
}

/** The text of a non-streamed completion body; throws invalid_response or empty. */
function completionText(body: unknown): string {
  if (typeof body !== 'object' || body === null || !Array.isArray((body as { choices?: unknown }).choices)) {
    throw new ProviderError('invalid_response', 'the completion is not an object with choices');
  }
  const choice = (body as { choices: unknown[] }).choices[0] as { message?: { content?: unknown } } | undefined;
  const content = choice?.message?.content;
  if (content !== undefined && content !== null && typeof content !== 'string') {
    throw new ProviderError('invalid_response', 'the completion content is not text');
  }
  if (!content || content.trim() === '') throw new ProviderError('empty', 'the completion has no text');
  return content;
}

/** The text of one streamed chunk (null when it carries none); throws for an error object in it. */
function chunkText(event: string | null, data: unknown): string | null {
  if (event === 'error') throw streamedError((data as { error?: unknown } | null)?.error ?? data);
  if (typeof data !== 'object' || data === null) return null;
  if ((data as { error?: unknown }).error) throw streamedError((data as { error: unknown }).error);
  const piece = (data as { choices?: { delta?: { content?: unknown } }[] }).choices?.[0]?.delta?.content;
  return typeof piece === 'string' && piece !== '' ? piece : null;
}

/** Reads an SSE completion as it arrives, calling onDelta with each piece; resolves with the whole text. */
async function readStream(
  response: ProviderResponse,
  exchange: Exchange,
  onDelta: (text: string) => void,
): Promise<string> {
  // eventsource-parser (also the browser's and the tests' reader) takes the text in pieces cut anywhere.
  let events: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (message) => events.push(message) });
  let text = '';
  let chunks = 0;
  response.body.setEncoding('utf8');
  // Not destroyed when the loop stops at `[DONE]`: exchange() lets the body end on its connection.
  read: for await (const piece of response.body.iterator({ destroyOnReturn: false })) {
    exchange.touch();
    parser.feed(piece as string);
    const arrived = events;
    events = [];
    for (const { event, data } of arrived) {
      if (data === '[DONE]') break read;
      let parsed: unknown;
      try {
        parsed = JSON.parse(data) as unknown;
      } catch {
        throw new ProviderError('invalid_response', 'malformed server-sent event JSON');
      }
      chunks += 1;
      const delta = chunkText(event ?? null, parsed);
      if (delta !== null) {
        text += delta;
        onDelta(delta);
      }
    }
  }
  // An abort or timeout mid-body fails the loop above; this says why a quiet end ended.
  if (exchange.timedOut) throw new ProviderError('timeout', 'the AI provider stopped sending');
  if (chunks === 0) throw new ProviderError('invalid_response', 'the event stream held no completion chunks');
  if (text.trim() === '') throw new ProviderError('empty', 'the stream carried no text');
  return text;
}

/** The most inputs one embeddings request carries (OpenAI takes 2,048; smaller batches fail smaller). */
export const EMBED_BATCH = 64;

/** One embedding as sent: base64 of little-endian float32 (asked for), or a list of numbers (servers that ignore the ask). */
function vectorOf(embedding: unknown): Float32Array {
  if (typeof embedding === 'string') {
    const bytes = Buffer.from(embedding, 'base64');
    if (bytes.length === 0 || bytes.length % 4 !== 0)
      throw new ProviderError('invalid_response', 'an embedding is not base64 of float32 numbers');
    const vector = new Float32Array(bytes.length / 4);
    for (let i = 0; i < vector.length; i++) vector[i] = bytes.readFloatLE(i * 4);
    if (!vector.every(Number.isFinite)) throw new ProviderError('invalid_response', 'an embedding holds no number');
    return vector;
  }
  if (!Array.isArray(embedding) || embedding.length === 0 || !embedding.every((x) => Number.isFinite(x)))
    throw new ProviderError('invalid_response', 'an embedding is not a list of numbers');
  return Float32Array.from(embedding as number[]);
}

/** The vectors of an embeddings body, in the order of the inputs; throws invalid_response or empty. */
export function embeddingsOf(body: unknown, count: number): Float32Array[] {
  const data = typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : undefined;
  if (!Array.isArray(data)) throw new ProviderError('invalid_response', 'the embeddings have no data array');
  if (data.length === 0) throw new ProviderError('empty', 'the embeddings list is empty');
  if (data.length !== count)
    throw new ProviderError('invalid_response', `expected ${count} embeddings, got ${data.length}`);
  const vectors: Float32Array[] = new Array<Float32Array>(count);
  data.forEach((item, position) => {
    const { index = position, embedding } = (item ?? {}) as { index?: unknown; embedding?: unknown };
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= count || vectors[index])
      throw new ProviderError('invalid_response', 'an embedding has no valid index');
    vectors[index] = vectorOf(embedding);
  });
  const dimensions = vectors[0]!.length;
  if (vectors.some((vector) => vector.length !== dimensions))
    throw new ProviderError('invalid_response', 'the embeddings differ in length');
  return vectors;
}

export function createProvider(config: ProviderConfig) {
  const headers = (accept: string): Record<string, string> => ({
    authorization: `Bearer ${config.apiKey}`,
    accept,
    'x-title': 'Sprout',
  });

  /** Runs one exchange: `read` gets a 2xx response; other statuses and every failure become ProviderErrors. */
  async function exchange<T>(
    signal: AbortSignal,
    path: string,
    init: { method: 'GET' | 'POST'; accept: string; body?: unknown },
    read: (response: ProviderResponse, exchange: Exchange) => Promise<T>,
  ): Promise<T> {
    const current = new Exchange(signal, config.timeoutMs);
    let response: ProviderResponse | undefined;
    let succeeded = false;
    try {
      const requestHeaders = headers(init.accept);
      if (init.body !== undefined) requestHeaders['content-type'] = 'application/json';
      response = await sendProviderRequest(endpointUrl(config.baseUrl, path), {
        method: init.method,
        headers: requestHeaders,
        ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
        signal: current.signal,
      });
      current.touch();
      if (response.status < 200 || response.status >= 300) throw await statusError(response);
      const result = await read(response, current);
      succeeded = true;
      return result;
    } catch (error) {
      throw current.failure(error);
    } finally {
      current.close();
      // After a failure, what was not read is given up with its connection (the provider stops).
      if (response && succeeded) releaseBody(response.body);
      else response?.body.destroy();
    }
  }

  return {
    /**
     * Streams a chat completion, calling onDelta with each piece of text as it arrives. The timeout
     * covers the wait for the response and then each gap between chunks. Resolves with the whole text.
     */
    streamChat(request: StreamRequest): Promise<string> {
      const body = { model: request.model, messages: request.messages, stream: true };
      return exchange(
        request.signal,
        '/chat/completions',
        { method: 'POST', accept: 'text/event-stream, application/json', body },
        async (response, current) => {
          const type = headerOf(response)('content-type') ?? '';
          if (/text\/event-stream/i.test(type)) return readStream(response, current, request.onDelta);
          // Some compatible servers ignore `stream: true` and send one JSON completion.
          let completion: unknown;
          try {
            completion = await readJson(response, current);
          } catch (error) {
            if (error instanceof ProviderError)
              throw new ProviderError('invalid_response', `expected an event stream, got ${type || 'no content type'}`);
            throw error;
          }
          const text = completionText(completion);
          request.onDelta(text);
          return text;
        },
      );
    },

    /** One non-streamed completion (the fallback). */
    complete(request: CompleteRequest): Promise<string> {
      const body = { model: request.model, messages: request.messages, max_tokens: request.maxTokens };
      return exchange(
        request.signal,
        '/chat/completions',
        { method: 'POST', accept: 'application/json', body },
        async (response, current) => completionText(await readJson(response, current)),
      );
    },

    /** The embeddings of `inputs`, in their order (POST /embeddings, at most EMBED_BATCH at once). */
    embed(request: { model: string; inputs: string[]; signal: AbortSignal }): Promise<Float32Array[]> {
      // base64 as OpenAI's own SDK asks: a quarter of the bytes of the numbers written out, and no JSON
      // number parsing; a server that ignores it sends numbers, which are read too.
      const body = { model: request.model, input: request.inputs, encoding_format: 'base64' };
      return exchange(
        request.signal,
        '/embeddings',
        { method: 'POST', accept: 'application/json', body },
        async (response, current) => embeddingsOf(await readJson(response, current), request.inputs.length),
      );
    },

    /** The connection test: how many models the key can see. */
    countModels(signal: AbortSignal): Promise<number> {
      return exchange(signal, '/models', { method: 'GET', accept: 'application/json' }, async (response, current) => {
        const body = await readJson(response, current);
        const data = typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : undefined;
        if (!Array.isArray(data)) throw new ProviderError('invalid_response', 'the models list has no data array');
        return data.length;
      });
    },
  };
}

export type AiProvider = ReturnType<typeof createProvider>;
