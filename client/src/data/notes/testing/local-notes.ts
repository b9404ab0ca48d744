// LocalNote rows and throwaway IndexedDB databases for the data layer's own tests (with
// fake-indexeddb): one place that knows every field a stored note has (its content from core/note-fields.ts).
import { EMPTY_CONTENT } from '#core/note-fields';
import type { LocalNote } from '#core/sync-rules';
import { openSproutDb, type SproutDb } from '../local-db';

/**
 * A maker of synced notes of `userId`, numbered from 1 in the order made: ids `00000000-0000-4000-8000-<n>`,
 * titles `Note <n>`, `updated_at` from `updatedAt(n)` (one fixed instant unless given).
 */
export function localNoteMaker(
  userId: string,
  updatedAt: (n: number) => string = () => '2024-01-01T00:00:00.000Z',
): (patch?: Partial<LocalNote>) => LocalNote {
  let n = 0;
  return (patch = {}) => {
    n += 1;
    return {
      id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      user_id: userId,
      ...EMPTY_CONTENT,
      title: `Note ${n}`,
      created_at: '2024-01-01T00:00:00.000Z',
      updated_at: updatedAt(n),
      deleted_at: null,
      revision: 1,
      base_revision: null,
      mutation_id: null,
      sent_mutation_ids: [],
      sync_state: 'synced',
      sync_error: null,
      conflict_of: null,
      base_content: null,
      history_reason: null,
      ...patch,
    };
  };
}

/** Opens databases under fresh names (`<prefix>-<n>`, or a name given to reopen one) and closes them all at once. */
export function scratchDatabases(prefix: string): { open(name?: string): SproutDb; closeAll(): void } {
  const opened: SproutDb[] = [];
  let counter = 0;
  return {
    open(name = `${prefix}-${++counter}`) {
      const db = openSproutDb({ name, onVersionChange: () => undefined });
      opened.push(db);
      return db;
    },
    closeAll() {
      for (const db of opened.splice(0)) db.close();
    },
  };
}
