// Where the AI preferences live: the spec's one local key, kept per user (ARCHITECTURE 9.12, in
// lib/device-storage.ts), and a copy in the user's `user_metadata.ai_preferences` so they follow the
// user to another device. `reconcilePreferences` decides between the two copies.
import { DEFAULT_AI_PREFERENCES, parseAiPreferences, type AiPreferences } from '#core/ai-preferences';
import {
  clearLocalPreferences,
  deviceStorage,
  isUnsynced,
  readLocalPreferences,
  setUnsynced,
  writeLocalPreferences,
  type StorageLike,
} from '../../lib/device-storage';
import { readStoredSession } from '../../lib/supabase';

export { clearLocalPreferences, isUnsynced, readLocalPreferences, setUnsynced, writeLocalPreferences };

/** The `user_metadata` field holding the server copy. */
export const AI_PREFERENCES_METADATA_FIELD = 'ai_preferences';

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
export function readAiPreferences(userId: string, storage: StorageLike | null = deviceStorage()): AiPreferences {
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
