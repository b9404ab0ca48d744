// This device's copy of a user's AI preferences: only a save still waiting for the server (offline, or
// the server down), under `ai_preferences:<userId>` with its unsynced marker beside it (per user,
// ARCHITECTURE 9.12). An outbox, never a second copy to reconcile: the account's is the preferences.
import { parseAiPreferences, type AiPreferences } from '#core/ai-preferences';
import {
  AI_PREFERENCES_KEY,
  DEVICE_KEYS,
  deviceStorage,
  readJson,
  readText,
  removeKey,
  writeJson,
  writeText,
  type StorageLike,
} from '../../lib/device-keys';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The stored copy read leniently (each bad field falls back on its own); null when there is none or it is not an object. */
export function readLocalCopy(userId: string, storage: StorageLike | null = deviceStorage()): AiPreferences | null {
  const value = readJson(DEVICE_KEYS.aiPreferences(userId), storage);
  return isRecord(value) ? parseAiPreferences(value) : null;
}

/** A save made on this device that has not reached the server yet, or null. */
export function pendingSave(userId: string, storage: StorageLike | null = deviceStorage()): AiPreferences | null {
  return readText(DEVICE_KEYS.aiPreferencesUnsynced(userId), storage) === '1' ? readLocalCopy(userId, storage) : null;
}

/**
 * Queues a save for the server; false when this device could not store it. Without storage the marker
 * lasts as long as the page (the push is retried while it is open).
 */
export function queueSave(
  userId: string,
  preferences: AiPreferences,
  storage: StorageLike | null = deviceStorage(),
): boolean {
  const stored = writeJson(DEVICE_KEYS.aiPreferences(userId), preferences, storage);
  writeText(DEVICE_KEYS.aiPreferencesUnsynced(userId), '1', storage);
  return stored;
}

/** The queued save reached the server (or was refused for good), or is a leftover: nothing is kept on this device. */
export function clearPendingSave(userId: string, storage: StorageLike | null = deviceStorage()): void {
  removeKey(DEVICE_KEYS.aiPreferences(userId), storage);
  removeKey(DEVICE_KEYS.aiPreferencesUnsynced(userId), storage);
}

/** The user whose copy a localStorage key holds (another tab's save, seen in a `storage` event), or null. */
export function localCopyUser(key: string | null): string | null {
  const prefix = `${AI_PREFERENCES_KEY}:`;
  return key?.startsWith(prefix) ? key.slice(prefix.length) : null;
}
