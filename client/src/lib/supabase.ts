// The app's one Supabase client (auth + REST), built so that start-up needs no network
// (ARCHITECTURE 9.5): the URL is this origin, and the public anon key is kept in local storage after
// the first `/api/config`. It also reports when the auth server cannot be reached, which the auth
// provider uses to keep a stored session while offline (ARCHITECTURE 9.1).
import { createClient, type Session, type SupabaseClient } from '@supabase/supabase-js';

export const ANON_KEY_STORAGE_KEY = 'sprout.anonKey';

interface PublicConfig {
  supabaseUrl: string;
  anonKey: string;
  providerName: string;
}

/** The local-storage key supabase-js keeps the session under: `sb-<first label of the host>-auth-token`. */
export function authStorageKey(origin: string = location.origin): string {
  return `sb-${new URL(origin).hostname.split('.')[0]}-auth-token`;
}

/** The session supabase-js has stored, read directly (it survives a refresh that failed for lack of network). */
export function readStoredSession(storage: Pick<Storage, 'getItem'> = localStorage, key: string = authStorageKey()): Session | null {
  try {
    const raw = storage.getItem(key);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<Session> | null;
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

async function fetchConfig(): Promise<PublicConfig> {
  const response = await fetch('/api/config', { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET /api/config answered ${response.status}`);
  return (await response.json()) as PublicConfig;
}

function storeAnonKey(key: string): void {
  try {
    localStorage.setItem(ANON_KEY_STORAGE_KEY, key);
  } catch {
    // Private mode or full storage: the next start fetches the key again.
  }
}

function storedAnonKey(): string | null {
  try {
    return localStorage.getItem(ANON_KEY_STORAGE_KEY);
  } catch {
    return null;
  }
}

async function resolveAnonKey(): Promise<string> {
  const stored = storedAnonKey();
  if (stored) {
    // Start at once with the stored key, and pick up a changed key for the next start.
    void fetchConfig()
      .then((config) => {
        if (config.anonKey && config.anonKey !== stored) storeAnonKey(config.anonKey);
      })
      .catch(() => undefined);
    return stored;
  }
  const config = await fetchConfig();
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
