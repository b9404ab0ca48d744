// What the search index reads of the notes: their versions, the counts a reload checks a saved index
// against, and the change signal it follows [S16], which fires for every change that moves a note's
// version or sync state.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { readNotesSummary, readNotesVersions, watchNotesChanges } from './notes-snapshot';
import { localNoteMaker, scratchDatabases } from './testing/local-notes';

const U1 = '00000000-0000-4000-8000-000000000001';
const U2 = '00000000-0000-4000-8000-000000000002';
const databases = scratchDatabases('sprout-snapshot');
const freshDb = () => databases.open();
const stops: (() => void)[] = [];

afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  databases.closeAll();
});

const note = localNoteMaker(U1);

describe('watchNotesChanges', () => {
  it('signals an edit, a sync, a deletion and a new note', async () => {
    const db = freshDb();
    const a = note();
    await db.notes.put(a);
    let signals = 0;
    stops.push(watchNotesChanges(db, U1, () => (signals += 1)));
    await expect.poll(() => signals).toBe(1);
    const step = async (write: () => Promise<unknown>) => {
      const before = signals;
      await write();
      await expect.poll(() => signals).toBeGreaterThan(before);
    };
    await step(() =>
      db.notes.put({ ...a, title: 'Edited', updated_at: '2024-02-01T00:00:00.000Z', sync_state: 'pending' }),
    );
    // Synced: the same updated_at, another sync state (the 'not yet synced' filter changes).
    await step(() =>
      db.notes.put({ ...a, title: 'Edited', updated_at: '2024-02-01T00:00:00.000Z', sync_state: 'synced' }),
    );
    await step(() => db.notes.put(note()));
    await step(() => db.notes.delete(a.id));
    await db.notes.put(note({ user_id: U2 }));
    expect((await readNotesVersions(db, U1)).updatedAt.size).toBe(1);
  });
});

describe('readNotesSummary', () => {
  it('counts the notes with tombstones, those changed after a time, the unsynced ones and the revision pulled', async () => {
    const db = freshDb();
    const old = note({ updated_at: '2024-01-01T00:00:00.000Z' });
    const edited = note({ updated_at: '2024-03-01T00:00:00.000Z', sync_state: 'pending' });
    const deleted = note({
      updated_at: '2024-02-01T00:00:00.000Z',
      deleted_at: '2024-02-01T00:00:00.000Z',
      sync_state: 'error',
    });
    await db.notes.bulkPut([old, edited, deleted, note({ user_id: U2, updated_at: '2024-05-01T00:00:00.000Z' })]);
    await db.meta.put({ user_id: U1, key: 'last_pulled_revision', value: 42 });
    expect(await readNotesSummary(db, U1, '2024-02-01T00:00:00.000Z')).toEqual({
      count: 3,
      newer: 1,
      unsynced: new Set([edited.id, deleted.id]),
      pulledRevision: 42,
    });
    expect((await readNotesSummary(db, U1, '2024-03-01T00:00:00.000Z')).newer).toBe(0);
    const versions = await readNotesVersions(db, U1);
    expect(versions.pulledRevision).toBe(42);
    expect(versions.updatedAt.get(deleted.id)).toBe('2024-02-01T00:00:00.000Z');
  });
});

describe('readNotesVersions', () => {
  it('[S29] a move to the Trash and back changes the version, though updated_at stays', async () => {
    const db = freshDb();
    const a = note({ updated_at: '2024-01-01T00:00:00.000Z' });
    await db.notes.put(a);
    const listed = (await readNotesVersions(db, U1)).updatedAt.get(a.id);
    await db.notes.put({ ...a, trashed_at: '2024-02-01T00:00:00.000Z' });
    const trashed = (await readNotesVersions(db, U1)).updatedAt.get(a.id);
    expect(trashed).not.toBe(listed);
    await db.notes.put({ ...a, trashed_at: null });
    expect((await readNotesVersions(db, U1)).updatedAt.get(a.id)).toBe(listed);
  });

  it('an archive and its undoing change the version too, though updated_at stays (issue 33)', async () => {
    const db = freshDb();
    const a = note({ updated_at: '2024-01-01T00:00:00.000Z' });
    await db.notes.put(a);
    const listed = (await readNotesVersions(db, U1)).updatedAt.get(a.id);
    await db.notes.put({ ...a, archived_at: '2024-02-01T00:00:00.000Z' });
    expect((await readNotesVersions(db, U1)).updatedAt.get(a.id)).not.toBe(listed);
    await db.notes.put({ ...a, archived_at: null });
    expect((await readNotesVersions(db, U1)).updatedAt.get(a.id)).toBe(listed);
  });
});
