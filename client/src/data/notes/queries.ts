// The live queries the screens read notes with. Dexie liveQuery re-runs them on every change, also
// another tab's [S16]. The lists read the newest rows and stop after one page (notes-page.ts), so they
// stay cheap with thousands of notes. Without a signed-in session every query is empty.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Dexie } from 'dexie';
import { useLiveQuery, useObservable } from 'dexie-react-hooks';
import type { LocalNote } from '#core/sync-rules';
import { inTrash, isListed } from '#core/trash';
import type { SproutDb } from './local-db';
import { readLocalNote, toNoteView, type NoteView } from './local-note';
import { useNotesSession } from './notes-context';
import { newestIn, RECENT_IDEAS_LIMIT, type NotesKind, type NotesOrder, type NotesPage } from './notes-page';
import { livePage } from './live-pages';
import { answered, sharedLiveQuery } from './shared-live-query';
import { loadLinkingNotes, loadTagCounts } from './tag-index';

/**
 * How many notes the user's lists show, counted without reading their rows: all the user's notes less the
 * tombstones, which are exactly the rows in the [user_id+deleted_at] index (a null deleted_at is no key),
 * less the notes in the Trash and the archived ones, read from their own indexes (a note in both, or deleted
 * for good and not yet synced, is counted once). Its own query, so a page of cards never waits for a count
 * over everything.
 */
export function countLiveNotes(db: SproutDb, userId: string): Promise<number> {
  // One transaction: the four counts are of one state of the notes (a sync landing between them cannot
  // count a note twice or not at all), and a start opens one IndexedDB transaction for them, not four.
  return db.transaction('r', db.notes, async () => {
    const [all, tombstones, trashed, archived] = await Promise.all([
      db.notes.where('user_id').equals(userId).count(),
      db.notes.where('[user_id+deleted_at]').between([userId, Dexie.minKey], [userId, Dexie.maxKey]).count(),
      newestIn(db, userId, 'trashed_at')
        .filter((row) => row.deleted_at === null)
        .count(),
      newestIn(db, userId, 'archived_at')
        .filter((row) => row.deleted_at === null && !row.trashed_at)
        .count(),
    ]);
    return all - tombstones - trashed - archived;
  });
}

/** The user's notes of a placement index that `keep` keeps, the latest move first. */
async function loadPlaced(
  db: SproutDb,
  userId: string,
  field: 'trashed_at' | 'archived_at',
  keep: (note: LocalNote) => boolean,
): Promise<NoteView[]> {
  const rows = await newestIn(db, userId, field).toArray();
  return rows
    .map(readLocalNote)
    .filter((note): note is LocalNote => note !== null && note.user_id === userId && keep(note))
    .map(toNoteView);
}

/** The notes in the user's Trash, the latest moved there first [S29]. */
export function loadTrash(db: SproutDb, userId: string): Promise<NoteView[]> {
  return loadPlaced(db, userId, 'trashed_at', inTrash);
}

/** The user's archived notes (not in the Trash), the latest archived first. */
export function loadArchive(db: SproutDb, userId: string): Promise<NoteView[]> {
  return loadPlaced(db, userId, 'archived_at', (note) => isListed(note) && note.archived_at !== null);
}

const NO_NOTES: NotesPage = Object.freeze({ notes: [], hasMore: false });

/** The page and the counts without a session: empty, at once. */
const NO_PAGE = answered(NO_NOTES);
const NO_COUNT = answered(0);
/** Tag counts not asked for, or without a session: none. */
const NO_TAG_COUNTS = answered<ReadonlyMap<string, number> | undefined>(undefined);

/** The signed-in user's database and id, or nulls without a session (or one not on IndexedDB). */
function useNotesSource(): { db: SproutDb | null; userId: string | null } {
  const session = useNotesSession();
  return { db: session?.db ?? null, userId: session?.userId ?? null };
}

/**
 * Live page of the signed-in user's notes of a kind, newest first; undefined while loading. Until the
 * live query's first answer, the page preloaded at the start (page-preload.ts) stands in for it.
 */
export function useNotesPage(
  limit: number,
  kind: NotesKind = 'all',
  order: NotesOrder = 'updated',
  tag: string | null = null,
): NotesPage | undefined {
  const { db, userId } = useNotesSource();
  // One live query per page, shared with the start's read ahead (live-pages.ts): a page read ahead is here
  // at the first render. Another page (a longer one, another order, a tag chosen) keeps the last until it
  // answers, and its read starts with the render that asks for it rather than after that render's commit
  // (an effect, then Dexie's timer): a read, so safe from render, and the screen's subscription takes it
  // over. A tag chosen in the sidebar had its page read from 19 ms after the click instead of 41, traced
  // (docs/decisions.md, 'A list's read starts with the render that asks for it').
  const page = useMemo(
    () => (db && userId ? livePage(db, userId, limit, kind, order, tag) : NO_PAGE),
    [db, userId, limit, kind, order, tag],
  );
  page.readAhead();
  return useObservable(() => page, [page]);
}

/** Each tag of the signed-in user's listed notes with its count, A to Z; undefined while loading or off. */
export function useTagCounts(enabled = true): ReadonlyMap<string, number> | undefined {
  const { db, userId } = useNotesSource();
  // One query however many parts ask (the sidebar's list, a filtered list's count, the palette): a tag chosen
  // finds its count read already instead of reading every tag key again while its cards are read. Off, it
  // reads nothing: every write would otherwise read every tag key again for a screen not showing them.
  return useObservable(
    () =>
      db && userId && enabled
        ? sharedLiveQuery(db, { key: `tag counts ${userId}`, read: () => loadTagCounts(db, userId) })
        : NO_TAG_COUNTS,
    [db, userId, enabled],
  );
}

/** A note another note links to, as the link shows it (issue 33). */
export type LinkTarget =
  | { state: 'listed' | 'archived'; title: string }
  /** In the Trash: the link says so and leads nowhere until the note is restored. */
  | { state: 'trashed'; title: string }
  /** Deleted for good, another user's, or never on this device. */
  | { state: 'missing' };

/** Where a link to note `id` leads, read from this device. */
export async function loadLinkTarget(db: SproutDb, userId: string, id: string): Promise<LinkTarget> {
  const note = readLocalNote(await db.notes.get(id));
  if (!note || note.user_id !== userId || note.deleted_at) return { state: 'missing' };
  if (inTrash(note)) return { state: 'trashed', title: note.title };
  return { state: note.archived_at ? 'archived' : 'listed', title: note.title };
}

/** Where a link to note `id` leads; undefined while reading. */
export function useLinkTarget(id: string): LinkTarget | undefined {
  const { db, userId } = useNotesSource();
  return useLiveQuery(
    async () => (db && userId ? loadLinkTarget(db, userId, id) : { state: 'missing' as const }),
    [db, userId, id],
  );
}

/** The notes that link to note `id` ('Linked from'), the latest updated first; undefined while reading. */
export function useLinkingNotes(id: string): { id: string; title: string }[] | undefined {
  const { db, userId } = useNotesSource();
  return useLiveQuery(async () => {
    if (!db || !userId) return [];
    const rows = await loadLinkingNotes(db, userId, id);
    return rows
      .map(readLocalNote)
      .filter((note): note is LocalNote => note !== null && note.user_id === userId)
      .sort((a, b) => (a.updated_at < b.updated_at ? 1 : a.updated_at > b.updated_at ? -1 : 0))
      .map((note) => ({ id: note.id, title: note.title }));
  }, [db, userId, id]);
}

/** The titles the signed-in user's notes go by, for `[[` (issue 33): every note in the lists or the Archive. */
export async function loadLinkCandidates(
  db: SproutDb,
  userId: string,
): Promise<{ id: string; title: string; updated_at: string }[]> {
  const rows = await newestIn(db, userId, 'updated_at').toArray();
  return rows
    .filter((row) => row.user_id === userId && !row.deleted_at && !row.trashed_at)
    .map((row) => ({ id: row.id, title: typeof row.title === 'string' ? row.title : '', updated_at: row.updated_at }));
}

/** At most this many notes offered for one `[[` query. */
const LINK_SUGGESTIONS = 8;

/** Whether a Dexie 'storagemutated' event (in this tab or another) changed `db`'s notes table. */
export function touchesNotes(parts: Readonly<Record<string, unknown>>, db: Pick<SproutDb, 'name'>): boolean {
  const table = `idb://${db.name}/notes/`;
  return Object.keys(parts).some((part) => part.startsWith(table));
}

/**
 * The notes to offer for `[[query` (issue 33), from this device (so offline too): titles holding every
 * word of the query, those starting with it first, then the latest updated; never the note `selfId`. The
 * titles are read on the first call (or `warm`) and kept until the notes change, here or in another tab:
 * a note made in another tab, or pulled by a new device's first sync while the editor was already open,
 * is offered on the next key.
 */
type LinkCandidate = { id: string; title: string; updated_at: string };

/** The notes of `candidates` to offer for `query` (pure): see useLinkSuggester. */
function matchLinks(candidates: readonly LinkCandidate[], query: string, selfId: string | null): LinkCandidate[] {
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  const wanted = query.trim().toLocaleLowerCase();
  const found: (LinkCandidate & { starts: boolean })[] = [];
  for (const note of candidates) {
    if (note.id === selfId) continue;
    const title = note.title.toLocaleLowerCase();
    if (words.every((word) => title.includes(word)))
      found.push({ ...note, starts: wanted !== '' && title.startsWith(wanted) });
  }
  // Stable: within each group the order read, the latest updated first.
  found.sort((a, b) => Number(b.starts) - Number(a.starts));
  return found.slice(0, LINK_SUGGESTIONS).map(({ id, title, updated_at }) => ({ id, title, updated_at }));
}

export function useLinkSuggester(selfId: string | null): {
  /**
   * At once once the titles are read (those read before a change until its new read is done), else once they
   * are: a completion that waits is one Enter misses.
   */
  suggest: (query: string) => LinkCandidate[] | Promise<LinkCandidate[]>;
  warm: () => void;
} {
  const { db, userId } = useNotesSource();
  const titles = useRef<Promise<LinkCandidate[]> | null>(null);
  const loaded = useRef<LinkCandidate[] | null>(null);
  const read = useCallback(() => {
    if (!db || !userId) return Promise.resolve([]);
    if (!titles.current) {
      const reading = loadLinkCandidates(db, userId);
      titles.current = reading;
      void reading.then((candidates) => {
        if (titles.current === reading) loaded.current = candidates;
      });
    }
    return titles.current;
  }, [db, userId]);
  useEffect(() => {
    titles.current = null;
    loaded.current = null;
    if (!db) return;
    // A change starts a new read at the next question, and the titles read before answer until it is done:
    // dropping them made the next question wait, and CodeMirror greys out a list still answering, where an
    // Enter writes a new line instead of the link (an edit's auto-save between two links did it in CI).
    const changed = (parts: Readonly<Record<string, unknown>>) => {
      if (touchesNotes(parts, db)) titles.current = null;
    };
    Dexie.on('storagemutated', changed);
    return () => Dexie.on('storagemutated').unsubscribe(changed);
  }, [db, userId]);
  const suggest = useCallback(
    (query: string) => {
      const reading = read();
      return loaded.current
        ? matchLinks(loaded.current, query, selfId)
        : reading.then((all) => matchLinks(all, query, selfId));
    },
    [read, selfId],
  );
  const warm = useCallback(() => void read(), [read]);
  return { suggest, warm };
}

/** How many live notes the signed-in user has; undefined while counting. */
export function useLiveNotesCount(): number | undefined {
  const { db, userId } = useNotesSource();
  return useObservable(
    () =>
      db && userId
        ? sharedLiveQuery(db, { key: `live count ${userId}`, read: () => countLiveNotes(db, userId) })
        : NO_COUNT,
    [db, userId],
  );
}

/** The sidebar's Recent Ideas: up to 10 notes with expanded content, newest first. */
export function useRecentIdeasPage(): NoteView[] | undefined {
  return useNotesPage(RECENT_IDEAS_LIMIT, 'expanded')?.notes;
}

/** One note; undefined while loading, null when it does not exist (or is deleted, trashed, or another user's). */
export async function loadNote(db: SproutDb, userId: string, id: string): Promise<NoteView | null> {
  const note = readLocalNote(await db.notes.get(id));
  return note && note.user_id === userId && isListed(note) ? toNoteView(note) : null;
}

/** The notes in the signed-in user's Trash, the latest moved there first; undefined while loading. */
export function useTrashPage(): NoteView[] | undefined {
  const { db, userId } = useNotesSource();
  return useLiveQuery(async () => (db && userId ? loadTrash(db, userId) : []), [db, userId]);
}

/** The signed-in user's archived notes, the latest archived first; undefined while loading. */
export function useArchivePage(): NoteView[] | undefined {
  const { db, userId } = useNotesSource();
  return useLiveQuery(async () => (db && userId ? loadArchive(db, userId) : []), [db, userId]);
}

/** One live note of the signed-in user; undefined while loading, null when there is no such note. */
export function useNote(id: string | null | undefined): NoteView | null | undefined {
  const { db, userId } = useNotesSource();
  // useLiveQuery hands back the previous query's last result until the new one answers. Each result
  // carries the id it was read for, so a page that moved to another note never takes the old note (or
  // its "gone", when it was deleted meanwhile) for the new one.
  const result = useLiveQuery(
    async () => ({ id, note: db && userId && id ? await loadNote(db, userId, id) : null }),
    [db, userId, id],
  );
  return result === undefined || result.id !== id ? undefined : result.note;
}

/** How many of the signed-in user's changes wait to sync (pending or refused); 0 while loading. */
export function usePendingCount(): number {
  const { db, userId } = useNotesSource();
  // One query for the sidebar's footer and the phone's top bar, which both show it (shared-live-query.ts).
  return (
    useObservable(
      () =>
        db && userId
          ? sharedLiveQuery(db, {
              key: `pending ${userId}`,
              read: () => db.notes.where('[user_id+sync_state]').anyOf([userId, 'pending'], [userId, 'error']).count(),
            })
          : NO_COUNT,
      [db, userId],
    ) ?? 0
  );
}

/** Keeps showing the last page while a longer one ('Show more') is read. */
export function useStablePage(page: NotesPage | undefined): NotesPage | undefined {
  const [last, setLast] = useState(page);
  if (page !== undefined && page !== last) setLast(page);
  return page ?? last;
}
