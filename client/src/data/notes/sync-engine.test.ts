// The sync rules' example scenarios against the in-memory server (the same scenarios run against the
// real server in sync-server.node-test.ts).
import { expect, it } from 'vitest';
import type { NoteRow, NoteWritable } from '#core/note';
import { randomUuid } from '#core/random-id';
import { localCreate } from '#core/sync-local-writes';
import { toWire } from '#core/sync-rules';
import { SyncEngine } from './sync-engine';
import { TestDevice } from './testing/device';
import { MemoryLocalStore } from './testing/memory-local-store';
import { MemoryRemote, MemoryServer } from './testing/memory-remote';
import { runSyncFuzz } from './testing/sync-fuzz';
import { defineSyncScenarios, type SyncWorld } from './testing/sync-scenarios';

async function memoryWorld(): Promise<SyncWorld> {
  const server = new MemoryServer();
  const userId = randomUuid();
  const clock = { offsetMs: 0 };
  return {
    userId,
    clock,
    async device(name, options) {
      // One store object per device: a reload keeps what is stored and drops the engine.
      const store = new MemoryLocalStore();
      return new TestDevice({
        name,
        userId,
        clock,
        remote: new MemoryRemote(server),
        openStore: () => ({ store, listAll: async () => [...store.notes.values()].filter((n) => n.user_id === userId), close() {} }),
        ...options,
      });
    },
    serverRows: async () => [...server.rows.values()],
    purgeTombstones: async () => server.purgeTombstones(),
    dispose: async () => undefined,
  };
}

defineSyncScenarios(memoryWorld);

// 300 runs take a few seconds on an idle machine; the generous limit keeps a busy CI machine from
// failing a property that holds.
it('[S1]-[S13] property: devices and server agree and no confirmed write is lost (in-memory server)', { timeout: 120_000 }, async () => {
  await runSyncFuzz(memoryWorld, { numRuns: 300, maxCommands: 40 });
});

it('[S11] asks for the first page of every pull window at once, applies them in order, and pulls through the highest', async () => {
  const server = new MemoryServer();
  const userId = randomUuid();
  const note = (title: string) =>
    localCreate(
      { title, content: '', expanded_content: null, is_checklist: false, checklist_items: null, chat_history: null },
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
    override async pullChanges(after: number, limit: number, before?: number): Promise<NoteRow[]> {
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
