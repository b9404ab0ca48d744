// What a device keeps, read from inside its page: a localStorage entry, and the notes rows of its
// IndexedDB working copy (the `sprout` database's `notes` store, notes in the Trash, tombstones and
// pending rows included).
import type { Page } from '@playwright/test';

/** A row of the device's notes store, as much of it as the tests read. */
export interface LocalNote {
  id: string;
  user_id: string;
  title: string;
  content: string;
  /** Set while the note is in the Trash (docs/sync.md [S29]). */
  trashed_at: string | null;
  deleted_at: string | null;
}

/** The localStorage entry `key` of the page's origin; null when there is none. */
export function localItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate((name) => localStorage.getItem(name), key);
}

/** Every row of this device's notes store. */
export function localNotes(page: Page): Promise<LocalNote[]> {
  return page.evaluate(
    () =>
      new Promise<LocalNote[]>((resolve, reject) => {
        const open = indexedDB.open('sprout');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const all = db.transaction('notes').objectStore('notes').getAll();
          all.onsuccess = () => {
            resolve(all.result as LocalNote[]);
            db.close();
          };
          all.onerror = () => reject(all.error);
        };
      }),
  );
}

/** How many rows of the user this device holds (tombstones included). */
export async function localNoteCount(page: Page, userId: string): Promise<number> {
  return (await localNotes(page)).filter((note) => note.user_id === userId).length;
}

/** The original text of a note as this device holds it; undefined when it holds none. */
export async function localContent(page: Page, id: string): Promise<string | undefined> {
  return (await localNotes(page)).find((note) => note.id === id)?.content;
}
