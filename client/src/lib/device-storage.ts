// Every key Sprout keeps in this browser's localStorage, and the only code that touches them (the keys
// and plain access live in device-keys.ts). Keys that hold personal data are kept per user
// (ARCHITECTURE 9.12), so one user's profile, note activity or AI preferences never reach another
// user's prompts. Reads are lenient and no access ever throws.
import { parseAiPreferences, type AiPreferences } from '#core/ai-preferences';
import { AI_PREFERENCES_KEY, DEVICE_KEYS, deviceStorage, readJson, readText, removeKey, writeJson, writeText, type StorageLike } from './device-keys';

export * from './device-keys';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

// --- notes_activity:<userId> ------------------------------------------------------------------------

export interface NoteActivity {
  /** One ISO timestamp per action type ('view', ...), the latest of each. */
  [action: string]: string | { type: string; timestamp: string } | undefined;
  lastAction?: { type: string; timestamp: string };
}

/** Per note id: when each action last happened and which came last. */
export type NotesActivity = Record<string, NoteActivity>;

export type ActivityType = 'view' | 'edit' | 'create' | (string & {});

/** The user's activity; malformed entries are dropped. */
export function readNotesActivity(userId: string, storage: StorageLike | null = deviceStorage()): NotesActivity {
  const raw = readJson(DEVICE_KEYS.notesActivity(userId), storage);
  if (!isRecord(raw)) return {};
  const result: NotesActivity = {};
  for (const [noteId, entry] of Object.entries(raw)) {
    if (!isRecord(entry)) continue;
    const activity: NoteActivity = {};
    for (const [type, value] of Object.entries(entry)) {
      if (type === 'lastAction') {
        if (isRecord(value) && typeof value.type === 'string' && typeof value.timestamp === 'string') {
          activity.lastAction = { type: value.type, timestamp: value.timestamp };
        }
      } else if (typeof value === 'string') {
        activity[type] = value;
      }
    }
    result[noteId] = activity;
  }
  return result;
}

/**
 * Records that `type` happened to a note now (e.g. a view when a note is opened). A full or disabled
 * storage loses the record: activity is a convenience, never worth failing an action.
 */
export function recordNoteActivity(
  userId: string,
  noteId: string,
  type: ActivityType,
  now: Date = new Date(),
  storage: StorageLike | null = deviceStorage(),
): NotesActivity {
  if (type === 'lastAction') throw new Error('"lastAction" is not an action type');
  const activity = readNotesActivity(userId, storage);
  const timestamp = now.toISOString();
  activity[noteId] = { ...activity[noteId], [type]: timestamp, lastAction: { type, timestamp } };
  writeJson(DEVICE_KEYS.notesActivity(userId), activity, storage);
  return activity;
}

/** Drops one note's activity (after the note is deleted). */
export function forgetNoteActivity(userId: string, noteId: string, storage: StorageLike | null = deviceStorage()): void {
  const activity = readNotesActivity(userId, storage);
  if (!(noteId in activity)) return;
  delete activity[noteId];
  writeJson(DEVICE_KEYS.notesActivity(userId), activity, storage);
}

export function clearNotesActivity(userId: string, storage: StorageLike | null = deviceStorage()): void {
  removeKey(DEVICE_KEYS.notesActivity(userId), storage);
}

// --- user_data:<userId> ------------------------------------------------------------------------------

/** The profile's fields this device keeps; any other member is kept as it is. */
export interface UserData {
  name?: string;
  email?: string;
  bio?: string;
  location?: string;
  website?: string;
  avatar_url?: string;
  [other: string]: unknown;
}

const USER_DATA_TEXT_FIELDS = ['name', 'email', 'bio', 'location', 'website', 'avatar_url'] as const;

/** The stored profile copy, or null when there is none or it is not an object whose known fields are text. */
export function readUserData(userId: string, storage: StorageLike | null = deviceStorage()): UserData | null {
  const value = readJson(DEVICE_KEYS.userData(userId), storage);
  if (!isRecord(value)) return null;
  for (const field of USER_DATA_TEXT_FIELDS) {
    if (value[field] !== undefined && typeof value[field] !== 'string') return null;
  }
  return { ...value } as UserData;
}

export function writeUserData(userId: string, data: UserData, storage: StorageLike | null = deviceStorage()): void {
  writeJson(DEVICE_KEYS.userData(userId), data, storage);
}

export function clearUserData(userId: string, storage: StorageLike | null = deviceStorage()): void {
  removeKey(DEVICE_KEYS.userData(userId), storage);
}

// --- ai_preferences:<userId> and its unsynced marker ------------------------------------------------------

/** The local copy of the AI preferences, or null when there is none (or it is not a JSON object). */
export function readLocalPreferences(userId: string, storage: StorageLike | null = deviceStorage()): AiPreferences | null {
  const value = readJson(DEVICE_KEYS.aiPreferences(userId), storage);
  return isRecord(value) ? parseAiPreferences(value) : null;
}

/** Writes the local copy; false when the browser refused (storage full or disabled). */
export function writeLocalPreferences(userId: string, preferences: AiPreferences, storage: StorageLike | null = deviceStorage()): boolean {
  return writeJson(DEVICE_KEYS.aiPreferences(userId), preferences, storage);
}

/** Whether the local copy holds a save not yet written to the server (offline, server down). */
export function isUnsynced(userId: string, storage: StorageLike | null = deviceStorage()): boolean {
  return readText(DEVICE_KEYS.aiPreferencesUnsynced(userId), storage) === '1';
}

/** Without storage the marker lasts as long as the page (the push is retried while it is open). */
export function setUnsynced(userId: string, unsynced: boolean, storage: StorageLike | null = deviceStorage()): void {
  if (unsynced) writeText(DEVICE_KEYS.aiPreferencesUnsynced(userId), '1', storage);
  else removeKey(DEVICE_KEYS.aiPreferencesUnsynced(userId), storage);
}

/** Removes the user's local preferences and their marker. */
export function clearLocalPreferences(userId: string, storage: StorageLike | null = deviceStorage()): void {
  removeKey(DEVICE_KEYS.aiPreferences(userId), storage);
  removeKey(DEVICE_KEYS.aiPreferencesUnsynced(userId), storage);
}

/** The user id a per-user AI preferences key belongs to (another tab's save, seen in a `storage` event). */
export function aiPreferencesKeyUser(key: string | null): string | null {
  const prefix = `${AI_PREFERENCES_KEY}:`;
  return key?.startsWith(prefix) ? key.slice(prefix.length) : null;
}
