// The spec's local keys `notes_activity` and `user_data`, kept per user (ARCHITECTURE 9.12) as
// `notes_activity:<userId>` and `user_data:<userId>`, with lenient typed accessors.
import { z } from 'zod';

export const NOTES_ACTIVITY_KEY = 'notes_activity';
export const USER_DATA_KEY = 'user_data';

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface NoteActivity {
  /** One ISO timestamp per action type ('view', ...), the latest of each. */
  [action: string]: string | { type: string; timestamp: string } | undefined;
  lastAction?: { type: string; timestamp: string };
}

/** Per note id: when each action last happened and which came last. */
export type NotesActivity = Record<string, NoteActivity>;

export type ActivityType = 'view' | 'edit' | 'create' | (string & {});

const userDataSchema = z
  .object({
    name: z.string().optional(),
    email: z.string().optional(),
    bio: z.string().optional(),
    location: z.string().optional(),
    website: z.string().optional(),
    avatar_url: z.string().optional(),
  })
  .catchall(z.unknown());
export type UserData = z.infer<typeof userDataSchema>;

export function notesActivityKey(userId: string): string {
  return `${NOTES_ACTIVITY_KEY}:${userId}`;
}

export function userDataKey(userId: string): string {
  return `${USER_DATA_KEY}:${userId}`;
}

function defaultStorage(): StorageLike | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled by the browser
  }
}

function readJson(storage: StorageLike | null, key: string): unknown {
  try {
    const raw = storage?.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

function writeJson(storage: StorageLike | null, key: string, value: unknown): void {
  try {
    storage?.setItem(key, JSON.stringify(value));
  } catch {
    // Quota exceeded or storage disabled: activity is a convenience, never worth failing an action.
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The user's activity; malformed entries are dropped. */
export function readNotesActivity(userId: string, storage: StorageLike | null = defaultStorage()): NotesActivity {
  const raw = readJson(storage, notesActivityKey(userId));
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

/** Records that `type` happened to a note now (e.g. a view when a note is opened). */
export function recordNoteActivity(
  userId: string,
  noteId: string,
  type: ActivityType,
  now: Date = new Date(),
  storage: StorageLike | null = defaultStorage(),
): NotesActivity {
  if (type === 'lastAction') throw new Error('"lastAction" is not an action type');
  const activity = readNotesActivity(userId, storage);
  const timestamp = now.toISOString();
  activity[noteId] = { ...activity[noteId], [type]: timestamp, lastAction: { type, timestamp } };
  writeJson(storage, notesActivityKey(userId), activity);
  return activity;
}

/** Drops one note's activity (after the note is deleted). */
export function forgetNoteActivity(userId: string, noteId: string, storage: StorageLike | null = defaultStorage()): void {
  const activity = readNotesActivity(userId, storage);
  if (!(noteId in activity)) return;
  delete activity[noteId];
  writeJson(storage, notesActivityKey(userId), activity);
}

export function clearNotesActivity(userId: string, storage: StorageLike | null = defaultStorage()): void {
  try {
    storage?.removeItem(notesActivityKey(userId));
  } catch {
    // nothing to clear
  }
}

export function readUserData(userId: string, storage: StorageLike | null = defaultStorage()): UserData | null {
  const parsed = userDataSchema.safeParse(readJson(storage, userDataKey(userId)));
  return parsed.success ? parsed.data : null;
}

export function writeUserData(userId: string, data: UserData, storage: StorageLike | null = defaultStorage()): void {
  writeJson(storage, userDataKey(userId), data);
}

export function clearUserData(userId: string, storage: StorageLike | null = defaultStorage()): void {
  try {
    storage?.removeItem(userDataKey(userId));
  } catch {
    // nothing to clear
  }
}
