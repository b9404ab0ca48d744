// The AI connection status shared by every screen (Settings, the idea input's badge): untested, connecting
// (while a test runs), then connected or failed (spec section 4). A test is GET /api/ai/status, which
// lists the provider's models with the key in use. The result is server state in the QueryClient, one
// per user, kept for the page; a test runs only when a screen asks (and joins one already running).
import { queryOptions, type QueryClient, type QueryObserverResult } from '@tanstack/react-query';
import { authorizedFetch } from '../../lib/authorized-fetch';
import { DEFAULT_PROVIDER_NAME, fetchProviderName } from '../app-config';
import {
  connectionFailureDetail,
  keyRequiredDetail,
  statusResponseSchema,
  type KeySource,
} from './connection-messages';

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
  /** The failure is one the server's fallback completion answers, so replies still come. */
  fallback: boolean;
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
  fallback: false,
  testedAt: null,
});

/** What a test needs from outside: the status endpoint and the provider's name. */
export interface ConnectionTestDeps {
  fetchStatus: () => Promise<Response>;
  providerName: () => Promise<string>;
}

/** The app's: GET /api/ai/status with the user's token, the name from the public config. */
export const serverConnectionTest = (client: QueryClient): ConnectionTestDeps => ({
  fetchStatus: () => authorizedFetch('/api/ai/status'),
  providerName: () => fetchProviderName(client),
});

/** Runs one connection test. Resolves with the outcome and never rejects. */
export async function runConnectionTest(deps: ConnectionTestDeps): Promise<AiConnectionSnapshot> {
  try {
    return await connectionTest(deps);
  } catch (error) {
    console.warn('AI connection test failed unexpectedly:', error);
    return {
      ...UNTESTED,
      status: 'failed',
      message: String(error),
      detail: connectionFailureDetail(DEFAULT_PROVIDER_NAME, {}),
      testedAt: Date.now(),
    };
  }
}

async function connectionTest(deps: ConnectionTestDeps): Promise<AiConnectionSnapshot> {
  const providerName = await deps.providerName();
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
    response = await deps.fetchStatus();
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
    return {
      status: 'connected',
      message: result.message,
      detail: result.message,
      models: result.models,
      source: result.source,
      keyRequired: false,
      fallback: false,
      testedAt: Date.now(),
    };
  }
  if (result.code === 'api_key_required') {
    return failed(result.message || 'API key required', {
      detail: keyRequiredDetail(providerName),
      keyRequired: true,
      source: null,
    });
  }
  const fallback = result.fallback === true;
  return failed(result.message, {
    detail: connectionFailureDetail(providerName, {
      message: result.message,
      code: result.code,
      status: result.status,
      fallback,
      source: result.source,
    }),
    source: result.source,
    fallback,
  });
}

/** Every user's connection tests share this key prefix. */
export const AI_CONNECTION_KEY = ['ai-connection'] as const;

/** The test as a query of `userId` (null: a visitor), run only on demand and kept for the page. */
export function aiConnectionQuery(
  userId: string | null,
  deps: (client: QueryClient) => ConnectionTestDeps = serverConnectionTest,
) {
  return queryOptions({
    queryKey: [...AI_CONNECTION_KEY, userId],
    queryFn: ({ client }) => runConnectionTest(deps(client)),
    enabled: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
    networkMode: 'always',
  });
}

/** Tests the connection for `userId`, joining a test already running; resolves with the outcome, never rejects. */
export function testAiConnection(
  client: QueryClient,
  userId: string | null,
  deps?: (client: QueryClient) => ConnectionTestDeps,
): Promise<AiConnectionSnapshot> {
  return client.fetchQuery({ ...aiConnectionQuery(userId, deps), staleTime: 0 });
}

/** The status screens show: the last outcome, marked 'connecting' while a test runs. */
export function connectionSnapshot(
  result: Pick<QueryObserverResult<AiConnectionSnapshot>, 'data' | 'fetchStatus'>,
): AiConnectionSnapshot {
  const last = result.data ?? UNTESTED;
  return result.fetchStatus === 'fetching' ? { ...last, status: 'connecting' } : last;
}
