// Provider failures in the words of the spec's error catalogue (section 8), plus when the fallback may run.
import type { ProviderError } from './provider';
import { redactSecret } from './redact-secret';

/** Longest provider error body quoted back to the user. */
export const ERROR_BODY_MAX_CHARS = 300;

export interface TurnErrorPayload {
  status: number;
  message: string;
  retryAfter?: number;
}

export const DEFAULT_TURN_MESSAGES = {
  expand: 'Failed to process your idea',
  conversation: 'Failed to continue the conversation',
  chat: 'Failed to process chat message',
} as const;

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

export function describeFailure(
  error: ProviderError,
  context: { providerName: string; apiKey: string; defaultMessage: string },
): TurnErrorPayload {
  const status = error.details.status;
  switch (error.kind) {
    case 'status':
      if (status === 401) return { status, message: `Invalid API key. Please check your ${context.providerName} API key.` };
      if (status === 429) {
        return {
          status,
          message: 'Rate limit exceeded. Please try again later.',
          ...(error.details.retryAfter !== undefined ? { retryAfter: error.details.retryAfter } : {}),
        };
      }
      return { status: status ?? 502, message: `API Error (${status ?? 502}): ${quoteBody(error.details.body, context.apiKey)}` };
    case 'invalid_response':
      return { status: 502, message: 'Invalid response from AI service.' };
    case 'empty':
      return { status: 502, message: 'No response generated.' };
    case 'timeout':
      return { status: 504, message: `The ${context.providerName} API did not respond in time. Please try again.` };
    case 'connection':
      return { status: 502, message: `Could not connect to the ${context.providerName} API. Please check the connection and try again.` };
    default:
      return { status: 500, message: context.defaultMessage };
  }
}

/** The message when a stream broke after some text had already been sent. */
export function describeInterruption(error: ProviderError, context: { providerName: string; apiKey: string; defaultMessage: string }): TurnErrorPayload {
  if (error.kind === 'timeout') {
    return { status: 504, message: `The ${context.providerName} API stopped responding. The reply is incomplete.` };
  }
  if (error.kind === 'connection') {
    return { status: 502, message: `The connection to the ${context.providerName} API was interrupted. The reply is incomplete.` };
  }
  return describeFailure(error, context);
}

/** The connection test's failure message: 'Connection test failed: {status} {body}' (spec section 8). */
export function describeStatusFailure(error: ProviderError, context: { providerName: string; apiKey: string }): { code: string; message: string; status?: number } {
  const prefix = 'Connection test failed:';
  const status = error.details.status;
  switch (error.kind) {
    case 'status':
      return {
        code: status === 401 ? 'invalid_api_key' : status === 429 ? 'rate_limited' : 'provider_error',
        message: `${prefix} ${status} ${quoteBody(error.details.body, context.apiKey)}`.trim(),
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
