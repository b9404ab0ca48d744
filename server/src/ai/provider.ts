// Calls to the OpenAI-compatible provider through the official SDK, one client per call with the key
// resolved for that request. Every failure comes out as a ProviderError whose `kind` the error
// mapping and the fallback rules understand; the SDK's own retries are off (our rules apply).
import type * as OpenAISdk from 'openai';
import type OpenAI from 'openai';
import type { FastifyBaseLogger } from 'fastify';
import type { PromptMessage } from './prompts';
import { providerFetch } from './provider-fetch';

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
  log: FastifyBaseLogger;
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

type Sdk = typeof OpenAISdk;
let sdk: Promise<Sdk> | undefined;

/**
 * The SDK, loaded on first use: it was a quarter of what the server imported before it could answer.
 * main.ts warms it once the server listens, so the first AI request does not wait for it either.
 */
export function loadSdk(): Promise<Sdk> {
  sdk ??= import('openai');
  return sdk;
}

/** Error bodies as the provider sent them, which the SDK only keeps in parsed form. */
interface Capture {
  errorBody?: string;
}

function makeClient(openai: Sdk, config: ProviderConfig, capture: Capture): OpenAI {
  const log = config.log;
  return new openai.default({
    apiKey: config.apiKey,
    baseURL: config.baseUrl,
    maxRetries: 0,
    timeout: config.timeoutMs,
    // Nothing from the SDK's environment variables: this server talks to the provider it was configured for.
    organization: null,
    project: null,
    adminAPIKey: null,
    webhookSecret: null,
    defaultHeaders: { 'X-Title': 'Sprout' },
    logLevel: 'warn',
    logger: {
      error: (...args: unknown[]) => log.warn({ sdk: args.map(String) }, 'AI SDK error'),
      warn: (...args: unknown[]) => log.warn({ sdk: args.map(String) }, 'AI SDK warning'),
      info: () => undefined,
      debug: () => undefined,
    },
    fetch: async (input, init) => {
      const response = await providerFetch(input, init);
      if (response.ok) return response;
      const text = await response.text().catch(() => '');
      capture.errorBody = text;
      return new Response(text, { status: response.status, statusText: response.statusText, headers: response.headers });
    },
  });
}

/** Seconds from a Retry-After header (delta-seconds or an HTTP date), or from retry-after-ms. */
export function parseRetryAfter(headers: Headers | undefined, now = Date.now()): number | undefined {
  const ms = headers?.get('retry-after-ms');
  if (ms && /^\d+(\.\d+)?$/.test(ms.trim())) return Math.ceil(Number(ms) / 1000);
  const value = headers?.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.ceil(Number(value));
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, Math.ceil((date - now) / 1000)) : undefined;
}

const CONNECTION_CODES = /^(ECONNRESET|ECONNREFUSED|EPIPE|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|UND_ERR_\w+)$/;

function isConnectionFailure(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && CONNECTION_CODES.test(code)) return true;
    const message = (e as { message?: unknown }).message;
    if (e instanceof TypeError && (message === 'terminated' || message === 'fetch failed')) return true;
  }
  return false;
}

function toProviderError(error: unknown, capture: Capture, state: { timedOut: boolean; signal: AbortSignal }, openai: Sdk | undefined): ProviderError {
  if (error instanceof ProviderError) return error;
  const { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } = openai ?? {};
  if (state.timedOut || (APIConnectionTimeoutError && error instanceof APIConnectionTimeoutError)) {
    return new ProviderError('timeout', 'the AI provider did not respond in time', { cause: error });
  }
  if (state.signal.aborted || (APIUserAbortError && error instanceof APIUserAbortError)) {
    return new ProviderError('aborted', 'the request was cancelled', { cause: error });
  }
  if (APIConnectionError && error instanceof APIConnectionError) return new ProviderError('connection', error.message, { cause: error });
  if (APIError && error instanceof APIError) {
    const retryAfter = parseRetryAfter(error.headers);
    if (typeof error.status === 'number') {
      const body = capture.errorBody ?? (error.error === undefined ? '' : JSON.stringify(error.error));
      return new ProviderError('status', `provider answered ${error.status}`, {
        status: error.status,
        body,
        ...(retryAfter !== undefined ? { retryAfter } : {}),
        cause: error,
      });
    }
    // An error object inside a 200 stream (OpenRouter reports upstream failures so): use its code.
    const inner = error.error as { code?: unknown } | undefined;
    const status = typeof inner?.code === 'number' && inner.code >= 400 && inner.code < 600 ? inner.code : 502;
    return new ProviderError('status', `provider reported ${status} in the stream`, {
      status,
      body: error.error === undefined ? error.message : JSON.stringify(error.error),
      cause: error,
    });
  }
  if (error instanceof SyntaxError) return new ProviderError('invalid_response', error.message, { cause: error });
  if (isConnectionFailure(error)) return new ProviderError('connection', (error as Error).message, { cause: error });
  return new ProviderError('unexpected', error instanceof Error ? error.message : String(error), { cause: error });
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

function linkAbort(outer: AbortSignal, inner: AbortController): () => void {
  const abort = () => inner.abort();
  if (outer.aborted) abort();
  else outer.addEventListener('abort', abort, { once: true });
  return () => outer.removeEventListener('abort', abort);
}

export function createProvider(config: ProviderConfig) {
  return {
    /**
     * Streams a chat completion, calling onDelta with each piece of text as it arrives. The timeout
     * covers the wait for the response and then each gap between chunks. Resolves with the whole text.
     */
    async streamChat(request: StreamRequest): Promise<string> {
      const capture: Capture = {};
      let openai: Sdk | undefined;
      const controller = new AbortController();
      const unlink = linkAbort(request.signal, controller);
      const state = { timedOut: false, signal: request.signal };
      let idle: NodeJS.Timeout | undefined;
      const armIdleTimer = () => {
        clearTimeout(idle);
        idle = setTimeout(() => {
          state.timedOut = true;
          controller.abort();
        }, config.timeoutMs);
      };
      try {
        openai = await loadSdk();
        const client = makeClient(openai, config, capture);
        const { data: stream, response } = await client.chat.completions
          .create({ model: request.model, messages: request.messages, stream: true }, { signal: controller.signal })
          .withResponse();
        armIdleTimer();
        const contentType = response.headers.get('content-type') ?? '';
        if (!/text\/event-stream/i.test(contentType)) {
          // Some compatible servers ignore `stream: true` and send one JSON completion.
          const raw = await response.text();
          let body: unknown;
          try {
            body = JSON.parse(raw) as unknown;
          } catch {
            throw new ProviderError('invalid_response', `expected an event stream, got ${contentType || 'no content type'}`);
          }
          const text = completionText(body);
          request.onDelta(text);
          return text;
        }
        let text = '';
        let chunks = 0;
        for await (const chunk of stream) {
          armIdleTimer();
          chunks += 1;
          const piece: unknown = chunk.choices?.[0]?.delta?.content;
          if (typeof piece === 'string' && piece !== '') {
            text += piece;
            request.onDelta(piece);
          }
        }
        // The SDK ends the loop quietly when the request is aborted: say why it ended.
        if (state.timedOut) throw new ProviderError('timeout', 'the AI provider stopped sending');
        if (request.signal.aborted) throw new ProviderError('aborted', 'the request was cancelled');
        if (chunks === 0) throw new ProviderError('invalid_response', 'the event stream held no completion chunks');
        if (text.trim() === '') throw new ProviderError('empty', 'the stream carried no text');
        return text;
      } catch (error) {
        throw toProviderError(error, capture, state, openai);
      } finally {
        clearTimeout(idle);
        unlink();
      }
    },

    /** One non-streamed completion (the fallback). */
    async complete(request: CompleteRequest): Promise<string> {
      const capture: Capture = {};
      let openai: Sdk | undefined;
      const state = { timedOut: false, signal: request.signal };
      try {
        openai = await loadSdk();
        const client = makeClient(openai, config, capture);
        const body: unknown = await client.chat.completions.create(
          { model: request.model, messages: request.messages, max_tokens: request.maxTokens },
          { signal: request.signal },
        );
        return completionText(body);
      } catch (error) {
        throw toProviderError(error, capture, state, openai);
      }
    },

    /** The connection test: how many models the key can see. */
    async countModels(signal: AbortSignal): Promise<number> {
      const capture: Capture = {};
      let openai: Sdk | undefined;
      const state = { timedOut: false, signal };
      try {
        openai = await loadSdk();
        const client = makeClient(openai, config, capture);
        const body: unknown = await client.get<unknown>('/models', { signal });
        const data = typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : undefined;
        if (!Array.isArray(data)) throw new ProviderError('invalid_response', 'the models list has no data array');
        return data.length;
      } catch (error) {
        throw toProviderError(error, capture, state, openai);
      }
    },
  };
}

export type AiProvider = ReturnType<typeof createProvider>;
