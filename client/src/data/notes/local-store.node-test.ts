// The LocalStore contract on both implementations, and what is particular to IndexedDB (Dexie over
// fake-indexeddb): the version 1 schema, persistence across reopening, lenient reads, versionchange.
import { Dexie, liveQuery } from 'dexie';
import { describe, expect, it } from 'vitest';
import { openSproutDb, SproutDb } from './local-db';
import { DexieLocalStore } from './local-store';
import { defineLocalStoreContract, note } from './testing/local-store-contract';
import { MemoryLocalStore } from './testing/memory-local-store';

let dbs = 0;
const freshName = () => `sprout-store-test-${++dbs}`;

defineLocalStoreContract('MemoryLocalStore', async () => new MemoryLocalStore());
defineLocalStoreContract('DexieLocalStore', async () => new DexieLocalStore(openSproutDb({ name: freshName(), onVersionChange: () => undefined })));

describe('IndexedDB schema (ARCHITECTURE 9.12)', () => {
  it('is version 2 of database `sprout` with notes keyed by id, the user indexes, and meta', async () => {
    const db = new SproutDb();
    await db.open();
    expect(db.name).toBe('sprout');
    expect(db.verno).toBe(2);
    const notes = db.table('notes').schema;
    expect(notes.primKey.keyPath).toBe('id');
    expect(notes.indexes.map((index) => index.name).sort()).toEqual(['[user_id+deleted_at]', '[user_id+sync_state]', '[user_id+updated_at]', 'user_id']);
    expect(db.table('meta').schema.primKey.keyPath).toEqual(['user_id', 'key']);
    db.close();
  });

  it('[S1] keeps the notes of a version 1 database when it opens as version 2', async () => {
    const name = freshName();
    const v1 = new Dexie(name);
    v1.version(1).stores({ notes: 'id, user_id, [user_id+updated_at], [user_id+sync_state]', meta: '[user_id+key], user_id' });
    const live = note();
    const tombstone = note(undefined, { deleted_at: '2024-02-01T00:00:00.000Z', sync_state: 'pending' });
    await v1.table('notes').bulkPut([live, tombstone]);
    v1.close();
    const db = openSproutDb({ name, onVersionChange: () => undefined });
    expect((await db.notes.toArray()).map((n) => n.id).sort()).toEqual([live.id, tombstone.id].sort());
    expect(await db.notes.where('[user_id+deleted_at]').between([live.user_id, Dexie.minKey], [live.user_id, Dexie.maxKey]).primaryKeys()).toEqual([tombstone.id]);
    db.close();
  });

  it('[S1] keeps notes across closing and reopening', async () => {
    const name = freshName();
    const first = openSproutDb({ name, onVersionChange: () => undefined });
    const a = note();
    await new DexieLocalStore(first).modify([a.id], () => ({ put: [a], delete: [] }));
    first.close();
    const second = openSproutDb({ name, onVersionChange: () => undefined });
    expect(await new DexieLocalStore(second).get(a.id)).toEqual(a);
    second.close();
  });

  it('[S1] reads malformed stored rows leniently: placeholders for bad items and messages', async () => {
    const db = openSproutDb({ name: freshName(), onVersionChange: () => undefined });
    const a = note();
    await db.notes.put({
      ...a,
      checklist_items: [{ id: 'x', text: 'ok', completed: true }, { nope: 1 }],
      chat_history: [{ role: 'user', content: 'hi' }, 'garbage'],
      sync_state: 'weird',
    } as never);
    const read = await new DexieLocalStore(db).get(a.id);
    expect(read?.checklist_items).toEqual([
      { id: 'x', text: 'ok', completed: true },
      { id: `${a.id}-item-0`, text: 'Item', completed: false },
    ]);
    expect(read?.chat_history).toEqual([
      { role: 'user', content: 'hi' },
      { role: 'system', content: 'Error: Could not parse message' },
    ]);
    expect(read?.sync_state).toBe('pending');
    db.close();
  });

  it('closes itself and reports when another tab opens a newer version', async () => {
    const name = freshName();
    let reported = 0;
    const db = openSproutDb({ name, onVersionChange: () => (reported += 1) });
    await db.open();
    const newer = new SproutDb(name);
    newer.version(3).stores({ notes: 'id, user_id, [user_id+updated_at], [user_id+sync_state], [user_id+deleted_at]', meta: '[user_id+key], user_id' });
    await newer.open();
    expect(reported).toBe(1);
    expect(db.isOpen()).toBe(false);
    newer.close();
  });

  it('[S16] a write through one connection reaches a live query on another connection', async () => {
    const name = freshName();
    const tabA = openSproutDb({ name, onVersionChange: () => undefined });
    const tabB = openSproutDb({ name, onVersionChange: () => undefined });
    const seen: number[] = [];
    const subscription = liveQuery(() => tabB.notes.count()).subscribe((count) => seen.push(count));
    await expect.poll(() => seen).toEqual([0]);
    const a = note();
    await new DexieLocalStore(tabA).modify([a.id], () => ({ put: [a], delete: [] }));
    await expect.poll(() => seen).toEqual([0, 1]);
    subscription.unsubscribe();
    tabA.close();
    tabB.close();
  });
});
