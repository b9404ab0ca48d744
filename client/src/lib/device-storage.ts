// Every key Sprout keeps in this browser's localStorage (the keys and plain access live in
// device-keys.ts), with the per-user records of the profile and the notes' activity; the AI preferences'
// record is their room's (data/ai-preferences/local-copy.ts). Keys that hold personal data are kept per
// user (ARCHITECTURE 9.12), so one user's profile, note activity or AI preferences never reach another
// user's prompts. Reads are lenient and no access ever throws.
import { DEVICE_KEYS, deviceStorage, readJson, removeKey, writeJson, type StorageLike } from './device-keys';

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
export function forgetNoteActivity(
  userId: string,
  noteId: string,
  storage: StorageLike | null = deviceStorage(),
): void {
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
