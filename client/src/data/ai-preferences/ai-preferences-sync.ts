// Each user's AI preferences as server state: the account's copy (`user_metadata`, read fresh from GET
// /auth/v1/user when online, else from the stored session), shown with a save still queued on this
// device on top. A save goes to the server at once when online; offline (or while the server is down)
// it is queued and written once back online. The loaded preferences are a query in the QueryClient;
// the server writes of one user are mutations in one scope, so an older save never lands after a newer one.
import { MutationObserver, queryOptions, type QueryClient } from '@tanstack/react-query';
import { DEFAULT_AI_PREFERENCES, type AiPreferences } from '#core/ai-preferences';
import { isRetryableWriteError, NotSignedInError } from '../../lib/user-metadata';
import {
  readAccountCopy,
  sessionCopy,
  storedSessionUserId,
  supabasePreferencesBackend,
  writeAccountCopy,
  type PreferencesBackend,
} from './account-copy';
import { clearPendingSave, localCopyUser, pendingSave, queueSave } from './local-copy';

/** Whether two sets of preferences make the same choices (the Settings draft, and a load or save that changes nothing). */
export function samePreferences(a: AiPreferences, b: AiPreferences): boolean {
  return (
    a.tone === b.tone &&
    a.conversationDepth === b.conversationDepth &&
    a.promptingStyle === b.promptingStyle &&
    a.outputFormat === b.outputFormat &&
    a.aiName === b.aiName
  );
}

/** Every user's loaded preferences share this key prefix. */
export const AI_PREFERENCES_QUERY_KEY = ['ai-preferences'] as const;
export const aiPreferencesKey = (userId: string | null) => [...AI_PREFERENCES_QUERY_KEY, userId] as const;

/** The user's preferences as a query: loaded once per page, never failing. */
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

/** What this device can show before the load: a queued save, else the stored session's copy, else defaults. */
export function interimAiPreferences(userId: string): AiPreferences {
  return pendingSave(userId) ?? sessionCopy(userId) ?? { ...DEFAULT_AI_PREFERENCES };
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

/** The load behind the query: the account's copy, with a queued save on top (and sent, when online). */
export async function loadAiPreferences(
  client: QueryClient,
  backend: PreferencesBackend,
  userId: string,
): Promise<AiPreferences> {
  const pending = pendingSave(userId);
  // A local copy without the unsynced marker is a leftover of the old two-copy scheme: the account wins.
  if (!pending) clearPendingSave(userId);
  const account = await readAccountCopy(backend, userId);
  if (pending) {
    void pushPending(client, backend, userId);
    return pending;
  }
  return account ?? sessionCopy(userId) ?? { ...DEFAULT_AI_PREFERENCES };
}

/** Writes a queued save to the server, if any and if online; a failure that may pass keeps it queued. */
export function pushPending(client: QueryClient, backend: PreferencesBackend, userId: string): Promise<void> {
  return serialized(client, userId, async () => {
    const pending = pendingSave(userId);
    if (!backend.isOnline() || !pending) return;
    try {
      await writeAccountCopy(backend, userId, pending);
      const now = pendingSave(userId);
      if (!now || samePreferences(now, pending)) clearPendingSave(userId);
    } catch (error) {
      if (isRetryableWriteError(error) || error instanceof NotSignedInError) return;
      // Refused for good (e.g. metadata too large): drop it and show the account's copy again.
      console.warn('AI preferences could not be saved to the server:', error);
      clearPendingSave(userId);
      client.removeQueries({ queryKey: aiPreferencesKey(userId), exact: true });
    }
  });
}

/**
 * Saves the preferences: to the account at once when online; offline, or when the server cannot be
 * reached, queued on this device and written once back online. Shown at once either way. Throws (and
 * shows the previous preferences again) when the values are invalid, the server refuses them, or the
 * save could be neither sent nor queued.
 */
export async function saveAiPreferences(
  client: QueryClient,
  backend: PreferencesBackend,
  userId: string,
  next: AiPreferences,
): Promise<AiPreferences> {
  // The schema (and zod) load with the first save, not with every start.
  const { aiPreferencesSchema } = await import('#core/ai-preferences-schema');
  const preferences = aiPreferencesSchema.parse(next);
  const shown = loadedAiPreferences(client, userId);
  const restore = () => setLoaded(client, userId, shown ?? interimAiPreferences(userId));
  const queue = () => {
    if (queueSave(userId, preferences)) return preferences;
    clearPendingSave(userId);
    restore();
    throw new Error('The preferences could not be stored on this device.');
  };
  setLoaded(client, userId, preferences);
  if (!backend.isOnline()) return queue();
  try {
    await serialized(client, userId, () => writeAccountCopy(backend, userId, preferences));
    // An older queued save must not overwrite this one later.
    clearPendingSave(userId);
    return preferences;
  } catch (error) {
    if (isRetryableWriteError(error)) return queue();
    restore();
    throw error;
  }
}

/** Forgets a user's preferences on this device (after the account is deleted). */
export function forgetAiPreferences(client: QueryClient, userId: string): void {
  clearPendingSave(userId);
  client.removeQueries({ queryKey: aiPreferencesKey(userId), exact: true });
}

/**
 * What the page does about other events: back online, send a save queued offline (for the signed-in
 * user, once their preferences were used here); another tab saved offline, show the same here.
 */
export function watchAiPreferences(
  client: QueryClient,
  backend: PreferencesBackend = supabasePreferencesBackend,
  target: Window = window,
): () => void {
  const onOnline = () => {
    const userId = storedSessionUserId();
    if (userId && client.getQueryCache().find({ queryKey: aiPreferencesKey(userId), exact: true }))
      void pushPending(client, backend, userId);
  };
  const onStorage = (event: StorageEvent) => {
    const userId = localCopyUser(event.key);
    const pending = userId ? pendingSave(userId) : null;
    if (userId && pending && loadedAiPreferences(client, userId)) setLoaded(client, userId, pending);
  };
  target.addEventListener('online', onOnline);
  target.addEventListener('storage', onStorage);
  return () => {
    target.removeEventListener('online', onOnline);
    target.removeEventListener('storage', onStorage);
  };
}
