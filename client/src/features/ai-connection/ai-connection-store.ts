// The AI connection status shared by every screen (Settings, the idea input's badge): untested, connecting
// (while a test runs), then connected or failed (spec section 4). A test is GET /api/ai/status, which
// lists the provider's models with the key in use. The status belongs to the user who ran the test.
import { authorizedFetch } from '../../lib/authorized-fetch';
import { connectionFailureDetail, keyRequiredDetail, statusResponseSchema, type KeySource } from './connection-messages';
import { DEFAULT_PROVIDER_NAME, getProviderName } from './provider-name';

export type AiConnectionStatus = 'untested' | 'connecting' | 'connected' | 'failed';

export interface AiConnectionSnapshot {
  status: AiConnectionStatus;
  /** The server's message: 'Successfully connected to {provider} API' or 'Connection test failed: ...'. */
  message: string;
  /** For the user: the success message, or the spec's failure detail. '' before a test. */
  detail: string;
  /** Models the provider lists for the key (0 unless connected). */
  models: number;
  /** Whose key was used: the server's secret or the user's own. */
  source: KeySource | null;
  /** No key at all: the user should visit /api-setup. */
  keyRequired: boolean;
  /** When the last test finished (ms since the epoch). */
  testedAt: number | null;
}

export const UNTESTED: AiConnectionSnapshot = Object.freeze({
  status: 'untested',
  message: '',
  detail: '',
  models: 0,
  source: null,
  keyRequired: false,
  testedAt: null,
});

let state: AiConnectionSnapshot = UNTESTED;
let stateUserId: string | null = null;
let running: { userId: string | null; promise: Promise<AiConnectionSnapshot> } | null = null;
const listeners = new Set<() => void>();

function setState(userId: string | null, next: AiConnectionSnapshot): void {
  state = next;
  stateUserId = userId;
  for (const listener of listeners) listener();
}

export function subscribeAiConnection(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The status as seen by `userId` (untested when the last test was another user's). */
export function getAiConnection(userId: string | null): AiConnectionSnapshot {
  return stateUserId === userId ? state : UNTESTED;
}

async function runTest(): Promise<AiConnectionSnapshot> {
  const providerName = await getProviderName();
  const failed = (message: string, extra: Partial<AiConnectionSnapshot> = {}): AiConnectionSnapshot => ({
    ...UNTESTED,
    status: 'failed',
    message,
    detail: connectionFailureDetail(providerName, { message }),
    testedAt: Date.now(),
    ...extra,
  });
  let response: Response;
  try {
    response = await authorizedFetch('/api/ai/status');
  } catch (error) {
    console.warn('AI connection test could not reach the server:', error);
    return failed('Connection test failed: the Sprout server could not be reached.');
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // handled below as an unreadable answer
  }
  const parsed = statusResponseSchema.safeParse(body);
  if (!response.ok || !parsed.success) {
    // Our own server refused or failed (e.g. the session ended): not a verdict on the provider key.
    const message = `Connection test failed: ${response.status} ${response.statusText}`.trim();
    return failed(message, { detail: connectionFailureDetail(providerName, {}) });
  }
  const result = parsed.data;
  if (result.ok) {
    return { status: 'connected', message: result.message, detail: result.message, models: result.models, source: result.source, keyRequired: false, testedAt: Date.now() };
  }
  if (result.code === 'api_key_required') {
    return failed(result.message || 'API key required', { detail: keyRequiredDetail(providerName), keyRequired: true, source: null });
  }
  return failed(result.message, {
    detail: connectionFailureDetail(providerName, { message: result.message, code: result.code, status: result.status }),
    source: result.source,
  });
}

/**
 * Tests the connection for `userId` (the signed-in user), sharing a test already running. Resolves with
 * the outcome and never rejects; callers show their own toasts.
 */
export function testAiConnection(userId: string | null): Promise<AiConnectionSnapshot> {
  if (running && running.userId === userId) return running.promise;
  const previous = getAiConnection(userId);
  setState(userId, { ...previous, status: 'connecting' });
  const promise = runTest()
    .catch((error: unknown): AiConnectionSnapshot => {
      console.warn('AI connection test failed unexpectedly:', error);
      return { ...UNTESTED, status: 'failed', message: String(error), detail: connectionFailureDetail(DEFAULT_PROVIDER_NAME, {}), testedAt: Date.now() };
    })
    .then((outcome) => {
      if (running?.promise === promise) running = null;
      setState(userId, outcome);
      return outcome;
    });
  running = { userId, promise };
  return promise;
}

/** Back to untested, e.g. after the user saved or removed a key. */
export function resetAiConnection(): void {
  running = null;
  setState(null, UNTESTED);
}
