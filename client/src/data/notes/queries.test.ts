// The paged list queries: newest first, tombstones and other users hidden, the kinds, the count.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { LocalNote } from '#core/sync-rules';
import { openSproutDb, type SproutDb } from './local-db';
import { loadNotesPage } from './queries';

const U1 = '00000000-0000-4000-8000-000000000001';
const U2 = '00000000-0000-4000-8000-000000000002';
const opened: SproutDb[] = [];
let counter = 0;

function freshDb(): SproutDb {
  const db = openSproutDb({ name: `sprout-queries-${++counter}`, onVersionChange: () => undefined });
  opened.push(db);
  return db;
}

afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

let n = 0;
function note(patch: Partial<LocalNote> = {}): LocalNote {
  n += 1;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    user_id: U1,
    title: `Note ${n}`,
    content: '',
    expanded_content: null,
    is_checklist: false,
    checklist_items: null,
    chat_history: null,
    created_at: '2024-01-01T00:00:00.000Z',
    updated_at: `2024-01-${String(n).padStart(2, '0')}T00:00:00.000Z`,
    deleted_at: null,
    revision: 1,
    base_revision: null,
    mutation_id: null,
    sent_mutation_ids: [],
    sync_state: 'synced',
    sync_error: null,
    conflict_of: null,
    ...patch,
  };
}

describe('loadNotesPage', () => {
  it('returns one page newest first, counts live notes, hides tombstones and other users', async () => {
    const db = freshDb();
    const a = note();
    const b = note({ is_checklist: true });
    const c = note({ expanded_content: 'Plan' });
    const gone = note({ deleted_at: '2024-02-01T00:00:00.000Z', sync_state: 'pending' });
    const other = note({ user_id: U2 });
    await db.notes.bulkPut([a, b, c, gone, other]);

    const first = await loadNotesPage(db, U1, 2);
    expect(first.notes.map((x) => x.id)).toEqual([c.id, b.id]);
    expect(first).toMatchObject({ total: 3, hasMore: true });
    const all = await loadNotesPage(db, U1, 10);
    expect(all.notes.map((x) => x.id)).toEqual([c.id, b.id, a.id]);
    expect(all.hasMore).toBe(false);

    expect((await loadNotesPage(db, U1, 10, 'checklists')).notes.map((x) => x.id)).toEqual([b.id]);
    expect((await loadNotesPage(db, U1, 10, 'expanded')).notes.map((x) => x.id)).toEqual([c.id]);
    expect((await loadNotesPage(db, U1, 10, 'checklists')).total).toBeNull();
  });
});
