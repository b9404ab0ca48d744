// The app's Supabase clients, built so that start-up needs no network (ARCHITECTURE 9.5): the URL is
// this origin, and the public anon key is kept in local storage after the first `/api/config`. Each
// loads its library only when first asked for (issue 10: /login's first load carries none of them):
// - getAuthClient(): the one auth client (@supabase/auth-js), holding the session for every other;
// - getRestClient(): PostgREST (@supabase/postgrest-js) under the session's access token;
// - getRealtime(): the realtime client (@supabase/realtime-js) under that same session.
// It also reports when the auth server cannot be reached, which the auth provider uses to keep a
// stored session while offline (ARCHITECTURE 9.1).
import type { GoTrueClient, Session } from '@supabase/auth-js';
import type { PostgrestClient } from '@supabase/postgrest-js';
import type { RealtimeClient } from '@supabase/realtime-js';
import { DEVICE_KEYS, deviceStorage, readJson, readText, writeText } from './device-keys';
import { fetchPublicConfig } from './public-config';
import { once } from './once';
import { nextTask } from './next-task';
import type { SessionCheckOutcome } from './session-check';

/** The session supabase-js has stored, read directly (it survives a refresh that failed for lack of network). */
export function readStoredSession(
  storage: Pick<Storage, 'getItem'> | null = deviceStorage(),
  key: string = DEVICE_KEYS.authSession(),
): Session | null {
  try {
    const value = readJson(key, storage) as Partial<Session> | null;
    if (
      value &&
      typeof value.access_token === 'string' &&
      typeof value.refresh_token === 'string' &&
      typeof value.expires_at === 'number' &&
      value.user &&
      typeof value.user.id === 'string'
    ) {
      return value as Session;
    }
  } catch {
    // Unreadable storage or bad JSON: there is no usable session.
  }
  return null;
}

// --- auth server reachability -------------------------------------------------------------------

type UnreachableListener = () => void;
const unreachableListeners = new Set<UnreachableListener>();

/** Called whenever a request to the auth server fails for network reasons or a gateway error (502/503/504). */
export function onAuthServerUnreachable(listener: UnreachableListener): () => void {
  unreachableListeners.add(listener);
  return () => unreachableListeners.delete(listener);
}

const RETRYABLE_STATUSES = new Set([502, 503, 504]);

function isAuthRequest(input: RequestInfo | URL): boolean {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return url.includes('/auth/v1/');
}

// supabase-js treats exactly these failures as retryable (AuthRetryableFetchError); we only observe them.
const observedFetch: typeof fetch = async (input, init) => {
  try {
    const response = await fetch(input, init);
    if (RETRYABLE_STATUSES.has(response.status) && isAuthRequest(input)) notifyUnreachable();
    return response;
  } catch (error) {
    if (!init?.signal?.aborted && isAuthRequest(input)) notifyUnreachable();
    throw error;
  }
};

function notifyUnreachable(): void {
  for (const listener of unreachableListeners) listener();
}

// --- the clients ----------------------------------------------------------------------------------

// Private mode or full storage: the next start fetches the key again.
const storeAnonKey = (key: string) => void writeText(DEVICE_KEYS.anonKey, key);
const storedAnonKey = () => readText(DEVICE_KEYS.anonKey);

async function resolveAnonKey(): Promise<string> {
  const stored = storedAnonKey();
  if (stored) {
    // Start at once with the stored key, and pick up a changed key for the next start.
    void fetchPublicConfig()
      .then((config) => {
        if (config.anonKey && config.anonKey !== stored) storeAnonKey(config.anonKey);
      })
      .catch(() => undefined);
    return stored;
  }
  const config = await fetchPublicConfig();
  storeAnonKey(config.anonKey);
  return config.anonKey;
}

const anonKey = once(resolveAnonKey);

/** supabase-js's auth client (`supabase.auth`), on its own. */
export type AuthClient = GoTrueClient;

const requestListeners = new Set<() => void>();

/** Called when some code first asks for the auth client (the auth provider then follows it too). */
export function onAuthClientRequested(listener: () => void): () => void {
  requestListeners.add(listener);
  return () => requestListeners.delete(listener);
}

/**
 * The app's one auth client: it keeps the session where supabase-js keeps it and refreshes it. Rejects
 * only when no anon key is stored and `/api/config` cannot be fetched.
 */
export const getAuthClient: () => Promise<AuthClient> = once(async () => {
  for (const listener of [...requestListeners]) listener();
  const [{ AuthClient }, key] = await Promise.all([import('@supabase/auth-js'), anonKey()]);
  // Built in a task of its own: evaluating the library and building its client (whose first calls
  // compile much of it) made one long task on a phone's CPU, all of it blocking.
  await nextTask();
  // The options supabase-js's createClient gives its own auth client.
  return new AuthClient({
    url: `${location.origin}/auth/v1`,
    headers: { Authorization: `Bearer ${key}`, apikey: key },
    storageKey: DEVICE_KEYS.authSession(),
    persistSession: true,
    autoRefreshToken: true,
    detectSessionInUrl: false,
    flowType: 'implicit',
    fetch: observedFetch,
  });
});

/** The session's access token (refreshed first when it expired), or null when signed out. */
async function sessionToken(): Promise<string | null> {
  const { data } = await (await getAuthClient()).getSession();
  return data.session?.access_token ?? null;
}

/** The session check, loaded with the first refused request (lib/session-check.ts). */
const sessionCheck = once(async () => {
  const [{ createSessionCheck }, auth] = await Promise.all([import('./session-check'), getAuthClient()]);
  return createSessionCheck(auth);
});

/**
 * The server refused the session's access token: asks the auth server at once whether the session stands,
 * signing this device out if it has ended (lib/session-check.ts). Never rejects: a check that cannot load
 * (offline) is 'unknown', and the next refusal tries again.
 */
export async function checkRefusedSession(): Promise<SessionCheckOutcome> {
  try {
    return await (
      await sessionCheck()
    )();
  } catch {
    return 'unknown';
  }
}

/** PostgREST at /rest/v1, sending the anon key and the session's access token as supabase-js does. */
export const getRestClient: () => Promise<PostgrestClient> = once(async () => {
  const [{ PostgrestClient }, key] = await Promise.all([import('@supabase/postgrest-js'), anonKey()]);
  const authorizedFetch: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    if (!headers.has('apikey')) headers.set('apikey', key);
    if (!headers.has('Authorization')) headers.set('Authorization', `Bearer ${(await sessionToken()) ?? key}`);
    const response = await fetch(input, { ...init, headers });
    // A session's token refused: has the session ended on the server? (The anon key's refusal is not the session's.)
    if (response.status === 401 && headers.get('Authorization') !== `Bearer ${key}`) void checkRefusedSession();
    return response;
  };
  return new PostgrestClient(`${location.origin}/rest/v1`, { fetch: authorizedFetch });
});

/**
 * The realtime client (channels of the server's change feed), built as supabase-js's createClient builds
 * its own: the socket at /realtime/v1 with the anon key as `apikey`, joining with the session's access
 * token. Not the whole supabase-js client, whose storage, functions and Iceberg clients came with it to
 * every signed-in start for nothing (docs/decisions.md, 'The app uses Supabase's own clients').
 */
export const getRealtime: () => Promise<RealtimeClient> = once(async () => {
  const [{ RealtimeClient }, key] = await Promise.all([import('@supabase/realtime-js'), anonKey()]);
  // In a task of its own, as the auth client above.
  await nextTask();
  const url = new URL('/realtime/v1', location.origin);
  url.protocol = url.protocol.replace('http', 'ws');
  return new RealtimeClient(url.href, { params: { apikey: key }, accessToken: sessionToken, fetch: observedFetch });
});
