// The LocalStore contract on both implementations, and what is particular to IndexedDB (Dexie over
// fake-indexeddb): the version 1 schema, persistence across reopening, lenient reads, versionchange.
import { Dexie, liveQuery } from 'dexie';
import { describe, expect, it } from 'vitest';
import { openSproutDb, SproutDb } from '../../client/src/data/notes/local-db';
import { DexieLocalStore } from '../../client/src/data/notes/local-store';
import { defineLocalStoreContract, note } from './support/local-store-contract';
import { MemoryLocalStore } from '../../client/src/data/notes/testing/memory-local-store';

let dbs = 0;
const freshName = () => `sprout-store-test-${++dbs}`;

defineLocalStoreContract('MemoryLocalStore', async () => new MemoryLocalStore());
defineLocalStoreContract(
  'DexieLocalStore',
  async () => new DexieLocalStore(openSproutDb({ name: freshName(), onVersionChange: () => undefined })),
);

describe('IndexedDB schema (ARCHITECTURE 9.12)', () => {
  it('is version 8 of database `sprout` with notes keyed by id, the user indexes, and meta', async () => {
    const db = new SproutDb();
    await db.open();
    expect(db.name).toBe('sprout');
    expect(db.verno).toBe(8);
    const notes = db.table('notes').schema;
    expect(notes.primKey.keyPath).toBe('id');
    expect(notes.indexes.map((index) => index.name).sort()).toEqual([
      '[user_id+archived_at]',
      '[user_id+created_at]',
      '[user_id+deleted_at]',
      '[user_id+pinned_at]',
      '[user_id+sync_state]',
      '[user_id+trashed_at]',
      '[user_id+updated_at]',
      'due_keys',
      'link_keys',
      'tag_keys',
      'user_id',
    ]);
    expect(db.table('meta').schema.primKey.keyPath).toEqual(['user_id', 'key']);
    db.close();
  });

  it('[S1] keeps the notes of a version 1 database when it opens as version 8, their tags, links and dues indexed', async () => {
    const name = freshName();
    const v1 = new Dexie(name);
    v1.version(1).stores({
      notes: 'id, user_id, [user_id+updated_at], [user_id+sync_state]',
      meta: '[user_id+key], user_id',
    });
    const target = '0b6f3c1e-5d2a-4c8b-9f10-2a3b4c5d6e7f';
    const live = note(undefined, {
      content: `Seeds for #garden, see [plan](/note/${target})`,
      tags: ['home'],
      checklist_items: [
        { id: 'sow', text: 'Sow', completed: false, due: '2026-03-31' },
        { id: 'dug', text: 'Dig', completed: true, due: '2026-03-30' },
      ],
    });
    const tombstone = note(undefined, { deleted_at: '2024-02-01T00:00:00.000Z', sync_state: 'pending' });
    await v1.table('notes').bulkPut([live, tombstone]);
    v1.close();
    const db = openSproutDb({ name, onVersionChange: () => undefined });
    expect((await db.notes.toArray()).map((n) => n.id).sort()).toEqual([live.id, tombstone.id].sort());
    expect(
      await db.notes
        .where('[user_id+deleted_at]')
        .between([live.user_id, Dexie.minKey], [live.user_id, Dexie.maxKey])
        .primaryKeys(),
    ).toEqual([tombstone.id]);
    expect(await db.notes.where('tag_keys').startsWith(`${live.user_id} `).keys()).toEqual([
      `${live.user_id} garden\u0000${live.updated_at}`,
      `${live.user_id} home\u0000${live.updated_at}`,
    ]);
    expect(await db.notes.where('link_keys').equals(`${live.user_id} ${target}`).primaryKeys()).toEqual([live.id]);
    // Issue 35: the unticked dated items only.
    expect(await db.notes.where('due_keys').startsWith(`${live.user_id} `).keys()).toEqual([
      `${live.user_id} 2026-03-31\u0000sow`,
    ]);
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
    newer.version(9).stores({
      notes: 'id, user_id, [user_id+updated_at], [user_id+sync_state], [user_id+deleted_at], [user_id+trashed_at]',
      meta: '[user_id+key], user_id',
    });
    await newer.open();
    expect(reported).toBe(1);
    expect(db.isOpen()).toBe(false);
    newer.close();
  });

  it('[S6] marks a batch sent in one meta entry, without rewriting the notes; every read shows the marks', async () => {
    const db = openSproutDb({ name: freshName(), onVersionChange: () => undefined });
    const store = new DexieLocalStore(db);
    const a = note();
    const b = note();
    await store.modify([a.id, b.id], () => ({ put: [a, b], delete: [] }));
    await store.markSent(a.user_id, [
      { id: a.id, mutationId: a.mutation_id! },
      { id: b.id, mutationId: b.mutation_id! },
    ]);
    expect((await db.notes.get(a.id))?.sent_mutation_ids).toEqual([]);
    expect(await db.meta.get([a.user_id, 'sent_marks'])).toMatchObject({
      value: { [a.id]: [a.mutation_id], [b.id]: [b.mutation_id] },
    });
    expect((await store.get(a.id))?.sent_mutation_ids).toEqual([a.mutation_id]);
    expect((await store.listPending(a.user_id)).map((n) => n.sent_mutation_ids)).toEqual([
      [a.mutation_id],
      [b.mutation_id],
    ]);
    let seen: string[] = [];
    await store.modify([a.id], (current) => {
      seen = current.get(a.id)!.sent_mutation_ids;
      return { put: [], delete: [] };
    });
    expect(seen).toEqual([a.mutation_id]);
    db.close();
  });

  it('[S6] the next write of a note takes its mark into the row and out of the entry; a mark survives reopening until then', async () => {
    const name = freshName();
    const first = openSproutDb({ name, onVersionChange: () => undefined });
    const a = note();
    const b = note();
    await new DexieLocalStore(first).modify([a.id, b.id], () => ({ put: [a, b], delete: [] }));
    await new DexieLocalStore(first).markSent(a.user_id, [
      { id: a.id, mutationId: a.mutation_id! },
      { id: b.id, mutationId: b.mutation_id! },
    ]);
    first.close();
    const db = openSproutDb({ name, onVersionChange: () => undefined });
    const store = new DexieLocalStore(db);
    expect((await store.get(a.id))?.sent_mutation_ids).toEqual([a.mutation_id]);
    // An edit after the send (its answer lost): the edited note remembers the send [S6].
    await store.modify([a.id], (current) => ({ put: [{ ...current.get(a.id)!, mutation_id: 'edited' }], delete: [] }));
    expect((await db.notes.get(a.id))?.sent_mutation_ids).toEqual([a.mutation_id]);
    expect(await db.meta.get([a.user_id, 'sent_marks'])).toMatchObject({ value: { [b.id]: [b.mutation_id] } });
    // The last mark taken in, the entry goes.
    await store.modify([b.id], () => ({ put: [], delete: [b.id] }));
    expect(await db.meta.get([a.user_id, 'sent_marks'])).toBeUndefined();
    db.close();
  });

  it('[S6] a mark of a note that is gone, or of an older change, is never applied', async () => {
    const db = openSproutDb({ name: freshName(), onVersionChange: () => undefined });
    const store = new DexieLocalStore(db);
    const a = note();
    const b = note();
    await store.modify([a.id, b.id], () => ({ put: [a, b], delete: [] }));
    await store.markSent(a.user_id, [
      { id: 'gone', mutationId: 'x' },
      { id: b.id, mutationId: 'older' },
    ]);
    expect((await store.get(b.id))?.sent_mutation_ids).toEqual([]);
    await store.modify([a.id, 'gone'], () => ({ put: [], delete: [] }));
    expect(await db.meta.get([a.user_id, 'sent_marks'])).toMatchObject({ value: { [b.id]: ['older'] } });
    db.close();
  });

  it("[S17] clearUser removes the user's sent marks too", async () => {
    const db = openSproutDb({ name: freshName(), onVersionChange: () => undefined });
    const store = new DexieLocalStore(db);
    const a = note();
    await store.modify([a.id], () => ({ put: [a], delete: [] }));
    await store.markSent(a.user_id, [{ id: a.id, mutationId: a.mutation_id! }]);
    await store.clearUser(a.user_id);
    expect(await db.meta.get([a.user_id, 'sent_marks'])).toBeUndefined();
    db.close();
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
