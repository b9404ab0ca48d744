// The connection test's texts (spec section 8): the server's success message, and the failure detail
// shown to the user: an invalid key, or any other failure.
import { z } from 'zod';

export type KeySource = 'server' | 'user';

/** GET /api/ai/status's answer (docs/api.md). */
export const statusResponseSchema = z.object({
  ok: z.boolean(),
  message: z.string().catch(''),
  models: z.number().int().nonnegative().catch(0),
  source: z.enum(['server', 'user']).nullable().catch(null),
  code: z.string().optional().catch(undefined),
  status: z.number().optional().catch(undefined),
  /** The failure is one the server's fallback completion answers (timeouts, connection errors, 5xx). */
  fallback: z.boolean().optional().catch(undefined),
});

export interface ConnectionFailure {
  message?: string;
  code?: string;
  status?: number;
  /** The fallback would answer this failure: only then is it promised. */
  fallback?: boolean;
  /** Whose key failed. */
  source?: KeySource | null;
}

const INVALID_KEY_PATTERN = /invalid[\s_-]*(api[\s_-]*)?key|key[^.]*\binvalid\b|unauthori[sz]ed|\b401\b/i;

/** Whether a failure says the key was refused. */
export function mentionsInvalidKey(failure: ConnectionFailure): boolean {
  if (failure.code === 'invalid_api_key' || failure.status === 401) return true;
  return INVALID_KEY_PATTERN.test(`${failure.code ?? ''} ${failure.message ?? ''}`);
}

/**
 * 'Your {provider} API key appears to be invalid.' (or the server's, naming whose key failed), else
 * 'Failed to connect to {provider} API.', with 'Local AI will be used as fallback.' only when the
 * server's fallback answers this kind of failure.
 */
export function connectionFailureDetail(providerName: string, failure: ConnectionFailure): string {
  if (mentionsInvalidKey(failure)) {
    return failure.source === 'server'
      ? `The server's ${providerName} API key appears to be invalid.`
      : `Your ${providerName} API key appears to be invalid.`;
  }
  return failure.fallback
    ? `Failed to connect to ${providerName} API. Local AI will be used as fallback.`
    : `Failed to connect to ${providerName} API.`;
}

/** When neither the server nor the user has a key (the server answers code 'api_key_required'). */
export function keyRequiredDetail(providerName: string): string {
  return `No ${providerName} API key is set up yet. Add your API key to use the AI assistant.`;
}

/** How a key source reads in the Connection Status details. */
export function keySourceLabel(source: KeySource | null): string {
  if (source === 'server') return 'Server key';
  if (source === 'user') return 'Your API key';
  return 'None';
}
