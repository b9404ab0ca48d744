// The LocalStore contract: every storage implementation the engine runs on passes these tests.
import { describe, expect, it } from 'vitest';
import { EMPTY_CONTENT } from '#core/note-fields';
import type { LocalNote } from '#core/sync-rules';
import { MAX_SENT_MUTATION_IDS } from '#core/sync-rules';
import { localCreate } from '#core/sync-local-writes';
import type { LocalStore } from '../../../client/src/data/notes/local-store';

const U1 = '00000000-0000-4000-8000-000000000001';
const U2 = '00000000-0000-4000-8000-000000000002';
let n = 0;

export function note(userId = U1, patch: Partial<LocalNote> = {}): LocalNote {
  n += 1;
  const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return {
    ...localCreate(
      { ...EMPTY_CONTENT, title: `n${n}` },
      { id, userId, mutationId: `m${n}`, now: new Date(Date.UTC(2024, 0, 1, 0, 0, n)).toISOString() },
    ),
    ...patch,
  };
}

const put = (store: LocalStore, ...notes: LocalNote[]) =>
  store.modify(
    notes.map((x) => x.id),
    () => ({ put: notes, delete: [] }),
  );

export function defineLocalStoreContract(name: string, open: () => Promise<LocalStore>): void {
  describe(`LocalStore contract: ${name}`, () => {
    it('[S1] modify writes and removes in one step; get returns what was written', async () => {
      const store = await open();
      const a = note();
      const b = note();
      await put(store, a, b);
      expect(await store.get(a.id)).toEqual(a);
      await store.modify([a.id, b.id], (current) => {
        expect([...current.keys()].sort()).toEqual([a.id, b.id].sort());
        return { put: [{ ...current.get(a.id)!, title: 'changed' }], delete: [b.id] };
      });
      expect((await store.get(a.id))?.title).toBe('changed');
      expect(await store.get(b.id)).toBeUndefined();
    });

    it('[S1] a modify of thousands of ids (an import) sees exactly those of them that are stored, another user’s too', async () => {
      const store = await open();
      const mine = note();
      const theirs = note(U2);
      const outside = note();
      await put(store, mine, theirs, outside);
      const missing = Array.from({ length: 2_500 }, (_, i) => `00000000-0000-4000-9000-${String(i).padStart(12, '0')}`);
      let seen: string[] = [];
      await store.modify(
        [...missing.slice(0, 1_000), mine.id, ...missing.slice(1_000), theirs.id, mine.id],
        (current) => {
          seen = [...current.keys()].sort();
          return { put: [], delete: [] };
        },
      );
      expect(seen).toEqual([mine.id, theirs.id].sort());
      expect(await store.get(outside.id)).toEqual(outside);
    });

    it('[S5] a modify of a push batch (pendingOf) sees exactly the stored notes among the ids, whether still pending or not', async () => {
      const store = await open();
      const sent = [note(), note(), note()];
      const otherPending = note();
      const nowSynced = note(U1, { sync_state: 'synced' });
      const theirs = note(U2);
      await put(store, ...sent, otherPending, nowSynced, theirs);
      let seen: LocalNote[] = [];
      const ids = [...sent.map((x) => x.id), nowSynced.id, 'gone'];
      await store.modify(
        ids,
        (current) => {
          seen = [...current.values()];
          return { put: [{ ...current.get(sent[0]!.id)!, sync_state: 'synced' }], delete: [nowSynced.id] };
        },
        { pendingOf: U1 },
      );
      expect(seen.map((x) => x.id).sort()).toEqual([...sent.map((x) => x.id), nowSynced.id].sort());
      expect(seen.find((x) => x.id === nowSynced.id)).toEqual(nowSynced);
      expect((await store.get(sent[0]!.id))?.sync_state).toBe('synced');
      expect(await store.get(nowSynced.id)).toBeUndefined();
      expect(await store.get(otherPending.id)).toEqual(otherPending);
      // Far more pending notes than ids: the same answer.
      const many = Array.from({ length: 10 }, () => note());
      await put(store, ...many);
      await store.modify(
        [sent[1]!.id],
        (current) => {
          seen = [...current.values()];
          return { put: [], delete: [] };
        },
        { pendingOf: U1 },
      );
      expect(seen).toEqual([sent[1]]);
    });

    it('[S11] settle applies the changes and the sync meta in one step and counts the pending notes after them', async () => {
      const store = await open();
      const sent = [note(), note()];
      const otherPending = note();
      const synced = note(U1, { sync_state: 'synced' });
      const theirs = note(U2);
      await put(store, ...sent, otherPending, synced, theirs);
      await store.setMeta(U1, { lastPulledRevision: 3, lastPullAt: '2024-01-01T00:00:00.000Z' });
      await store.markSent(U1, [{ id: sent[0]!.id, mutationId: sent[0]!.mutation_id! }]);
      let seen: LocalNote[] = [];
      const decided: number[] = [];
      const result = await store.settle(
        U1,
        [...sent.map((x) => x.id), synced.id, 'gone'],
        (current) => {
          seen = [...current.values()];
          return {
            changes: {
              put: sent.map((x) => ({ ...current.get(x.id)!, sync_state: 'synced' as const, sent_mutation_ids: [] })),
              delete: [synced.id],
            },
            meta: { lastPulledRevision: 9 },
          };
        },
        (pending) => decided.push(pending),
      );
      // The sent mark shows in what the step saw, as in every read.
      expect(seen.map((x) => x.id).sort()).toEqual([...sent.map((x) => x.id), synced.id].sort());
      expect(seen.find((x) => x.id === sent[0]!.id)?.sent_mutation_ids).toEqual([sent[0]!.mutation_id]);
      expect(result).toEqual({ pending: 1 });
      expect(decided).toEqual([1]);
      expect((await store.listPending(U1)).map((x) => x.id)).toEqual([otherPending.id]);
      expect(await store.get(synced.id)).toBeUndefined();
      expect(await store.getMeta(U1)).toEqual({ lastPulledRevision: 9, lastPullAt: '2024-01-01T00:00:00.000Z' });
      // No meta: the bookkeeping stays; a decision that throws writes neither notes nor meta.
      expect(
        await store.settle(U1, [otherPending.id], () => ({ changes: { put: [], delete: [] }, meta: null })),
      ).toEqual({ pending: 1 });
      await expect(
        store.settle(
          U1,
          [otherPending.id],
          () => {
            throw new Error('no');
          },
          (pending) => decided.push(pending),
        ),
      ).rejects.toThrow('no');
      expect(decided).toEqual([1]);
      expect(await store.getMeta(U1)).toEqual({ lastPulledRevision: 9, lastPullAt: '2024-01-01T00:00:00.000Z' });
      expect(await store.get(otherPending.id)).toEqual(otherPending);
    });

    it('[S11] [S14] settle tells the pending count it will leave while writing, as counted after', async () => {
      const store = await open();
      const toSync = note();
      const toRemove = note();
      const stays = note();
      const synced = note(U1, { sync_state: 'synced' });
      const theirs = note(U2);
      await put(store, toSync, toRemove, stays, synced, theirs);
      const fresh = note();
      for (const pendingRead of [false, true]) {
        // Both ways the store reads: all the user's pending notes, or only the ids (far fewer than pending).
        const ids = pendingRead ? [toSync.id, toRemove.id, synced.id, fresh.id, theirs.id] : [toSync.id];
        const decided: number[] = [];
        const { pending } = await store.settle(
          U1,
          ids,
          (current) =>
            pendingRead
              ? {
                  changes: {
                    put: [
                      { ...current.get(toSync.id)!, sync_state: 'synced' },
                      { ...current.get(synced.id)!, sync_state: 'pending' },
                      fresh,
                      { ...current.get(theirs.id)!, sync_state: 'synced' },
                    ],
                    delete: [toRemove.id],
                  },
                  meta: null,
                }
              : { changes: { put: [{ ...current.get(toSync.id)!, title: 'still pending' }], delete: [] }, meta: null },
          (count) => decided.push(count),
        );
        const counted = (await store.listPending(U1)).length;
        expect(pending).toBe(counted);
        expect(decided).toEqual([counted]);
      }
      expect((await store.listPending(U1)).map((x) => x.id).sort()).toEqual([stays.id, synced.id, fresh.id].sort());
    });

    it('[S1] a modify whose decision throws changes nothing', async () => {
      const store = await open();
      const a = note();
      await put(store, a);
      await expect(
        store.modify([a.id], () => {
          throw new Error('no');
        }),
      ).rejects.toThrow('no');
      expect(await store.get(a.id)).toEqual(a);
    });

    it('[S2] [S17] lists the pending notes of one user, oldest edit first', async () => {
      const store = await open();
      const older = note();
      const newer = note();
      const other = note(U2);
      const done = note(U1, { sync_state: 'synced' });
      const refused = note(U1, { sync_state: 'error' });
      await put(store, newer, older, other, done, refused);
      expect((await store.listPending(U1)).map((x) => x.id)).toEqual([older.id, newer.id]);
      expect(await store.listSyncedIds(U1)).toEqual([done.id]);
      expect(await store.countUnsynced(U1)).toBe(3);
    });

    it("[S6] markSent records a mutation once, only while it is still the note's latest, keeping the last 20", async () => {
      const store = await open();
      const a = note();
      await put(store, a);
      await store.markSent(U1, [{ id: a.id, mutationId: a.mutation_id! }]);
      await store.markSent(U1, [{ id: a.id, mutationId: a.mutation_id! }]);
      await store.markSent(U1, [
        { id: a.id, mutationId: 'stale' },
        { id: 'missing', mutationId: 'x' },
      ]);
      expect((await store.get(a.id))?.sent_mutation_ids).toEqual([a.mutation_id]);
      const many = Array.from({ length: 30 }, (_, i) => `s${i}`);
      await put(store, { ...a, mutation_id: 'latest', sent_mutation_ids: many });
      await store.markSent(U1, [{ id: a.id, mutationId: 'latest' }]);
      const sent = (await store.get(a.id))!.sent_mutation_ids;
      expect(sent).toHaveLength(MAX_SENT_MUTATION_IDS);
      expect(sent.at(-1)).toBe('latest');
    });

    it('[S11] [S12] keeps sync bookkeeping per user', async () => {
      const store = await open();
      expect(await store.getMeta(U1)).toEqual({ lastPulledRevision: 0, lastPullAt: null });
      await store.setMeta(U1, { lastPulledRevision: 42 });
      await store.setMeta(U1, { lastPullAt: '2024-01-01T00:00:00.000Z' });
      expect(await store.getMeta(U1)).toEqual({ lastPulledRevision: 42, lastPullAt: '2024-01-01T00:00:00.000Z' });
      expect(await store.getMeta(U2)).toEqual({ lastPulledRevision: 0, lastPullAt: null });
    });

    it("[S17] clearUser removes one user's notes and bookkeeping only", async () => {
      const store = await open();
      const mine = note(U1);
      const theirs = note(U2);
      await put(store, mine, theirs);
      await store.setMeta(U1, { lastPulledRevision: 5 });
      await store.setMeta(U2, { lastPulledRevision: 6 });
      await store.clearUser(U1);
      expect(await store.get(mine.id)).toBeUndefined();
      expect(await store.get(theirs.id)).toEqual(theirs);
      expect((await store.getMeta(U1)).lastPulledRevision).toBe(0);
      expect((await store.getMeta(U2)).lastPulledRevision).toBe(6);
    });
  });
}
