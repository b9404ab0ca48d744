// The sync engine's own behaviour over the in-memory test doubles: how a run orders its requests and
// transactions. The rules' example scenarios and the property run in test/sync/ (memory-server.test.ts,
// real-server.test.ts).
import { expect, it } from 'vitest';
import type { NoteRow, NoteWritable } from '#core/note';
import { NOTE_LIMITS, noteWritableSchema } from '#core/note';
import { certainlyWritable } from '#core/note-check';
import { EMPTY_CONTENT } from '#core/note-fields';
import { randomUuid } from '#core/random-id';
import { localCreate } from '#core/sync-local-writes';
import { toWire } from '#core/sync-rules';
import { RemoteError, type PulledPage } from './remote-notes';
import { SyncEngine } from './sync-engine';
import type { SyncReport } from './sync/sync-run';
import { MemoryLocalStore } from './testing/memory-local-store';
import { MemoryRemote, MemoryServer } from './testing/memory-remote';
it('[S11] [S26] asks for the first page of every pull window at once, applies them in order, and pulls through the highest', async () => {
  const server = new MemoryServer();
  const userId = randomUuid();
  const note = (title: string) =>
    localCreate(
      { ...EMPTY_CONTENT, title },
      { id: randomUuid(), userId, mutationId: randomUuid(), now: new Date().toISOString() },
    );
  let inFlight = 0;
  let mostInFlight = 0;
  const asked: (number | undefined)[][] = [];
  class SlowRemote extends MemoryRemote {
    override async upsert(rows: readonly NoteWritable[]): Promise<NoteRow[]> {
      server.write(toWire(note('before the push'))); // another device's write lands just before ours ...
      const stored = await super.upsert(rows);
      server.write(toWire(note('after the push'))); // ... and one just after
      return stored;
    }
    override async pullChanges(after: number, limit: number, before?: number): Promise<PulledPage> {
      asked.push([after, before]);
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight -= 1;
      return super.pullChanges(after, limit, before);
    }
  }
  const store = new MemoryLocalStore();
  const engine = new SyncEngine({ userId, local: store, remote: new SlowRemote(server) });
  await engine.sync(); // the first sync: a full resync of nothing
  const mine = note('mine');
  await store.modify([mine.id], () => ({ put: [mine], delete: [] }));
  const report = await engine.sync();
  expect(asked).toEqual([
    [0, 2],
    [2, undefined],
  ]);
  expect(mostInFlight).toBe(2);
  expect(report).toMatchObject({ pushed: 1, pulled: 2 });
  expect([...store.notes.values()].map((n) => n.title).sort()).toEqual(['after the push', 'before the push', 'mine']);
  expect((await store.getMeta(userId)).lastPulledRevision).toBe(3);
});

it('[S5] [S13] the schema decides the notes the quick check is not certain of: a valid one is pushed unchanged, an invalid one refused with its message', async () => {
  const server = new MemoryServer();
  const userId = randomUuid();
  const store = new MemoryLocalStore();
  const sent: NoteWritable[] = [];
  class RecordingRemote extends MemoryRemote {
    override upsert(rows: readonly NoteWritable[]): Promise<NoteRow[]> {
      sent.push(...structuredClone(rows));
      return super.upsert(rows);
    }
  }
  const engine = new SyncEngine({ userId, local: store, remote: new RecordingRemote(server) });
  const plain = newNote(userId, 'plain');
  // Valid, but in a timestamp form the quick check leaves to the schema.
  const offsetTime = { ...newNote(userId, 'offset time'), created_at: '2024-05-01T12:00:00.000+02:00' };
  const tooLong = newNote(userId, 'x'.repeat(NOTE_LIMITS.title + 1));
  expect([plain, offsetTime, tooLong].map((note) => certainlyWritable(toWire(note)))).toEqual([true, false, false]);
  await store.modify([plain.id, offsetTime.id, tooLong.id], () => ({ put: [plain, offsetTime, tooLong], delete: [] }));

  const report = await engine.sync();
  expect(report).toMatchObject({ pushed: 2, rejected: 1 });
  expect(sent.sort((a, b) => a.title.localeCompare(b.title))).toEqual([toWire(offsetTime), toWire(plain)]);
  const issue = noteWritableSchema.safeParse(toWire(tooLong)).error?.issues[0];
  expect(issue).toBeDefined();
  expect(store.notes.get(tooLong.id)).toMatchObject({ sync_state: 'error', sync_error: `title: ${issue?.message}` });
  expect(server.rows.get(offsetTime.id)).toMatchObject({ created_at: offsetTime.created_at });
  expect(server.rows.has(tooLong.id)).toBe(false);
});

/** A MemoryLocalStore counting the engine's calls. */
class CountingStore extends MemoryLocalStore {
  readonly calls = { listPending: 0, modify: 0, settle: 0, setMeta: 0 };
  override listPending(userId: string) {
    this.calls.listPending += 1;
    return super.listPending(userId);
  }
  override modify(...args: Parameters<MemoryLocalStore['modify']>) {
    this.calls.modify += 1;
    return super.modify(...args);
  }
  override settle(...args: Parameters<MemoryLocalStore['settle']>) {
    this.calls.settle += 1;
    return super.settle(...args);
  }
  override setMeta(...args: Parameters<MemoryLocalStore['setMeta']>) {
    this.calls.setMeta += 1;
    return super.setMeta(...args);
  }
  reset() {
    for (const key of Object.keys(this.calls) as (keyof typeof this.calls)[]) this.calls[key] = 0;
  }
}

function newNote(userId: string, title: string) {
  return localCreate(
    { ...EMPTY_CONTENT, title },
    { id: randomUuid(), userId, mutationId: randomUuid(), now: new Date().toISOString() },
  );
}

/** A store that has had its first sync, with `count` new notes pending, and a remote whose upsert runs `around`. */
async function pushWorld(
  count: number,
  around: { before?: () => void; after?: (store: CountingStore) => void } = {},
  pageSize?: number,
) {
  const server = new MemoryServer();
  const userId = randomUuid();
  const store = new CountingStore();
  class Remote extends MemoryRemote {
    failPulls = false;
    override async upsert(rows: readonly NoteWritable[]): Promise<NoteRow[]> {
      around.before?.();
      const stored = await super.upsert(rows);
      around.after?.(store);
      return stored;
    }
    override async pullChanges(after: number, limit: number, before?: number): Promise<PulledPage> {
      if (this.failPulls) throw new RemoteError('network', 'offline');
      return super.pullChanges(after, limit, before);
    }
  }
  const remote = new Remote(server);
  const engine = new SyncEngine({ userId, local: store, remote, pageSize });
  await engine.sync(); // the first sync: a full resync of nothing
  const notes = Array.from({ length: count }, (_, i) => newNote(userId, `mine ${i}`));
  await store.modify(
    notes.map((n) => n.id),
    () => ({ put: notes, delete: [] }),
  );
  store.reset();
  return { server, userId, store, remote, engine, notes };
}

it('[S5] [S25] the push answer, the pulled pages and the progress are written in one transaction, which ends the run when nothing is left pending', async () => {
  let other: NoteRow | null = null;
  const world = await pushWorld(3, {
    before: () => (other = world.server.write(toWire(newNote(world.userId, 'theirs')))),
  });
  const report = await world.engine.sync();
  expect(report).toMatchObject({ pushed: 3, pulled: 1, conflicts: 0 });
  expect(world.store.calls).toEqual({ listPending: 1, modify: 0, settle: 1, setMeta: 0 });
  const stored = [...world.store.notes.values()];
  expect(stored.filter((n) => n.sync_state === 'synced')).toHaveLength(4);
  expect(stored.map((n) => n.title)).toContain('theirs');
  expect((await world.store.getMeta(world.userId)).lastPulledRevision).toBe(
    Math.max(...world.server.live().map((r) => r.revision)),
  );
  expect(other).not.toBeNull();
});

it('[S5] [S11] a note edited while its push was in flight is pushed again in the same run', async () => {
  const world = await pushWorld(2, {
    after: (store) => {
      const note = store.notes.get(world.notes[0]!.id)!;
      store.notes.set(note.id, {
        ...note,
        content: 'edited meanwhile',
        mutation_id: 'm-later',
        updated_at: new Date().toISOString(),
      });
    },
  });
  const report = await world.engine.sync();
  expect(report.pushed).toBe(3);
  expect(world.store.calls.settle).toBe(1);
  // Listed at the start, then twice by the push after the pull: a round that sends the edit, one that finds nothing.
  expect(world.store.calls.listPending).toBe(3);
  expect(world.server.rows.get(world.notes[0]!.id)).toMatchObject({
    content: 'edited meanwhile',
    last_mutation_id: 'm-later',
  });
  expect(await world.store.countUnsynced(world.userId)).toBe(0);
});

it('[S6] [S25] the push answer is written even when the pull after it fails', async () => {
  const world = await pushWorld(3);
  const before = await world.store.getMeta(world.userId);
  world.remote.failPulls = true;
  await expect(world.engine.sync()).rejects.toThrow('offline');
  expect([...world.store.notes.values()].map((n) => n.sync_state)).toEqual(['synced', 'synced', 'synced']);
  expect(await world.store.getMeta(world.userId)).toEqual(before);
  // The next run pulls those rows again (this run's spans are not known to it): nothing changes.
  world.remote.failPulls = false;
  const synced = structuredClone([...world.store.notes.values()]);
  expect(await world.engine.sync()).toMatchObject({ pushed: 0, pulled: 3 });
  expect([...world.store.notes.values()]).toEqual(synced);
});

it('[S11] [S25] a pull of more than a page writes the push answer first, then reads page by page', async () => {
  const world = await pushWorld(
    2,
    {
      before: () => {
        for (let i = 0; i < 5; i++) world.server.write(toWire(newNote(world.userId, `theirs ${i}`)));
      },
    },
    2,
  );
  const report = await world.engine.sync();
  expect(report).toMatchObject({ pushed: 2, pulled: 5 });
  expect(world.store.calls.settle).toBe(0);
  expect(world.store.notes.size).toBe(7);
  expect([...world.store.notes.values()].every((n) => n.sync_state === 'synced')).toBe(true);
  expect((await world.store.getMeta(world.userId)).lastPulledRevision).toBe(7);
});

it('[S28] a sent note whose local copy went away during the push is not taken as landed: the pull reads its row', async () => {
  const world = await pushWorld(2, { after: (store) => store.notes.delete(world.notes[1]!.id) });
  const report = await world.engine.sync();
  // The span's rows are read back as any other rows of the server's (the behaviour before the push answer was held).
  expect(report).toMatchObject({ pushed: 2, pulled: 2 });
  expect(world.store.notes.get(world.notes[1]!.id)).toMatchObject({ sync_state: 'synced', revision: 2 });
  expect((await world.store.getMeta(world.userId)).lastPulledRevision).toBe(2);
});

it('[S11] [S21] a run with nothing to push writes the pulled rows and the progress in one transaction and lists the pending notes once', async () => {
  const world = await pushWorld(0);
  world.server.write(toWire(newNote(world.userId, 'theirs')));
  expect(await world.engine.sync()).toMatchObject({ pushed: 0, pulled: 1 });
  expect(world.store.calls).toEqual({ listPending: 1, modify: 0, settle: 1, setMeta: 0 });
  expect((await world.store.getMeta(world.userId)).lastPulledRevision).toBe(1);
});

it('[S14] a run whose last transaction leaves nothing pending tells its observer the final report while that transaction writes', async () => {
  const world = await pushWorld(3, { before: () => world.server.write(toWire(newNote(world.userId, 'theirs'))) });
  const decided: SyncReport[] = [];
  let writtenWhenDecided: number | null = null;
  const report = await world.engine.sync({
    decided: (r) => {
      decided.push(r);
      writtenWhenDecided = [...world.store.notes.values()].filter((n) => n.sync_state === 'synced').length;
    },
  });
  expect(decided).toEqual([report]);
  expect(report).toMatchObject({ pushed: 3, pulled: 1 });
  expect(writtenWhenDecided).not.toBeNull();
});

it('[S14] a run with more to push after its pull, or a pull of several pages, tells no decision before its end', async () => {
  const edited = await pushWorld(2, {
    after: (store) => {
      const note = store.notes.get(edited.notes[0]!.id)!;
      store.notes.set(note.id, { ...note, content: 'edited meanwhile', mutation_id: 'm-later' });
    },
  });
  const decided: SyncReport[] = [];
  await edited.engine.sync({ decided: (r) => decided.push(r) });
  const paged = await pushWorld(
    2,
    { before: () => [1, 2, 3].forEach((i) => paged.server.write(toWire(newNote(paged.userId, `t${i}`)))) },
    2,
  );
  await paged.engine.sync({ decided: (r) => decided.push(r) });
  expect(decided).toEqual([]);
});

it('[S10] [S12] a page read below a purge made while the pull went on turns the pull into a full resync', async () => {
  const world = await pushWorld(0, {}, 2);
  const notes = Array.from({ length: 5 }, (_, i) => newNote(world.userId, `theirs ${i}`));
  for (const note of notes) world.server.write(toWire(note));
  const deleted = world.server.write(toWire(newNote(world.userId, 'deleted')));
  world.server.write({
    ...toWire(newNote(world.userId, 'deleted')),
    id: deleted.id,
    trashed_at: new Date().toISOString(),
    deleted_at: new Date().toISOString(),
  });
  // The server purges the tombstone once the pull has read its first page.
  const pullChanges = world.remote.pullChanges.bind(world.remote);
  world.remote.pullChanges = async (after, limit, before) => {
    const page = await pullChanges(after, limit, before);
    world.server.purgeTombstones();
    return page;
  };
  const report = await world.engine.sync();
  expect(report).toMatchObject({ fullResync: true });
  expect([...world.store.notes.values()].map((n) => n.title).sort()).toEqual(notes.map((n) => n.title).sort());
  // Pulled through the horizon: the next pull is incremental and finds nothing.
  expect((await world.store.getMeta(world.userId)).lastPulledRevision).toBe(world.server.purgedThrough);
  expect(await world.engine.sync()).toMatchObject({ fullResync: false, pulled: 0 });
});
