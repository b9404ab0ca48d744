// The pages of notes a start's first screens show, read as soon as the signed-in user's notes are opened,
// while the layout and the screen still render. A live query reads only after its screen's first commit
// (an effect, then a timer), so a reload's cards waited for the whole first render before their read even
// began (issue 10). A preloaded page stands for the database only while nothing has been written to
// IndexedDB since its read began (in this tab or another, [S16]); the live query takes over once it answers.
import { Dexie } from 'dexie';
import type { SproutDb } from './local-db';
import { loadNotesPage, type NotesKind, type NotesOrder, type NotesPage } from './notes-page';

interface Preload {
  /** The writes seen when the read began: the page stands only while no other has come. */
  writes: number;
  page?: NotesPage;
}

const preloads = new WeakMap<SproutDb, Map<string, Preload>>();
const listeners = new Set<() => void>();
/** Writes to IndexedDB seen by Dexie since the first preload, any table, any tab. */
let writes = 0;
let counting = false;

const keyOf = (userId: string, limit: number, kind: NotesKind, order: NotesOrder, tag: string | null) =>
  `${userId} ${limit} ${kind} ${order} ${tag ?? ''}`;

function countWrites(): void {
  if (counting) return;
  counting = true;
  Dexie.on('storagemutated', () => {
    writes += 1;
  });
}

/** Starts reading the user's page of notes of a kind, unless it is read or being read already. */
export function preloadNotesPage(
  db: SproutDb,
  userId: string,
  limit: number,
  kind: NotesKind = 'all',
  order: NotesOrder = 'updated',
  tag: string | null = null,
): void {
  countWrites();
  let pages = preloads.get(db);
  if (!pages) preloads.set(db, (pages = new Map()));
  const key = keyOf(userId, limit, kind, order, tag);
  const known = pages.get(key);
  if (known && known.writes === writes) return;
  const preload: Preload = { writes };
  pages.set(key, preload);
  loadNotesPage(db, userId, limit, kind, order, tag).then(
    (page) => {
      if (pages.get(key) !== preload || preload.writes !== writes) return;
      preload.page = page;
      for (const listener of listeners) listener();
    },
    // The live query reads again and reports what failed.
    () => pages.delete(key),
  );
}

/** The preloaded page, while nothing has been written since it was read; else undefined. */
export function preloadedNotesPage(
  db: SproutDb,
  userId: string,
  limit: number,
  kind: NotesKind,
  order: NotesOrder = 'updated',
  tag: string | null = null,
): NotesPage | undefined {
  const preload = preloads.get(db)?.get(keyOf(userId, limit, kind, order, tag));
  return preload && preload.writes === writes ? preload.page : undefined;
}

/** Calls `listener` whenever a preloaded page arrives (for useSyncExternalStore). */
export function subscribePreloads(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
