// The live queries the screens read notes with. Dexie liveQuery re-runs them on every change, also
// another tab's [S16]. The lists walk the [user_id+updated_at] index newest first and stop after one
// page, so they stay cheap with thousands of notes. Order: updated_at newest first, ties by id
// descending (the index order; timestamps are ISO strings in one format, toISOString here and on the
// server, so the index order is the time order). Without a signed-in session every query is empty.
import { useRef, useState } from 'react';
import { Dexie } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import type { LocalNote } from '#core/sync-rules';
import type { SproutDb } from './local-db';
import { readLocalNote, toNoteView, type NoteView } from './local-note';
import { useNotesSession } from './notes-context';
import { sharePage } from './shared-views';

/** The sidebar's Recent Ideas: at most this many notes with expanded content (spec section 2). */
export const RECENT_IDEAS_LIMIT = 10;

/** Cards a list screen renders at first and adds with each 'Show more'. */
export const PAGE_SIZE = 60;

export interface NotesPage {
  /** The first `limit` notes, newest update first. */
  notes: NoteView[];
  /** Whether more notes follow the page. */
  hasMore: boolean;
}

export type NotesKind = 'all' | 'checklists' | 'expanded';

function matches(row: LocalNote, kind: NotesKind): boolean {
  if (row.deleted_at) return false;
  if (kind === 'checklists') return row.is_checklist === true;
  if (kind === 'expanded') return typeof row.expanded_content === 'string' && row.expanded_content.trim() !== '';
  return true;
}

/**
 * Rows a page's first read takes beyond the page and the one that says more follow: room for a few
 * tombstones or notes of another kind among the newest, so that the usual page is one read.
 */
const READ_SLACK = 8;
/** How much longer each further read of the newest rows is, when the last held too few of the kind. */
const READ_GROWTH = 4;
/** Bulk reads of the newest rows before a page still short of notes of its kind walks the index. */
const BULK_READS = 2;

/** How many of the newest rows each bulk read of a page of `limit` takes, in order (pure). */
export function bulkReadSizes(limit: number): number[] {
  const first = limit + 1 + READ_SLACK;
  return Array.from({ length: BULK_READS }, (_, i) => first * READ_GROWTH ** i);
}

function toPage(rows: readonly LocalNote[], limit: number): NotesPage {
  const notes = rows
    .slice(0, limit)
    .map(readLocalNote)
    .filter((note): note is LocalNote => note !== null)
    .map(toNoteView);
  return { notes, hasMore: rows.length > limit };
}

/**
 * One page of the user's live notes of a kind, newest first. The newest rows are read in bulk (one
 * IndexedDB request with a count and a direction) and sorted out here: a JS filter on the query would
 * make Dexie walk a cursor instead, one round trip to the browser's IndexedDB per row, each waiting for
 * a main thread that is busy rendering the start-up's screens (issue 10: ~100 ms of a reload's 10,000
 * notes). A page still short of its kind after the bulk reads (a kind rare among many newer notes)
 * walks the index, as before. Every page comes from one read, so it is a consistent snapshot.
 */
export async function loadNotesPage(db: SproutDb, userId: string, limit: number, kind: NotesKind = 'all'): Promise<NotesPage> {
  const newest = () =>
    db.notes
      .where('[user_id+updated_at]')
      .between([userId, Dexie.minKey], [userId, Dexie.maxKey])
      .reverse();
  const keep = (row: LocalNote) => row.user_id === userId && matches(row, kind);
  for (const size of bulkReadSizes(limit)) {
    const rows = await newest().limit(size).toArray();
    const kept = rows.filter(keep);
    // Enough for the page and its "more", or every row of the user read.
    if (kept.length > limit || rows.length < size) return toPage(kept, limit);
  }
  return toPage(await newest().filter(keep).limit(limit + 1).toArray(), limit);
}

/**
 * How many live notes the user has, counted on indexes without reading a row: all the user's notes
 * less the tombstones, which are exactly the rows in the [user_id+deleted_at] index (a null
 * deleted_at is no key). Its own query, so a page of cards never waits for a count over everything.
 */
export async function countLiveNotes(db: SproutDb, userId: string): Promise<number> {
  const [all, tombstones] = await Promise.all([
    db.notes.where('user_id').equals(userId).count(),
    db.notes.where('[user_id+deleted_at]').between([userId, Dexie.minKey], [userId, Dexie.maxKey]).count(),
  ]);
  return all - tombstones;
}

const NO_NOTES: NotesPage = Object.freeze({ notes: [], hasMore: false });

/** The signed-in user's database and id, or nulls without a session (or one not on IndexedDB). */
function useNotesSource(): { db: SproutDb | null; userId: string | null } {
  const session = useNotesSession();
  return { db: session?.db ?? null, userId: session?.userId ?? null };
}

/** Live page of the signed-in user's notes of a kind, newest first; undefined while loading. */
export function useNotesPage(limit: number, kind: NotesKind = 'all'): NotesPage | undefined {
  const { db, userId } = useNotesSource();
  // The last page read: a re-read that shows the same notes hands back the same objects (shared-views.ts).
  const last = useRef<NotesPage | undefined>(undefined);
  return useLiveQuery(async () => {
    if (!db || !userId) return NO_NOTES;
    const page = sharePage(last.current, await loadNotesPage(db, userId, limit, kind));
    last.current = page;
    return page;
  }, [db, userId, limit, kind]);
}

/** How many live notes the signed-in user has; undefined while counting. */
export function useLiveNotesCount(): number | undefined {
  const { db, userId } = useNotesSource();
  return useLiveQuery(() => (db && userId ? countLiveNotes(db, userId) : 0), [db, userId]);
}

/** The sidebar's Recent Ideas: up to 10 notes with expanded content, newest first. */
export function useRecentIdeasPage(): NoteView[] | undefined {
  return useNotesPage(RECENT_IDEAS_LIMIT, 'expanded')?.notes;
}

/** One note; undefined while loading, null when it does not exist (or is deleted, or another user's). */
export async function loadNote(db: SproutDb, userId: string, id: string): Promise<NoteView | null> {
  const note = readLocalNote(await db.notes.get(id));
  return note && note.user_id === userId && note.deleted_at === null ? toNoteView(note) : null;
}

/** One live note of the signed-in user; undefined while loading, null when there is no such note. */
export function useNote(id: string | null | undefined): NoteView | null | undefined {
  const { db, userId } = useNotesSource();
  // useLiveQuery hands back the previous query's last result until the new one answers. Each result
  // carries the id it was read for, so a page that moved to another note never takes the old note (or
  // its "gone", when it was deleted meanwhile) for the new one.
  const result = useLiveQuery(async () => ({ id, note: db && userId && id ? await loadNote(db, userId, id) : null }), [db, userId, id]);
  return result === undefined || result.id !== id ? undefined : result.note;
}

/** How many of the signed-in user's changes wait to sync (pending or refused); 0 while loading. */
export function usePendingCount(): number {
  const { db, userId } = useNotesSource();
  return (
    useLiveQuery(
      () => (db && userId ? db.notes.where('[user_id+sync_state]').anyOf([userId, 'pending'], [userId, 'error']).count() : 0),
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
