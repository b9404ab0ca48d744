// Where the AI preferences live: the spec's one local key, kept per user (ARCHITECTURE 9.12) as
// `ai_preferences:<userId>`, and a copy in the user's `user_metadata.ai_preferences` so they follow the
// user to another device. `reconcilePreferences` decides between the two copies.
import { DEFAULT_AI_PREFERENCES, parseAiPreferences, type AiPreferences } from '#core/ai-preferences';
import { readStoredSession } from '../../lib/supabase';

export const AI_PREFERENCES_KEY = 'ai_preferences';
/** The `user_metadata` field holding the server copy. */
export const AI_PREFERENCES_METADATA_FIELD = 'ai_preferences';

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The local key holding the preferences (JSON of AiPreferences). */
export function aiPreferencesKey(userId: string): string {
  return `${AI_PREFERENCES_KEY}:${userId}`;
}

/** A marker saying the local copy was saved but not yet written to the server (offline, server down). */
export function aiPreferencesUnsyncedKey(userId: string): string {
  return `${AI_PREFERENCES_KEY}_unsynced:${userId}`;
}

function defaultStorage(): StorageLike | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled by the browser
  }
}

/** The local copy, or null when there is none (or it is not a JSON object). */
export function readLocalPreferences(userId: string, storage: StorageLike | null = defaultStorage()): AiPreferences | null {
  try {
    const raw = storage?.getItem(aiPreferencesKey(userId));
    if (!raw) return null;
    const value = JSON.parse(raw) as unknown;
    return isRecord(value) ? parseAiPreferences(value) : null;
  } catch {
    return null;
  }
}

/** Writes the local copy; false when the browser refused (storage full or disabled). */
export function writeLocalPreferences(userId: string, preferences: AiPreferences, storage: StorageLike | null = defaultStorage()): boolean {
  try {
    if (!storage) return false;
    storage.setItem(aiPreferencesKey(userId), JSON.stringify(preferences));
    return true;
  } catch {
    return false;
  }
}

export function isUnsynced(userId: string, storage: StorageLike | null = defaultStorage()): boolean {
  try {
    return storage?.getItem(aiPreferencesUnsyncedKey(userId)) === '1';
  } catch {
    return false;
  }
}

export function setUnsynced(userId: string, unsynced: boolean, storage: StorageLike | null = defaultStorage()): void {
  try {
    if (unsynced) storage?.setItem(aiPreferencesUnsyncedKey(userId), '1');
    else storage?.removeItem(aiPreferencesUnsyncedKey(userId));
  } catch {
    // Without storage the marker lasts as long as the page (the push is retried while it is open).
  }
}

/** Removes the user's local preferences (account deletion). */
export function clearLocalPreferences(userId: string, storage: StorageLike | null = defaultStorage()): void {
  try {
    storage?.removeItem(aiPreferencesKey(userId));
    storage?.removeItem(aiPreferencesUnsyncedKey(userId));
  } catch {
    // nothing to clear
  }
}

/** The server copy inside a user's `user_metadata`, or null when there is none. */
export function preferencesFromMetadata(metadata: unknown): AiPreferences | null {
  if (!isRecord(metadata)) return null;
  const value = metadata[AI_PREFERENCES_METADATA_FIELD];
  return isRecord(value) ? parseAiPreferences(value) : null;
}

export function samePreferences(a: AiPreferences, b: AiPreferences): boolean {
  return (
    a.tone === b.tone &&
    a.conversationDepth === b.conversationDepth &&
    a.promptingStyle === b.promptingStyle &&
    a.outputFormat === b.outputFormat &&
    a.aiName === b.aiName
  );
}

export interface ReconcileInput {
  local: AiPreferences | null;
  /** The local copy holds a save not yet written to the server. */
  unsynced: boolean;
  server: AiPreferences | null;
}

export interface Reconciled {
  preferences: AiPreferences;
  /** Refresh the local key with `preferences`. */
  writeLocal: boolean;
  /** Write `preferences` to the server copy. */
  push: boolean;
}

/**
 * Which copy wins: a local save still waiting for the server, else the server copy (it may come from
 * another device), else the local copy (which is then uploaded so it follows the user), else defaults.
 */
export function reconcilePreferences({ local, unsynced, server }: ReconcileInput): Reconciled {
  if (local && unsynced) return { preferences: local, writeLocal: false, push: true };
  if (server) return { preferences: server, writeLocal: !local || !samePreferences(local, server), push: false };
  if (local) return { preferences: local, writeLocal: false, push: true };
  return { preferences: { ...DEFAULT_AI_PREFERENCES }, writeLocal: false, push: false };
}

/**
 * The user's AI preferences, read synchronously for code outside React (e.g. building an AI request):
 * the local key, or the copy in the stored session's `user_metadata` when that is the one that wins.
 */
export function readAiPreferences(userId: string, storage: StorageLike | null = defaultStorage()): AiPreferences {
  let session: ReturnType<typeof readStoredSession> = null;
  try {
    session = readStoredSession();
  } catch {
    // Storage disabled: only the defaults or the in-memory copy are left.
  }
  const server = session && session.user.id === userId ? preferencesFromMetadata(session.user.user_metadata) : null;
  return reconcilePreferences({ local: readLocalPreferences(userId, storage), unsynced: isUnsynced(userId, storage), server }).preferences;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
