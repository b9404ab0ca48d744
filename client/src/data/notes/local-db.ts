// The device's IndexedDB database (ARCHITECTURE 9.12): notes, the working copy and outbox of the sync
// engine, and per-user sync bookkeeping. Later versions migrate this one; they never wipe it.
import { Dexie, type Table } from 'dexie';
import type { LocalNote } from '#core/sync-rules';
import { withIndexKeys } from '#core/local-index-keys';
import { tagKeysMiddleware } from './tag-index';

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
    // Only the latest version is declared. Dexie (3 and later) reads an installed database's schema from
    // the database itself, adds what that lacks, and runs the upgrade of each declared version above the
    // installed one. Declaring every earlier version cost each start about 4 ms of main thread (6.0 ms for
    // the eight against 2.3 for one; docs/decisions.md, 'No Intl object at a start'). The history, each
    // version adding its index to the notes store:
    // 1. every sync field, `meta`; 2. [user_id+deleted_at], the tombstones (a null is no key), so the live
    // notes are counted without reading rows; 3. no store: the sent marks [S6] moved into `meta`;
    // 4. [user_id+trashed_at] [S29]; 5. [user_id+created_at], [user_id+pinned_at], [user_id+archived_at]
    // (issue 33); 6. *tag_keys and 7. *link_keys (tag-index.ts, issue 33); 8. *due_keys (due-queries.ts,
    // issue 35). A later version is declared beside this one, whose upgrade a database before 8 still needs.
    this.version(8)
      .stores({
        notes:
          'id, user_id, [user_id+updated_at], [user_id+sync_state], [user_id+deleted_at], [user_id+trashed_at], [user_id+created_at], [user_id+pinned_at], [user_id+archived_at], *tag_keys, *link_keys, *due_keys',
        meta: '[user_id+key], user_id',
      })
      // The notes stored before version 6, 7 or 8 get the index keys the middleware below sets on every
      // write since; each key is derived from the note alone, so setting all three again on a later
      // version's notes changes nothing.
      .upgrade((tx) =>
        tx
          .table('notes')
          .toCollection()
          .modify((note: Record<string, unknown>) => {
            Object.assign(note, withIndexKeys(note));
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
