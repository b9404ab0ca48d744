// The sync rules' example scenarios and the three-device property against the in-memory server (the same
// scenarios run against the real server in real-server.test.ts).
import { it } from 'vitest';
import { memoryWorld } from './support/memory-world';
import { runSyncFuzz } from './support/sync-fuzz';
import { defineSyncScenarios } from './support/sync-scenarios';

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
