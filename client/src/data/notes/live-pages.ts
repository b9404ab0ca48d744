// The pages of notes the screens list, each one Dexie live query however many screens show it, and a
// start's first pages read ahead of their screens through that same query. A live query reads only after
// its screen's first commit (an effect, then a timer), so a reload's cards waited for the whole first render
// before their read even began (issue 10): the notes provider starts the first screen's page and Recent
// Ideas while the layout renders, and the screens' hooks join those queries when they mount, with the page
// already read. One query, not a read ahead and then the screen's own: each read is IndexedDB transactions
// and answers that a busy phone's main thread runs as tasks of their own on the way to the content
// (docs/decisions.md, 'What a busy core's blocking time is made of').
import { liveQuery, type Subscription } from 'dexie';
import type { SproutDb } from './local-db';
import { loadNotesPage, type NotesKind, type NotesOrder, type NotesPage } from './notes-page';
import { sharePage } from './shared-views';

/** How long a page read ahead keeps its query for a screen that has not come (another order, another screen). */
export const READ_AHEAD_HOLD_MS = 10_000;

interface Watcher {
  next: (page: NotesPage) => void;
  error: (error: unknown) => void;
}

/** One page's live query, shared by the watchers of that page and a read ahead. */
interface SharedPage {
  /** The last page read; a re-read that shows the same notes keeps its objects (shared-views.ts). */
  page: NotesPage | undefined;
  watchers: Set<Watcher>;
  /** Dexie's live query (set right after it starts; it answers later). */
  subscription?: Subscription;
  /** The read ahead's hold, while no watcher has come: released by the first watcher or its timer. */
  readAhead: ReturnType<typeof setTimeout> | null;
}

/** What a hook subscribes to (dexie-react-hooks' useObservable): the page at once when it is read already. */
export interface LivePage {
  subscribe(next: (page: NotesPage) => void, error?: (error: unknown) => void): { unsubscribe(): void };
  hasValue(): boolean;
  getValue(): NotesPage | undefined;
}

const shared = new WeakMap<SproutDb, Map<string, SharedPage>>();

const keyOf = (userId: string, limit: number, kind: NotesKind, order: NotesOrder, tag: string | null) =>
  `${userId} ${limit} ${kind} ${order} ${tag ?? ''}`;

function pagesOf(db: SproutDb): Map<string, SharedPage> {
  let pages = shared.get(db);
  if (!pages) shared.set(db, (pages = new Map()));
  return pages;
}

function start(db: SproutDb, key: string, read: () => Promise<NotesPage>): SharedPage {
  const pages = pagesOf(db);
  const entry: SharedPage = { page: undefined, watchers: new Set(), readAhead: null };
  pages.set(key, entry);
  entry.subscription = liveQuery(read).subscribe({
    next: (page) => {
      entry.page = sharePage(entry.page, page);
      for (const watcher of [...entry.watchers]) watcher.next(entry.page);
    },
    // A failed read ends the query: its watchers hear of it, and the next to come starts a new one.
    error: (error: unknown) => {
      if (pages.get(key) === entry) pages.delete(key);
      if (entry.readAhead) clearTimeout(entry.readAhead);
      entry.readAhead = null;
      for (const watcher of [...entry.watchers]) watcher.error(error);
    },
  });
  return entry;
}

function stop(db: SproutDb, key: string, entry: SharedPage): void {
  if (entry.watchers.size > 0 || entry.readAhead) return;
  entry.subscription?.unsubscribe();
  const pages = pagesOf(db);
  if (pages.get(key) === entry) pages.delete(key);
}

/** The user's live page of notes of a kind, in an order, of a tag (notes-page.ts, loadNotesPage). */
export function livePage(
  db: SproutDb,
  userId: string,
  limit: number,
  kind: NotesKind = 'all',
  order: NotesOrder = 'updated',
  tag: string | null = null,
): LivePage {
  const key = keyOf(userId, limit, kind, order, tag);
  const current = () => pagesOf(db).get(key);
  return {
    hasValue: () => current()?.page !== undefined,
    getValue: () => current()?.page,
    subscribe(next, error = () => undefined) {
      const entry = current() ?? start(db, key, () => loadNotesPage(db, userId, limit, kind, order, tag));
      const watcher: Watcher = { next, error };
      entry.watchers.add(watcher);
      if (entry.readAhead) {
        clearTimeout(entry.readAhead);
        entry.readAhead = null;
      }
      if (entry.page) next(entry.page);
      return {
        unsubscribe() {
          entry.watchers.delete(watcher);
          stop(db, key, entry);
        },
      };
    },
  };
}

/**
 * Starts the user's live page of notes of a kind, unless it runs already, for a screen about to show it:
 * the page is read while the screen renders, and the screen's hook takes the query over (or, after
 * `holdMs` without one, it stops).
 */
export function readPageAhead(
  db: SproutDb,
  userId: string,
  limit: number,
  kind: NotesKind = 'all',
  order: NotesOrder = 'updated',
  tag: string | null = null,
  holdMs = READ_AHEAD_HOLD_MS,
): void {
  const key = keyOf(userId, limit, kind, order, tag);
  if (pagesOf(db).has(key)) return;
  const entry = start(db, key, () => loadNotesPage(db, userId, limit, kind, order, tag));
  entry.readAhead = setTimeout(() => {
    entry.readAhead = null;
    stop(db, key, entry);
  }, holdMs);
}
