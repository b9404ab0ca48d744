// The wire shapes of the AI endpoints' answers (docs/api.md): the provider key's status (never the key
// itself), the connection test, and the data of a turn's `done` and `error` events (core/ai-events.ts).
import { parseAiResult } from '#core/action-steps';
import type { AiDonePayload, AiErrorPayload, AiKeySource } from '#core/ai-events';
import type { ConnectionTest } from './connection-test';
import { allowsFallback, describeStatusFailure } from './error-messages';

export interface KeyStatus {
  available: boolean;
  source: AiKeySource | null;
  /** Only for a signed-in caller with a stored key long enough to show it. */
  last4: string | null;
}

/** GET /api/openrouter-key and PUT /api/ai/key: whether a key is available and whose. */
export function presentKeyStatus(hasServerKey: boolean, stored: { last4: string | null } | null): KeyStatus {
  if (hasServerKey) return { available: true, source: 'server', last4: stored?.last4 ?? null };
  if (stored) return { available: true, source: 'user', last4: stored.last4 };
  return { available: false, source: null, last4: null };
}

/** GET /api/ai/status: `{ ok, message, models, source, code? ... }`; a failure says whether the fallback answers it. */
export function presentConnectionTest(test: ConnectionTest, providerName: string): Record<string, unknown> {
  if (test.outcome === 'no_key')
    return { ok: false, code: 'api_key_required', message: 'API key required', models: 0, source: null };
  if (test.outcome === 'connected') {
    return {
      ok: true,
      message: `Successfully connected to ${providerName} API`,
      models: test.models,
      source: test.key.source,
    };
  }
  const described = describeStatusFailure(test.failure, { providerName, apiKey: test.key.apiKey });
  return { ok: false, ...described, fallback: allowsFallback(test.failure), models: 0, source: test.key.source };
}

/** The `done` event: the whole reply, split into the plan's parts when the turn asked for a plan. */
export function presentDone(text: string, plan: boolean, usingFallback: boolean): AiDonePayload {
  return plan ? { text, ...parseAiResult(text), usingFallback } : { text, usingFallback };
}

/** The `error` event: the failure in the catalogue's words, with the id under which the request was logged. */
export function presentError(failure: Omit<AiErrorPayload, 'requestId'>, requestId: string): AiErrorPayload {
  return { ...failure, requestId };
}
