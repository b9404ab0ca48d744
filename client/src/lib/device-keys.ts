// Every key Sprout keeps in this browser's localStorage, and the plain access to them (device-storage.ts
// adds the per-user records on top). Reads are lenient and no access ever throws: storage may be
// disabled, full or hold what an older or newer version wrote. Kept apart from the records, whose
// parsing needs zod, so that the first screen reads the theme and the session without loading it.

export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const NOTES_ACTIVITY_KEY = 'notes_activity';
export const USER_DATA_KEY = 'user_data';
export const AI_PREFERENCES_KEY = 'ai_preferences';
export const TRASH_RETENTION_UNSYNCED_KEY = 'trash_retention_unsynced';

/**
 * The IndexedDB database where the service worker keeps files shared into Sprout until they are imported
 * (client/public/sw-share.js writes it under this name; features/settings/your-data/shared-files.ts reads it).
 */
export const SHARED_FILES_DB = 'sprout-shared-files';

/** The keys. The theme and font size names are also read by index.html's inline script: keep them. */
export const DEVICE_KEYS = {
  /** 'light' | 'dark' (spec section 4). */
  theme: 'theme',
  /** 'small' | 'large'; absent for medium (Settings > Appearance). */
  fontSize: 'sprout.fontSize',
  /** JSON { autoSaveInterval, notifications } (Settings > Editor). */
  editorSettings: 'sprout.editorSettings',
  /** 'created' | 'title'; absent for the spec's order by last update (the lists' Sort, issue 33). */
  notesOrder: 'sprout.notesOrder',
  /**
   * The time (ms) a tab of this browser last began the user's own Sign out: another tab's SIGNED_OUT that
   * follows it is that choice too, not a session the server ended (data/auth/auth-state.ts).
   */
  signedOutByUser: 'sprout.signedOutByUser',
  /** The public anon key from /api/config, so start-up needs no network (ARCHITECTURE 9.5). */
  anonKey: 'sprout.anonKey',
  /** supabase-js keeps the session here (it writes it; we only read it): `sb-<first label of the host>-auth-token`. */
  authSession: (origin: string = location.origin) => `sb-${new URL(origin).hostname.split('.')[0]}-auth-token`,
  /** Per user: JSON, per note id the time of each action and the last one (the spec's `notes_activity`). */
  notesActivity: (userId: string) => `${NOTES_ACTIVITY_KEY}:${userId}`,
  /** Per user: JSON of the profile (the spec's `user_data`), read by the AI chat. */
  userData: (userId: string) => `${USER_DATA_KEY}:${userId}`,
  /** Per user: JSON of the AI preferences (the spec's `ai_preferences`). */
  aiPreferences: (userId: string) => `${AI_PREFERENCES_KEY}:${userId}`,
  /** Per user: '1' while the local AI preferences hold a save not yet written to the server. */
  aiPreferencesUnsynced: (userId: string) => `${AI_PREFERENCES_KEY}_unsynced:${userId}`,
  /** Per user: JSON of a Trash retention chosen here and not yet written to the account (Settings > Sync). */
  trashRetentionUnsynced: (userId: string) => `${TRASH_RETENTION_UNSYNCED_KEY}:${userId}`,
  /** Per user: JSON, the reminders this browser has shown, key to due time, so none shows twice (issue 35). */
  remindersShown: (userId: string) => `sprout.remindersShown:${userId}`,
  /** Per user: JSON, the quick notes made here whose editor has not yet kept or removed them (issue 33). */
  openCaptures: (userId: string) => `sprout.openCaptures:${userId}`,
  /**
   * JSON, the ids of the users whose Sign out began to clear this device's copy of their notes and did not
   * finish (the page went away first): the next opening of the notes database finishes it (owed-clears.ts).
   */
  deviceClearsOwed: 'sprout.deviceClearsOwed',
} as const;

/** This browser's localStorage, or null when the browser refuses it. */
export function deviceStorage(): StorageLike | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled by the browser
  }
}

export function readText(key: string, storage: Pick<Storage, 'getItem'> | null = deviceStorage()): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Stores `value`; false when the browser refused (storage full or disabled). */
export function writeText(key: string, value: string, storage: StorageLike | null = deviceStorage()): boolean {
  try {
    if (!storage) return false;
    storage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

export function removeKey(key: string, storage: StorageLike | null = deviceStorage()): void {
  try {
    storage?.removeItem(key);
  } catch {
    // nothing to remove
  }
}

/** The parsed JSON under `key`; null when absent or unreadable. */
export function readJson(key: string, storage: Pick<Storage, 'getItem'> | null = deviceStorage()): unknown {
  try {
    const raw = readText(key, storage);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown, storage: StorageLike | null = deviceStorage()): boolean {
  return writeText(key, JSON.stringify(value), storage);
}
