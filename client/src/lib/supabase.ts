// The app's one Supabase client (auth + REST), built so that start-up needs no network
// (ARCHITECTURE 9.5): the URL is this origin, and the public anon key is kept in local storage after
// the first `/api/config`. It also reports when the auth server cannot be reached, which the auth
// provider uses to keep a stored session while offline (ARCHITECTURE 9.1).
import { createClient, type Session, type SupabaseClient } from '@supabase/supabase-js';
import { DEVICE_KEYS, deviceStorage, readJson, readText, writeText } from './device-storage';
import { fetchPublicConfig } from './public-config';

/** The session supabase-js has stored, read directly (it survives a refresh that failed for lack of network). */
export function readStoredSession(storage: Pick<Storage, 'getItem'> | null = deviceStorage(), key: string = DEVICE_KEYS.authSession()): Session | null {
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

// --- the client -----------------------------------------------------------------------------------

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

function buildClient(anonKey: string): SupabaseClient {
  return createClient(location.origin, anonKey, {
    auth: {
      persistSession: true,
      autoRefreshToken: true,
      detectSessionInUrl: false,
      flowType: 'implicit',
    },
    global: { fetch: observedFetch },
  });
}

let clientPromise: Promise<SupabaseClient> | null = null;

/** The app's Supabase client. Rejects only when no anon key is stored and `/api/config` cannot be fetched. */
export function getSupabase(): Promise<SupabaseClient> {
  clientPromise ??= resolveAnonKey()
    .then(buildClient)
    .catch((error: unknown) => {
      // Let a later call try again (e.g. once the network is back).
      clientPromise = null;
      throw error;
    });
  return clientPromise;
}
