// The sync rules' example scenarios against the real server (PGlite in-process, supabase-js clients,
// IndexedDB over fake-indexeddb): the same scenarios as sync-engine.test.ts.
import { afterAll, beforeAll } from 'vitest';
import { realWorld, startRealServer, type RealServer } from './support/real-server';
import { defineSyncScenarios } from './support/sync-scenarios';

let real: RealServer;
beforeAll(async () => {
  real = await startRealServer();
});
afterAll(async () => {
  await real?.close();
});

defineSyncScenarios(() => realWorld(real));
