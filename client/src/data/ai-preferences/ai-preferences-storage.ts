// Where the AI preferences live: the account (`user_metadata.ai_preferences`, which the server reads to
// build every prompt). This device keeps only a save still waiting for the server (the spec's one local
// key, per user, ARCHITECTURE 9.12, with its unsynced marker): an outbox, never a second copy to reconcile.
import { parseAiPreferences, type AiPreferences } from '#core/ai-preferences';
import { clearLocalPreferences, deviceStorage, isUnsynced, readLocalPreferences, setUnsynced, writeLocalPreferences, type StorageLike } from '../../lib/device-storage';
import { readStoredSession } from '../../lib/supabase';

/** The `user_metadata` field holding the preferences (server/src/ai/caller-context.ts reads the same). */
export const AI_PREFERENCES_METADATA_FIELD = 'ai_preferences';

/** The account's preferences inside a user's `user_metadata`, or null when there are none. */
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

/** A save made on this device that has not reached the server yet, or null. */
export function pendingSave(userId: string, storage: StorageLike | null = deviceStorage()): AiPreferences | null {
  return isUnsynced(userId, storage) ? readLocalPreferences(userId, storage) : null;
}

/** Queues a save for the server; false when this device could not store it. */
export function queueSave(userId: string, preferences: AiPreferences, storage: StorageLike | null = deviceStorage()): boolean {
  const stored = writeLocalPreferences(userId, preferences, storage);
  setUnsynced(userId, true, storage);
  return stored;
}

/** The queued save reached the server (or was refused for good): nothing is kept on this device. */
export function clearPendingSave(userId: string, storage: StorageLike | null = deviceStorage()): void {
  clearLocalPreferences(userId, storage);
}

/** The account's preferences as the stored session last saw them (offline start), or null. */
export function sessionPreferences(userId: string): AiPreferences | null {
  try {
    const session = readStoredSession();
    return session && session.user.id === userId ? preferencesFromMetadata(session.user.user_metadata) : null;
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
