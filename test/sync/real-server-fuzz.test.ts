// The seeded sync property over three devices of one user against the real server (one server, a new
// user per run). SYNC_FUZZ_SEED=<n> replays a run; SYNC_FUZZ_RUNS=<n> runs more.
import { afterAll, beforeAll, it } from 'vitest';
import { runSyncFuzz } from './support/sync-fuzz';
import { realWorld, startRealServer, type RealServer } from './support/real-server';

let real: RealServer;
beforeAll(async () => {
  real = await startRealServer();
});
afterAll(async () => {
  await real?.close();
});

it('[S1]-[S13] [S20] [S29] [S30] property: devices and server agree and no confirmed write is lost (real server)', async () => {
  await runSyncFuzz(() => realWorld(real), { numRuns: 40, maxCommands: 30 });
});
