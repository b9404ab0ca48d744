// Each user's AI preferences as server state: loaded once per page from the local key and the server
// copy (read fresh from GET /auth/v1/user when online), saved to the local key first and then to
// `user_metadata`; a save made offline (or while the server is down) is pushed once back online. The
// loaded preferences are a query in the QueryClient; the server writes of one user are mutations in
// one scope, so they run one after another and an older save never lands after a newer one.
import { MutationObserver, queryOptions, type QueryClient } from '@tanstack/react-query';
import { DEFAULT_AI_PREFERENCES, aiPreferencesSchema, type AiPreferences } from '#core/ai-preferences';
import { aiPreferencesKeyUser, clearLocalPreferences, isUnsynced, readLocalPreferences, setUnsynced, writeLocalPreferences } from '../../lib/device-storage';
import { getAuthClient, readStoredSession } from '../../lib/supabase';
import { NotSignedInError, isRetryableWriteError, updateUserMetadata } from '../../lib/user-metadata';
import { AI_PREFERENCES_METADATA_FIELD, preferencesFromMetadata, reconcilePreferences, samePreferences } from './ai-preferences-storage';

/** How long the first load waits for the server's copy before using what this device has. */
const FRESH_READ_TIMEOUT_MS = 5000;

/** What the preferences need from outside: the network state and the user's server copy. */
export interface PreferencesBackend {
  isOnline(): boolean;
  /** The user as the server has it now (GET /auth/v1/user); undefined when it did not answer (in time). */
  fetchServerUser(): Promise<{ id: string; user_metadata?: unknown } | undefined>;
  /** Merges `patch` into the user's user_metadata (PUT /auth/v1/user); throws NotSignedInError, auth errors. */
  updateMetadata(patch: Record<string, unknown>, userId: string): Promise<unknown>;
}

/** The app's backend: supabase-js's auth client, the browser's online flag. */
export const supabasePreferencesBackend: PreferencesBackend = {
  isOnline: () => typeof navigator === 'undefined' || navigator.onLine,
  async fetchServerUser() {
    const auth = await getAuthClient();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), FRESH_READ_TIMEOUT_MS);
    });
    try {
      const result = await Promise.race([auth.getUser(), timeout]);
      return result && !result.error && result.data.user ? result.data.user : undefined;
    } finally {
      clearTimeout(timer);
    }
  },
  updateMetadata: (patch, userId) => updateUserMetadata(patch, userId),
};

/** Every user's loaded preferences share this key prefix. */
export const AI_PREFERENCES_QUERY_KEY = ['ai-preferences'] as const;

export const aiPreferencesKey = (userId: string | null) => [...AI_PREFERENCES_QUERY_KEY, userId] as const;

/** The user's preferences as a query: loaded once per page (reconciling both copies), never failing. */
export function aiPreferencesQuery(userId: string | null, backend: PreferencesBackend = supabasePreferencesBackend) {
  return queryOptions({
    queryKey: aiPreferencesKey(userId),
    queryFn: ({ client }) => (userId ? loadAiPreferences(client, backend, userId) : { ...DEFAULT_AI_PREFERENCES }),
    enabled: userId !== null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
    networkMode: 'always',
  });
}

/** The loaded preferences of a user; undefined until the first load has finished. */
export function loadedAiPreferences(client: QueryClient, userId: string): AiPreferences | undefined {
  return client.getQueryData<AiPreferences>(aiPreferencesKey(userId));
}

function setLoaded(client: QueryClient, userId: string, preferences: AiPreferences): void {
  const current = loadedAiPreferences(client, userId);
  if (current && samePreferences(current, preferences)) return;
  client.setQueryData(aiPreferencesKey(userId), preferences);
}

/** Runs `write` after the user's earlier preference writes: one mutation scope per user. */
function serialized<T>(client: QueryClient, userId: string, write: () => Promise<T>): Promise<T> {
  return new MutationObserver<T, unknown, void>(client, {
    mutationKey: [...AI_PREFERENCES_QUERY_KEY, userId, 'write'],
    mutationFn: write,
    scope: { id: `ai-preferences:${userId}` },
    networkMode: 'always',
    retry: false,
  }).mutate();
}

/** The server copy read fresh; undefined when the server could not be asked (offline, slow, signed out). */
async function readServerCopy(backend: PreferencesBackend, userId: string): Promise<AiPreferences | null | undefined> {
  if (!backend.isOnline()) return undefined;
  const user = await backend.fetchServerUser();
  if (!user || user.id !== userId) return undefined;
  return preferencesFromMetadata(user.user_metadata);
}

function storedSessionCopy(userId: string): AiPreferences | null {
  try {
    const session = readStoredSession();
    return session && session.user.id === userId ? preferencesFromMetadata(session.user.user_metadata) : null;
  } catch {
    return null;
  }
}

/** The load behind the query: reconciles the copies, refreshes the local key, uploads a local copy the server lacks. */
export async function loadAiPreferences(client: QueryClient, backend: PreferencesBackend, userId: string): Promise<AiPreferences> {
  let server: AiPreferences | null | undefined;
  try {
    server = await readServerCopy(backend, userId);
  } catch {
    server = undefined;
  }
  const freshRead = server !== undefined;
  const unsynced = isUnsynced(userId);
  const result = reconcilePreferences({
    local: readLocalPreferences(userId),
    unsynced,
    server: server === undefined ? storedSessionCopy(userId) : server,
  });
  if (result.writeLocal) writeLocalPreferences(userId, result.preferences);
  // Upload a local copy the server lacks only when we know it lacks it (never over a copy we could not read).
  if (result.push && (unsynced || freshRead)) {
    setUnsynced(userId, true);
    void pushUnsynced(client, backend, userId);
  }
  return result.preferences;
}

/** Writes a waiting local save to the server, if any and if online; failures keep it waiting. */
export function pushUnsynced(client: QueryClient, backend: PreferencesBackend, userId: string): Promise<void> {
  return serialized(client, userId, async () => {
    if (!backend.isOnline() || !isUnsynced(userId)) return;
    const local = readLocalPreferences(userId);
    if (!local) {
      setUnsynced(userId, false);
      return;
    }
    try {
      await backend.updateMetadata({ [AI_PREFERENCES_METADATA_FIELD]: local }, userId);
      const now = readLocalPreferences(userId);
      if (!now || samePreferences(now, local)) setUnsynced(userId, false);
    } catch (error) {
      if (isRetryableWriteError(error) || error instanceof NotSignedInError) return;
      // Refused for good (e.g. metadata too large): stop retrying; the local copy still applies here.
      console.warn('AI preferences could not be saved to the server:', error);
      setUnsynced(userId, false);
    }
  });
}

/**
 * Saves the preferences: the local key first (shown at once), then the server copy when online.
 * Offline, or when the server cannot be reached, the save stays local and is pushed later. Throws (and
 * restores the previous preferences) when the values are invalid, or the server refuses them, or
 * nothing could be stored.
 */
export async function saveAiPreferences(client: QueryClient, backend: PreferencesBackend, userId: string, next: AiPreferences): Promise<AiPreferences> {
  const preferences = aiPreferencesSchema.parse(next);
  const before = { local: readLocalPreferences(userId), unsynced: isUnsynced(userId), shown: loadedAiPreferences(client, userId) };
  const restore = () => {
    if (before.local) writeLocalPreferences(userId, before.local);
    else clearLocalPreferences(userId);
    setUnsynced(userId, before.unsynced);
    setLoaded(client, userId, before.shown ?? before.local ?? { ...DEFAULT_AI_PREFERENCES });
  };

  const storedLocally = writeLocalPreferences(userId, preferences);
  setUnsynced(userId, true);
  setLoaded(client, userId, preferences);
  if (!backend.isOnline()) {
    if (storedLocally) return preferences;
    restore();
    throw new Error('The preferences could not be stored on this device.');
  }
  try {
    await serialized(client, userId, () => backend.updateMetadata({ [AI_PREFERENCES_METADATA_FIELD]: preferences }, userId));
    const now = readLocalPreferences(userId);
    if (!now || samePreferences(now, preferences)) setUnsynced(userId, false);
    return preferences;
  } catch (error) {
    if (storedLocally && isRetryableWriteError(error)) return preferences;
    restore();
    throw error;
  }
}

/** Forgets a user's preferences on this device (after the account is deleted). */
export function forgetAiPreferences(client: QueryClient, userId: string): void {
  clearLocalPreferences(userId);
  client.removeQueries({ queryKey: aiPreferencesKey(userId), exact: true });
}

/**
 * What the page does about other events: back online, push a save made offline (for the signed-in user,
 * once their preferences were used here); another tab saved, show the same preferences here.
 */
export function watchAiPreferences(client: QueryClient, backend: PreferencesBackend = supabasePreferencesBackend, target: Window = window): () => void {
  const onOnline = () => {
    const userId = storedSessionUserId();
    if (userId && client.getQueryCache().find({ queryKey: aiPreferencesKey(userId), exact: true })) void pushUnsynced(client, backend, userId);
  };
  const onStorage = (event: StorageEvent) => {
    const userId = aiPreferencesKeyUser(event.key);
    if (userId && loadedAiPreferences(client, userId)) setLoaded(client, userId, readLocalPreferences(userId) ?? { ...DEFAULT_AI_PREFERENCES });
  };
  target.addEventListener('online', onOnline);
  target.addEventListener('storage', onStorage);
  return () => {
    target.removeEventListener('online', onOnline);
    target.removeEventListener('storage', onStorage);
  };
}

function storedSessionUserId(): string | null {
  try {
    return readStoredSession()?.user.id ?? null;
  } catch {
    return null;
  }
}
