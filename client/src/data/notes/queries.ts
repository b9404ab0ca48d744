// Live queries for the list screens that stay cheap with thousands of notes: they walk the
// [user_id+updated_at] index newest first and stop after one page, instead of reading, normalising
// and sorting every note on each change (what useNotes does). Ties in updated_at come out by id,
// descending; timestamps are ISO strings in one format (toISOString, here and on the server), so
// the index order is the time order.
import { useState } from 'react';
import { Dexie } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import type { LocalNote } from '#core/sync-rules';
import { RECENT_IDEAS_LIMIT } from '#core/notes-order';
import { getNotesDb, type SproutDb } from './local-db';
import { readLocalNote, toNoteView, type NoteView } from './local-note';

/** Cards a list screen renders at first and adds with each 'Show more'. */
export const PAGE_SIZE = 60;

export interface NotesPage {
  /** The first `limit` notes, newest update first. */
  notes: NoteView[];
  /** All the user's live notes (only for kind 'all'); null for filtered lists. */
  total: number | null;
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

/** One page of the user's live notes of a kind, newest first. */
export async function loadNotesPage(db: SproutDb, userId: string, limit: number, kind: NotesKind = 'all'): Promise<NotesPage> {
  const rows = await db.notes
    .where('[user_id+updated_at]')
    .between([userId, Dexie.minKey], [userId, Dexie.maxKey])
    .reverse()
    .filter((row) => row.user_id === userId && matches(row, kind))
    .limit(limit + 1)
    .toArray();
  const notes = rows
    .slice(0, limit)
    .map(readLocalNote)
    .filter((note): note is LocalNote => note !== null)
    .map(toNoteView);
  let total: number | null = null;
  if (kind === 'all') {
    // Counting on indexes reads no rows; tombstones are only the few deletions not yet synced.
    const [all, tombstones] = await Promise.all([
      db.notes.where('user_id').equals(userId).count(),
      db.notes
        .where('[user_id+sync_state]')
        .anyOf([userId, 'pending'], [userId, 'error'])
        .filter((row) => Boolean(row.deleted_at))
        .count(),
    ]);
    total = all - tombstones;
  }
  return { notes, total, hasMore: rows.length > limit };
}

/** Live page of notes; undefined while loading. */
export function useNotesPage(userId: string | null, limit: number, kind: NotesKind = 'all', db: SproutDb = getNotesDb()): NotesPage | undefined {
  return useLiveQuery(
    () => (userId ? loadNotesPage(db, userId, limit, kind) : { notes: [], total: 0, hasMore: false }),
    [userId, limit, kind, db],
  );
}

/** The sidebar's Recent Ideas: up to 10 notes with expanded content, newest first. */
export function useRecentIdeasPage(userId: string | null, db: SproutDb = getNotesDb()): NoteView[] | undefined {
  const page = useNotesPage(userId, RECENT_IDEAS_LIMIT, 'expanded', db);
  return page?.notes;
}

/** Keeps showing the last page while a longer one ('Show more') is read. */
export function useStablePage(page: NotesPage | undefined): NotesPage | undefined {
  const [last, setLast] = useState(page);
  if (page !== undefined && page !== last) setLast(page);
  return page ?? last;
}
