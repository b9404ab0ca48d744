// The sync rules' example scenarios and the three-device property against the in-memory server (the same
// scenarios run against the real server in real-server.test.ts).
import { it } from 'vitest';
import { randomUuid } from '#core/random-id';
import { MemoryLocalStore, MemoryRemote, MemoryServer } from '../../client/src/data/notes/testing';
import { TestDevice } from './support/device';
import { runSyncFuzz } from './support/sync-fuzz';
import { defineSyncScenarios, type SyncWorld } from './support/sync-scenarios';

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
        openStore: () => ({
          store,
          listAll: async () => [...store.notes.values()].filter((n) => n.user_id === userId),
          close() {},
        }),
        ...options,
      });
    },
    serverRows: async () => [...server.rows.values()],
    purgeTombstones: async () => server.purgeTombstones(),
    writeRow: async (row) => {
      server.write(row);
    },
    dispose: async () => undefined,
  };
}

defineSyncScenarios(memoryWorld);

// 300 runs take a few seconds on an idle machine; the generous limit keeps a busy CI machine from
// failing a property that holds.
it(
  '[S1]-[S13] [S29] [S30] property: devices and server agree and no confirmed write is lost (in-memory server)',
  { timeout: 120_000 },
  async () => {
    await runSyncFuzz(memoryWorld, { numRuns: 300, maxCommands: 40 });
  },
);
