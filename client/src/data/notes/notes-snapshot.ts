// Whole-collection reads for the search index and the export: which notes exist and when each last
// changed (read from index keys only), a signal when that may have changed (two counts, so watching stays
// cheap with thousands of notes), and the notes themselves by id or all of them, a page at a time so no
// single read holds the page for long.
import { Dexie, liveQuery } from 'dexie';
import type { LocalNote } from '#core/sync-rules';
import { isListed } from '#core/trash';
import type { SproutDb } from './local-db';
import { readLocalNote, toNoteView, type NoteView } from './local-note';

/** Which of the user's notes exist on this device, when each last changed, and which wait to sync. */
export interface NotesVersions {
  /** Note id → updated_at (with ' trashed' for a note in the Trash), tombstones included (a deletion changes it). */
  updatedAt: Map<string, string>;
  /** Ids of notes pending or refused: not yet on the server. */
  unsynced: Set<string>;
  /** The highest server revision pulled when these were read (0 before the first pull). */
  pulledRevision: number;
}

/** A few counts that change whenever the versions do in the ordinary ways (see readNotesSummary). */
export interface NotesSummary {
  /** How many notes the user has here, tombstones included. */
  count: number;
  /** How many changed after `after` (their updated_at is later). */
  newer: number;
  unsynced: Set<string>;
  pulledRevision: number;
}

const userRange = (userId: string) =>
  [
    [userId, Dexie.minKey],
    [userId, Dexie.maxKey],
  ] as const;

async function readPulledRevision(db: SproutDb, userId: string): Promise<number> {
  const row = await db.meta.get([userId, 'last_pulled_revision']);
  return typeof row?.value === 'number' ? row.value : 0;
}

async function readUnsynced(db: SproutDb, userId: string): Promise<Set<string>> {
  const ids = await db.notes.where('[user_id+sync_state]').anyOf([userId, 'pending'], [userId, 'error']).primaryKeys();
  return new Set(ids.map(String));
}

/** Which of the user's notes exist on this device and when each last changed, read from index keys only. */
export function readNotesVersions(db: SproutDb, userId: string): Promise<NotesVersions> {
  return db.transaction('r', db.notes, db.meta, async () => {
    const updatedAt = new Map<string, string>();
    await db.notes
      .where('[user_id+updated_at]')
      .between(...userRange(userId))
      .eachKey((key, cursor) => {
        const at = Array.isArray(key) ? key[1] : undefined;
        updatedAt.set(String(cursor.primaryKey), typeof at === 'string' ? at : '');
      });
    // A move to the Trash or back keeps updated_at [S29], and so does an archive or its undoing (issue 33,
    // the search's Archived filter): the version of such a note says so itself, so that the search index
    // drops it when it goes and takes it back when it returns.
    for (const [field, mark] of [
      ['trashed_at', 'trashed'],
      ['archived_at', 'archived'],
    ] as const) {
      await db.notes
        .where(`[user_id+${field}]`)
        .between(...userRange(userId))
        .eachPrimaryKey((id) => {
          const key = String(id);
          updatedAt.set(key, `${updatedAt.get(key) ?? ''} ${mark}`);
        });
    }
    return {
      updatedAt,
      unsynced: await readUnsynced(db, userId),
      pulledRevision: await readPulledRevision(db, userId),
    };
  });
}

/**
 * Counts, in one transaction, that tell whether the versions may have changed since they were
 * `count` notes, none later than `after`, at `pulledRevision`: a new note or a deletion changes the count,
 * an edit here (any tab) is later than anything before it, and a pull moves the revision. A few
 * milliseconds where readNotesVersions walks every note; not proof (a clock set back), so the search
 * worker still walks them afterwards.
 */
export function readNotesSummary(db: SproutDb, userId: string, after: string): Promise<NotesSummary> {
  return db.transaction('r', db.notes, db.meta, async () => {
    const byTime = db.notes.where('[user_id+updated_at]');
    const [count, newer, unsynced, pulledRevision] = await Promise.all([
      byTime.between(...userRange(userId)).count(),
      byTime.between([userId, after], [userId, Dexie.maxKey], false, true).count(),
      readUnsynced(db, userId),
      readPulledRevision(db, userId),
    ]);
    return { count, newer, unsynced, pulledRevision };
  });
}

/**
 * Calls `onChange` once now and after every change to the user's notes on this device that moves a
 * note's updated_at or sync state (an edit, a deletion, a pull, a sync), another tab's included [S16];
 * readNotesVersions then says what changed. Only two counts are read here, so a change costs the page
 * next to nothing however many notes there are. Returns the unsubscribe function.
 */
export function watchNotesChanges(db: SproutDb, userId: string, onChange: () => void): () => void {
  // A live query re-runs when a write may touch what it read: these are the index ranges readNotesVersions
  // reads. (Dexie re-runs counts on any write to the table, so this also fires for changes that move nothing;
  // the search worker then finds nothing new, at no cost to the page.)
  const subscription = liveQuery(() =>
    Promise.all([
      db.notes.where('[user_id+updated_at]').between([userId, Dexie.minKey], [userId, Dexie.maxKey]).count(),
      db.notes.where('[user_id+sync_state]').anyOf([userId, 'pending'], [userId, 'error']).count(),
    ]),
  ).subscribe({
    next: () => onChange(),
    error: (error: unknown) => console.warn('Watching notes for search failed', error),
  });
  return () => subscription.unsubscribe();
}

function live(userId: string) {
  return (note: LocalNote | null): note is LocalNote => note !== null && note.user_id === userId && isListed(note);
}

/** The user's live notes with these ids (missing, deleted and other users' ids left out). */
export async function readNotesByIds(db: SproutDb, userId: string, ids: readonly string[]): Promise<NoteView[]> {
  const rows = await db.notes.bulkGet([...ids]);
  return rows
    .map((row) => (row ? readLocalNote(row) : null))
    .filter(live(userId))
    .map(toNoteView);
}

/** Every live note of the user, newest first, read `pageSize` at a time; `onPage` reports progress. */
export async function readAllNotes(
  db: SproutDb,
  userId: string,
  onPage?: (done: number, total: number) => void,
  pageSize = 500,
): Promise<LocalNote[]> {
  const ids = (await db.notes
    .where('[user_id+updated_at]')
    .between([userId, Dexie.minKey], [userId, Dexie.maxKey])
    .reverse()
    .primaryKeys()) as string[];
  const notes: LocalNote[] = [];
  for (let start = 0; start < ids.length; start += pageSize) {
    const rows = await db.notes.bulkGet(ids.slice(start, start + pageSize));
    for (const row of rows) {
      const note = row ? readLocalNote(row) : null;
      if (live(userId)(note)) notes.push(note);
    }
    onPage?.(Math.min(ids.length, start + pageSize), ids.length);
  }
  return notes;
}

/**
 * The saved search index of the user (data/search, which checks what it is), or null. It lives in the
 * user's sync bookkeeping, so signing out (which clears the user's notes and bookkeeping) leaves none of
 * their words behind.
 */
export async function readSearchIndex(db: SproutDb, userId: string): Promise<unknown> {
  const row = await db.meta.get([userId, 'search_index']);
  return row?.value ?? null;
}

/** Saves the user's search index; not when the user has no notes here (a sign-out cleared them meanwhile). */
export async function writeSearchIndex(db: SproutDb, userId: string, saved: unknown): Promise<void> {
  await db.transaction('rw', db.notes, db.meta, async () => {
    const any = await db.notes.where('user_id').equals(userId).limit(1).primaryKeys();
    if (any.length === 0) await db.meta.delete([userId, 'search_index']);
    else await db.meta.put({ user_id: userId, key: 'search_index', value: saved });
  });
}
