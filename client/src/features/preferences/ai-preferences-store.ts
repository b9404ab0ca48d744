// Each user's AI preferences as every screen sees them: loaded once per page from the local key and the
// server copy (read fresh from GET /auth/v1/user when online), saved to the local key first and then to
// `user_metadata`; a save made offline (or while the server is down) is pushed once back online.
import { DEFAULT_AI_PREFERENCES, aiPreferencesSchema, type AiPreferences } from '#core/ai-preferences';
import { aiPreferencesKeyUser } from '../../lib/device-storage';
import { getSupabase, readStoredSession } from '../../lib/supabase';
import {
  AI_PREFERENCES_METADATA_FIELD,
  clearLocalPreferences,
  isUnsynced,
  preferencesFromMetadata,
  readLocalPreferences,
  reconcilePreferences,
  samePreferences,
  setUnsynced,
  writeLocalPreferences,
} from './ai-preferences-storage';
import { NotSignedInError, isRetryableWriteError, updateUserMetadata } from './user-metadata';

/** How long the first load waits for the server's copy before using what this device has. */
const FRESH_READ_TIMEOUT_MS = 5000;

const loaded = new Map<string, AiPreferences>();
const inFlight = new Map<string, Promise<void>>();
const writeQueues = new Map<string, Promise<unknown>>();
const listeners = new Set<() => void>();
let listening = false;

export function subscribeAiPreferences(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The loaded preferences of a user; undefined until the first load has finished. */
export function getLoadedAiPreferences(userId: string): AiPreferences | undefined {
  return loaded.get(userId);
}

function setLoaded(userId: string, preferences: AiPreferences): void {
  const current = loaded.get(userId);
  if (current && samePreferences(current, preferences)) return;
  loaded.set(userId, preferences);
  for (const listener of listeners) listener();
}

const online = (): boolean => typeof navigator === 'undefined' || navigator.onLine;

/** Runs the user's server writes one after another, so an older save never lands after a newer one. */
function serialize<T>(userId: string, task: () => Promise<T>): Promise<T> {
  const previous = writeQueues.get(userId) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(task);
  writeQueues.set(userId, next);
  void next
    .catch(() => undefined)
    .finally(() => {
      if (writeQueues.get(userId) === next) writeQueues.delete(userId);
    });
  return next;
}

/** The server copy read fresh; undefined when the server could not be asked (offline, slow, signed out). */
async function readServerCopy(userId: string): Promise<AiPreferences | null | undefined> {
  if (!online()) return undefined;
  const client = await getSupabase();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), FRESH_READ_TIMEOUT_MS);
  });
  try {
    const result = await Promise.race([client.auth.getUser(), timeout]);
    const user = result?.data.user;
    if (!result || result.error || !user || user.id !== userId) return undefined;
    return preferencesFromMetadata(user.user_metadata);
  } finally {
    clearTimeout(timer);
  }
}

function storedSessionCopy(userId: string): AiPreferences | null {
  try {
    const session = readStoredSession();
    return session && session.user.id === userId ? preferencesFromMetadata(session.user.user_metadata) : null;
  } catch {
    return null;
  }
}

/** Loads a user's preferences once per page (later calls resolve at once). Never rejects. */
export function loadAiPreferences(userId: string): Promise<void> {
  if (loaded.has(userId)) return Promise.resolve();
  const pending = inFlight.get(userId);
  if (pending) return pending;
  listenForChanges();
  const promise = (async () => {
    let server: AiPreferences | null | undefined;
    try {
      server = await readServerCopy(userId);
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
    setLoaded(userId, result.preferences);
    // Upload a local copy the server lacks only when we know it lacks it (never over a copy we could not read).
    if (result.push && (unsynced || freshRead)) {
      setUnsynced(userId, true);
      void pushUnsynced(userId);
    }
  })().finally(() => inFlight.delete(userId));
  inFlight.set(userId, promise);
  return promise;
}

/** Writes a waiting local save to the server, if any and if online; failures keep it waiting. */
export function pushUnsynced(userId: string): Promise<void> {
  return serialize(userId, async () => {
    if (!online() || !isUnsynced(userId)) return;
    const local = readLocalPreferences(userId);
    if (!local) {
      setUnsynced(userId, false);
      return;
    }
    try {
      await updateUserMetadata({ [AI_PREFERENCES_METADATA_FIELD]: local }, userId);
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
 * Saves the preferences: the local key first, then the server copy when online. Offline, or when the
 * server cannot be reached, the save stays local and is pushed later. Throws (and restores the previous
 * preferences) when the values are invalid, or the server refuses them, or nothing could be stored.
 */
export async function saveAiPreferences(userId: string, next: AiPreferences): Promise<AiPreferences> {
  const preferences = aiPreferencesSchema.parse(next);
  const before = { local: readLocalPreferences(userId), unsynced: isUnsynced(userId), shown: loaded.get(userId) };
  const restore = () => {
    if (before.local) writeLocalPreferences(userId, before.local);
    else clearLocalPreferences(userId);
    setUnsynced(userId, before.unsynced);
    setLoaded(userId, before.shown ?? before.local ?? { ...DEFAULT_AI_PREFERENCES });
  };

  listenForChanges();
  const storedLocally = writeLocalPreferences(userId, preferences);
  setUnsynced(userId, true);
  setLoaded(userId, preferences);
  if (!online()) {
    if (storedLocally) return preferences;
    restore();
    throw new Error('The preferences could not be stored on this device.');
  }
  try {
    await serialize(userId, () => updateUserMetadata({ [AI_PREFERENCES_METADATA_FIELD]: preferences }, userId));
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
export function forgetAiPreferences(userId: string): void {
  clearLocalPreferences(userId);
  if (loaded.delete(userId)) for (const listener of listeners) listener();
}

// Back online: push a save made offline. Another tab saved: show the same preferences here.
function listenForChanges(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('online', () => {
    const userId = storedSessionUserId();
    if (userId) void pushUnsynced(userId);
  });
  window.addEventListener('storage', (event) => {
    const userId = aiPreferencesKeyUser(event.key);
    if (userId && loaded.has(userId)) setLoaded(userId, readLocalPreferences(userId) ?? { ...DEFAULT_AI_PREFERENCES });
  });
}

function storedSessionUserId(): string | null {
  try {
    return readStoredSession()?.user.id ?? null;
  } catch {
    return null;
  }
}

/** Test helper: forget everything loaded in this page. */
export function resetAiPreferencesStore(): void {
  loaded.clear();
  inFlight.clear();
  writeQueues.clear();
  for (const listener of listeners) listener();
}
