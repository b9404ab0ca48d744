// The due index (issue 35): the unticked dated items of the listed notes, read by due range from the keys
// alone or as notes, kept by every write (ticking takes an item out, the Trash and the Archive a note).
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { loadDueNotes, loadDues } from './due-queries';
import { localNoteMaker, scratchDatabases } from './testing/local-notes';

const U1 = '00000000-0000-4000-8000-000000000001';
const U2 = '00000000-0000-4000-8000-000000000002';
const databases = scratchDatabases('sprout-due');
afterEach(() => databases.closeAll());

const note = localNoteMaker(U1, (n) => `2026-03-${String(n).padStart(2, '0')}T00:00:00.000Z`);
const item = (id: string, due?: string, completed = false) => ({ id, text: id, completed, ...(due ? { due } : {}) });

describe('the due index', () => {
  it('reads the dues of a range, days and instants in order, from the keys alone', async () => {
    const db = databases.open();
    const a = note({
      checklist_items: [
        item('a1', '2026-03-31'),
        item('a2', '2026-03-27T08:00:00.000Z'),
        item('a3', '2026-03-20', true),
      ],
    });
    const b = note({ checklist_items: [item('b1', '2026-04-10'), item('b2')] });
    const other = note({ user_id: U2, checklist_items: [item('o1', '2026-03-27')] });
    await db.notes.bulkPut([a, b, other]);

    expect(await loadDues(db, U1, { from: '', before: '2026-04-01' })).toEqual([
      '2026-03-27T08:00:00.000Z',
      '2026-03-31',
    ]);
    expect(await loadDues(db, U1, { from: '2026-03-28', before: '2026-05-01' })).toEqual(['2026-03-31', '2026-04-10']);
    expect((await loadDueNotes(db, U1, { from: '', before: '2026-05-01' })).map((n) => n.id).sort()).toEqual(
      [a.id, b.id].sort(),
    );
  });

  it('lists a note with several dated items once', async () => {
    const db = databases.open();
    const a = note({ checklist_items: [item('a1', '2026-03-30'), item('a2', '2026-03-31')] });
    await db.notes.put(a);
    expect((await loadDueNotes(db, U1, { from: '', before: '2026-04-01' })).map((n) => n.id)).toEqual([a.id]);
  });

  it('follows each write: a tick, the Archive and the Trash take items out', async () => {
    const db = databases.open();
    const a = note({ checklist_items: [item('a1', '2026-03-30'), item('a2', '2026-03-31')] });
    const b = note({ checklist_items: [item('b1', '2026-03-30')] });
    const c = note({ checklist_items: [item('c1', '2026-03-30')] });
    await db.notes.bulkPut([a, b, c]);
    const range = { from: '', before: '2026-04-01' };
    expect(await loadDues(db, U1, range)).toHaveLength(4);

    await db.notes.put({ ...a, checklist_items: [item('a1', '2026-03-30', true), item('a2', '2026-03-31')] });
    await db.notes.put({ ...b, archived_at: '2026-03-29T00:00:00.000Z' });
    await db.notes.update(c.id, { trashed_at: '2026-03-29T00:00:00.000Z' });
    expect(await loadDues(db, U1, range)).toEqual(['2026-03-31']);
  });
});
