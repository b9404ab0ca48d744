// The device's IndexedDB database (ARCHITECTURE 9.12): notes, the working copy and outbox of the sync
// engine, and per-user sync bookkeeping. Later versions migrate this one; they never wipe it.
import { Dexie, type Table } from 'dexie';
import type { LocalNote } from '#core/sync-rules';
import { DUE_KEYS, dueKeysOf, LINK_KEYS, linkKeysOf, TAG_KEYS, tagKeysMiddleware, tagKeysOf } from './tag-index';

export const DEFAULT_DB_NAME = 'sprout';

/** Per-user sync bookkeeping, keyed by [user_id+key]. */
export interface MetaEntry {
  user_id: string;
  key: MetaKey;
  /**
   * A number or text for the sync's keys, the sent marks for 'sent_marks'; the search index is a
   * structured value of data/search's own.
   */
  value: unknown;
}

/**
 * 'search_index': the search index of the user's notes, saved by data/search so a reload need not rebuild it.
 * 'sent_marks': the mutation ids sent and not yet written into their notes [S6] (local-store.ts).
 */
export type MetaKey = 'last_pulled_revision' | 'last_pull_at' | 'search_index' | 'sent_marks';

/** Note id → mutation ids of that note sent to the server, oldest first [S6]. */
export type SentMarks = Record<string, string[]>;

export class SproutDb extends Dexie {
  notes!: Table<LocalNote, string>;
  meta!: Table<MetaEntry, [string, string]>;

  constructor(name: string = DEFAULT_DB_NAME) {
    super(name);
    // Version 1 holds every sync field from the start; a later schema adds a version(2) with an
    // upgrade function, so stored notes are migrated, never dropped.
    this.version(1).stores({
      notes: 'id, user_id, [user_id+updated_at], [user_id+sync_state]',
      meta: '[user_id+key], user_id',
    });
    // Version 2 adds an index holding only the tombstones (a null deleted_at is no key), so the live
    // notes are counted without reading rows (issue 10). Adding an index migrates nothing.
    this.version(2).stores({
      notes: 'id, user_id, [user_id+updated_at], [user_id+sync_state], [user_id+deleted_at]',
    });
    // Version 3 changes no store: the sent marks [S6] moved into `meta` ('sent_marks'), and every write
    // of a note must now read them. A tab still running the code before (which does not) is closed by
    // the upgrade's versionchange and reloads with this code.
    this.version(3).stores({});
    // Version 4 adds an index holding only the notes moved to the Trash (a null trashed_at is no key) [S29]:
    // the Trash screen reads it, and the live notes are counted without them.
    this.version(4).stores({
      notes: 'id, user_id, [user_id+updated_at], [user_id+sync_state], [user_id+deleted_at], [user_id+trashed_at]',
    });
    // Version 5 (issue 33) adds the order by creation, and indexes holding only the pinned notes and only
    // the archived ones (a null is no key): the lists read their pinned notes first, the Archive its notes.
    this.version(5).stores({
      notes:
        'id, user_id, [user_id+updated_at], [user_id+sync_state], [user_id+deleted_at], [user_id+trashed_at], [user_id+created_at], [user_id+pinned_at], [user_id+archived_at]',
    });
    // Version 6 (issue 33) indexes the tags of the listed notes (tag-index.ts): each note's `tag_keys`, set
    // by the middleware on every write and here, once, on the notes stored before.
    this.version(6)
      .stores({
        notes:
          'id, user_id, [user_id+updated_at], [user_id+sync_state], [user_id+deleted_at], [user_id+trashed_at], [user_id+created_at], [user_id+pinned_at], [user_id+archived_at], *tag_keys',
      })
      .upgrade((tx) =>
        tx
          .table('notes')
          .toCollection()
          .modify((note: Record<string, unknown>) => {
            note[TAG_KEYS] = tagKeysOf(note);
          }),
      );
    // Version 7 (issue 33) indexes the links between notes (tag-index.ts): each note's `link_keys`.
    this.version(7)
      .stores({
        notes:
          'id, user_id, [user_id+updated_at], [user_id+sync_state], [user_id+deleted_at], [user_id+trashed_at], [user_id+created_at], [user_id+pinned_at], [user_id+archived_at], *tag_keys, *link_keys',
      })
      .upgrade((tx) =>
        tx
          .table('notes')
          .toCollection()
          .modify((note: Record<string, unknown>) => {
            note[LINK_KEYS] = linkKeysOf(note);
          }),
      );
    // Version 8 (issue 35) indexes the unticked dated checklist items of the listed notes (due-queries.ts):
    // each note's `due_keys`, set by the same middleware, and here once on the notes stored before.
    this.version(8)
      .stores({
        notes:
          'id, user_id, [user_id+updated_at], [user_id+sync_state], [user_id+deleted_at], [user_id+trashed_at], [user_id+created_at], [user_id+pinned_at], [user_id+archived_at], *tag_keys, *link_keys, *due_keys',
      })
      .upgrade((tx) =>
        tx
          .table('notes')
          .toCollection()
          .modify((note: Record<string, unknown>) => {
            note[DUE_KEYS] = dueKeysOf(note);
          }),
      );
    this.use(tagKeysMiddleware);
  }
}

export interface OpenOptions {
  name?: string;
  /**
   * Another tab opened a newer version of the database: this connection has been closed so the
   * upgrade can proceed. The default reloads the page (which then runs the new code).
   */
  onVersionChange?: () => void;
}

function reloadPage(): void {
  if (typeof location !== 'undefined' && typeof location.reload === 'function') location.reload();
}

export function openSproutDb(options: OpenOptions = {}): SproutDb {
  const db = new SproutDb(options.name ?? DEFAULT_DB_NAME);
  const onVersionChange = options.onVersionChange ?? reloadPage;
  db.on('versionchange', () => {
    db.close();
    onVersionChange();
    return false; // handled: Dexie need not apply its own default
  });
  return db;
}
