// Provider failures in the words of the spec's error catalogue (section 8), plus when the fallback may run.
import type { AiErrorPayload, AiKeySource } from '#core/ai-events';
import type { ProviderError } from './provider';
import { redactSecret } from './redact-secret';

/** Longest provider error body quoted back to the user. */
export const ERROR_BODY_MAX_CHARS = 300;

/** A failed turn in the catalogue's words: the `error` event's data (core/ai-events.ts) before the request's own parts. */
export type TurnErrorPayload = Omit<AiErrorPayload, 'requestId' | 'partial' | 'incomplete'>;

export const DEFAULT_TURN_MESSAGES = {
  expand: 'Failed to process your idea',
  conversation: 'Failed to continue the conversation',
  chat: 'Failed to process chat message',
  actionItems: 'Failed to find action items',
} as const;

/** The catalogue's words when a plan answer still did not conform after the corrective attempt. */
export const NO_PLAN_MESSAGE = 'The assistant did not return a plan. Try again.';

/** Seconds a browser is asked to wait before trying a turn again that a server shutdown ended. */
export const SHUTDOWN_RETRY_AFTER_S = 5;

/**
 * A turn ended because this server is shutting down (a restart or a deploy): retryable, and the next
 * attempt reaches this server once it is back or another one behind the proxy.
 */
export function describeShutdown(): TurnErrorPayload {
  return {
    status: 503,
    code: 'server_restarting',
    message: 'The server is restarting. Please try again in a moment.',
    retryAfter: SHUTDOWN_RETRY_AFTER_S,
  };
}

/** A provider's body, shortened and with the key in use cut out, should the provider echo it. */
export function quoteBody(body: string | undefined, apiKey: string): string {
  let text = (body ?? '').trim();
  if (apiKey.length >= 4) text = redactSecret(text, apiKey);
  text = text.replace(/\s+/g, ' ');
  return text.length > ERROR_BODY_MAX_CHARS ? `${text.slice(0, ERROR_BODY_MAX_CHARS)}…` : text;
}

/** Fallback only for timeouts, connection errors and 5xx, never for 401/429/other 4xx (ARCHITECTURE 9.9). */
export function allowsFallback(error: ProviderError): boolean {
  if (error.kind === 'timeout' || error.kind === 'connection') return true;
  return error.kind === 'status' && (error.details.status ?? 0) >= 500;
}

export interface WordingContext {
  providerName: string;
  apiKey: string;
  /** Whose key the request used: key problems name it. */
  keySource: AiKeySource;
  defaultMessage: string;
}

/** The sentence for a failed call. The provider's body is not in it: the caller logs it (logDetail). */
export function describeFailure(error: ProviderError, context: WordingContext): TurnErrorPayload {
  const status = error.details.status;
  const provider = context.providerName;
  const whose = context.keySource === 'server' ? `The server's ${provider} API key` : `Your ${provider} API key`;
  switch (error.kind) {
    case 'status':
      if (status === 401) {
        return {
          status,
          code: 'invalid_key',
          keySource: context.keySource,
          message:
            context.keySource === 'server'
              ? `Invalid API key. The server's ${provider} API key was refused; please tell whoever runs this Sprout server.`
              : `Invalid API key. Please check your ${provider} API key.`,
        };
      }
      if (status === 429) {
        return {
          status,
          code: 'rate_limited',
          message: 'Rate limit exceeded. Please try again later.',
          ...(error.details.retryAfter !== undefined ? { retryAfter: error.details.retryAfter } : {}),
        };
      }
      if (status === 402 || status === 403) {
        return {
          status,
          code: 'invalid_key',
          keySource: context.keySource,
          message: `API Error (${status}): ${whose} is not allowed to use this model or has no credits left.`,
        };
      }
      return {
        status: status ?? 502,
        code: 'provider_error',
        message: `API Error (${status ?? 502}): the ${provider} API ${(status ?? 502) >= 500 ? 'failed to answer' : 'refused the request'}.`,
      };
    case 'invalid_response':
      return { status: 502, code: 'invalid_response', message: 'Invalid response from AI service.' };
    case 'empty':
      return { status: 502, code: 'empty', message: 'No response generated.' };
    case 'timeout':
      return {
        status: 504,
        code: 'timeout',
        message: `The ${provider} API did not respond in time. Please try again.`,
      };
    case 'connection':
      return {
        status: 502,
        code: 'connection',
        message: `Could not connect to the ${provider} API. Please check the connection and try again.`,
      };
    default:
      return { status: 500, code: 'unexpected', message: context.defaultMessage };
  }
}

/** What goes to the server log about a failure (the request id comes with the request's logger). */
export function logDetail(error: ProviderError, apiKey: string): Record<string, unknown> {
  return {
    kind: error.kind,
    status: error.details.status,
    providerMessage: quoteBody(error.message, apiKey),
    ...(error.details.body !== undefined ? { providerBody: quoteBody(error.details.body, apiKey) } : {}),
  };
}

/** The message when a stream broke after some text had already been sent. */
export function describeInterruption(error: ProviderError, context: WordingContext): TurnErrorPayload {
  if (error.kind === 'timeout') {
    return {
      status: 504,
      code: 'interrupted',
      message: `The ${context.providerName} API stopped responding. The reply is incomplete.`,
    };
  }
  if (error.kind === 'connection') {
    return {
      status: 502,
      code: 'interrupted',
      message: `The connection to the ${context.providerName} API was interrupted. The reply is incomplete.`,
    };
  }
  return describeFailure(error, context);
}

/** The provider's own error sentence from an OpenAI-style body ({"error": {"message"}}), else the body. */
export function providerErrorText(body: string | undefined): string {
  try {
    const parsed = JSON.parse(body ?? '') as { error?: { message?: unknown } | string; message?: unknown };
    const inner = typeof parsed.error === 'object' ? parsed.error?.message : parsed.error;
    const text = typeof inner === 'string' ? inner : typeof parsed.message === 'string' ? parsed.message : undefined;
    if (text && text.trim() !== '') return text;
  } catch {
    // not JSON: the body itself
  }
  return body ?? '';
}

/** The connection test's failure message: 'Connection test failed: {status} {body}' (spec section 8). */
export function describeStatusFailure(
  error: ProviderError,
  context: { providerName: string; apiKey: string },
): { code: string; message: string; status?: number } {
  const prefix = 'Connection test failed:';
  const status = error.details.status;
  switch (error.kind) {
    case 'status':
      return {
        code: status === 401 ? 'invalid_api_key' : status === 429 ? 'rate_limited' : 'provider_error',
        message: `${prefix} ${status} ${quoteBody(providerErrorText(error.details.body), context.apiKey)}`.trim(),
        ...(status !== undefined ? { status } : {}),
      };
    case 'invalid_response':
      return { code: 'invalid_response', message: `${prefix} Invalid response from AI service.` };
    case 'timeout':
      return { code: 'timeout', message: `${prefix} the ${context.providerName} API did not respond in time.` };
    case 'connection':
      return { code: 'connection_error', message: `${prefix} could not connect to the ${context.providerName} API.` };
    default:
      return { code: 'provider_error', message: `${prefix} ${quoteBody(error.message, context.apiKey)}` };
  }
}
