// One page of a user's notes of a kind, newest first, read from IndexedDB: what the list screens' live
// queries read (queries.ts) and what a start reads ahead of them (page-preload.ts). Order: updated_at
// newest first, ties by id descending (the [user_id+updated_at] index order; timestamps are ISO strings
// in one format, toISOString here and on the server, so the index order is the time order).
import { Dexie } from 'dexie';
import type { LocalNote } from '#core/sync-rules';
import type { SproutDb } from './local-db';
import { readLocalNote, toNoteView, type NoteView } from './local-note';

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
  if (row.deleted_at || row.trashed_at) return false;
  if (kind === 'checklists') return row.is_checklist === true;
  if (kind === 'expanded') return typeof row.expanded_content === 'string' && row.expanded_content.trim() !== '';
  return true;
}

/**
 * Rows a page's first read takes beyond the page and the one that says more follow: room for a few
 * tombstones, trashed notes or notes of another kind among the newest, so that the usual page is one read.
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
 * a main thread that is busy rendering the start-up's screens (docs/decisions.md, 'A start reads its
 * first page of notes ahead'). A page still short of its kind after the bulk reads (a kind rare among many newer notes)
 * walks the index, as before. Every page comes from one read, so it is a consistent snapshot.
 */
export async function loadNotesPage(
  db: SproutDb,
  userId: string,
  limit: number,
  kind: NotesKind = 'all',
): Promise<NotesPage> {
  const newest = () =>
    db.notes.where('[user_id+updated_at]').between([userId, Dexie.minKey], [userId, Dexie.maxKey]).reverse();
  const keep = (row: LocalNote) => row.user_id === userId && matches(row, kind);
  for (const size of bulkReadSizes(limit)) {
    const rows = await newest().limit(size).toArray();
    const kept = rows.filter(keep);
    // Enough for the page and its "more", or every row of the user read.
    if (kept.length > limit || rows.length < size) return toPage(kept, limit);
  }
  return toPage(
    await newest()
      .filter(keep)
      .limit(limit + 1)
      .toArray(),
    limit,
  );
}
