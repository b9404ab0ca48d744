// The search worker's IndexedDB side, on a real Dexie database (fake-indexeddb): what it reads and how the
// saved index survives storage.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { localNoteMaker, scratchDatabases } from '../notes/testing';
import { IndexKeeper } from './index-keeper';
import { indexedDbNotesSource } from './notes-source';

const U1 = '00000000-0000-4000-8000-000000000001';
const U2 = '00000000-0000-4000-8000-000000000002';
const databases = scratchDatabases('sprout-search-source');
const freshDb = () => databases.open();

afterEach(() => databases.closeAll());

// Days 00-27 of January: several notes share a day.
const note = localNoteMaker(U1, (n) => `2024-01-${String(n % 28).padStart(2, '0')}T00:00:00.000Z`);

describe('the search worker on IndexedDB', () => {
  it("reads the user's live notes only, with the text and flags the index needs", async () => {
    const db = freshDb();
    const mine = note({
      title: 'Packing list',
      is_checklist: true,
      checklist_items: [{ id: 'i1', text: 'Binoculars', completed: true }],
    });
    const deleted = note({ deleted_at: '2024-02-01T00:00:00.000Z' });
    const theirs = note({ user_id: U2 });
    await db.notes.bulkPut([mine, deleted, theirs]);
    const notes = await indexedDbNotesSource(db, U1).readNotes([mine.id, deleted.id, theirs.id, 'missing']);
    expect(notes).toEqual([
      {
        id: mine.id,
        title: 'Packing list',
        content: '',
        expanded_content: null,
        checklist_items: [{ text: 'Binoculars' }],
        is_checklist: true,
        conflict_of: null,
        sync_state: 'synced',
        updated_at: mine.updated_at,
        archived_at: null,
        tags: null,
      },
    ]);
  });

  it("reads the notes' versions, tombstones included, and which wait to sync", async () => {
    const db = freshDb();
    const synced = note();
    const pending = note({ sync_state: 'pending' });
    const deleted = note({ deleted_at: '2024-02-01T00:00:00.000Z', sync_state: 'pending' });
    await db.notes.bulkPut([synced, pending, deleted, note({ user_id: U2 })]);
    const versions = await indexedDbNotesSource(db, U1).readVersions();
    expect(versions.updatedAt).toEqual(new Map([synced, pending, deleted].map((x) => [x.id, x.updated_at])));
    expect(versions.unsynced).toEqual(new Set([pending.id, deleted.id]));
  });

  it('saves the index with the bookkeeping and restores it after a reload, reading no note again', async () => {
    const db = freshDb();
    const notes = [note({ title: 'Binoculars for the trip' }), note({ title: 'Bread' })];
    await db.notes.bulkPut(notes);
    const listener = { restored: () => undefined, progress: () => undefined, applied: () => undefined };
    const first = new IndexKeeper(indexedDbNotesSource(db, U1), listener, { saveDelayMs: 0 });
    await first.settled();
    await new Promise((resolve) => setTimeout(resolve, 50));
    first.stop();

    const source = indexedDbNotesSource(db, U1);
    const read: string[] = [];
    const counting = { ...source, readNotes: (ids: readonly string[]) => (read.push(...ids), source.readNotes(ids)) };
    const again = new IndexKeeper(counting, listener);
    await again.settled();
    expect(read).toEqual([]);
    expect((await again.query('binoculars', 'all', 10)).answer.hits.map((h) => h.id)).toEqual([notes[0]!.id]);
  });

  it('keeps no saved index for a user whose notes were cleared meanwhile (signed out)', async () => {
    const db = freshDb();
    const source = indexedDbNotesSource(db, U1);
    await db.notes.put(note());
    await source.writeSaved({
      version: 3,
      knownIds: [],
      knownAt: [],
      check: { count: 0, newest: '', pulledRevision: 0 },
      index: { search: {} as never, flags: { ids: [], updatedAt: [], bits: new Uint8Array(), tags: [] } },
    });
    expect(await source.readSaved()).not.toBeNull();
    await db.notes.where('user_id').equals(U1).delete();
    await source.writeSaved({
      version: 3,
      knownIds: [],
      knownAt: [],
      check: { count: 0, newest: '', pulledRevision: 0 },
      index: { search: {} as never, flags: { ids: [], updatedAt: [], bits: new Uint8Array(), tags: [] } },
    });
    expect(await source.readSaved()).toBeNull();
  });
});
