// A sync world on the in-memory server: devices of one user, each with its own in-memory store.
import { randomUuid } from '#core/random-id';
import { MemoryLocalStore, MemoryRemote, MemoryServer } from '../../../client/src/data/notes/testing';
import { TestDevice } from './device';
import type { SyncWorld } from './sync-scenarios';

export async function memoryWorld(): Promise<SyncWorld> {
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
