// [S21] Two devices of one user on the real server (PGlite in-process, supabase-js Realtime over Node's
// WebSocket, IndexedDB over fake-indexeddb): a note written on one device reaches the other through
// the change feed, long before its one-minute poll; and a device whose socket drops pulls what it
// missed when it is subscribed again.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startLiveChanges } from './live-changes';
import { openSproutDb } from './local-db';
import { DexieLocalStore } from './local-store';
import { NotesSession } from './notes-session';
import { SupabaseRemote } from './supabase-remote';
import { startRealServer, type RealServer } from './testing/real-server';

let real: RealServer;
beforeAll(async () => {
  real = await startRealServer();
});
afterAll(async () => {
  await real?.close();
});

function device(name: string, userId: string, client: SupabaseClient, healthy: boolean[]) {
  const store = new DexieLocalStore(openSproutDb({ name: `sprout-live-${name}-${Date.now()}`, onVersionChange: () => undefined }));
  const session = new NotesSession({
    userId,
    store,
    // No window events and an hour-long poll: only the feed can bring another device's note quickly.
    controller: { locks: null, windowTarget: null, documentTarget: null, debounceMs: 5, intervalMs: 3_600_000 },
  });
  session.connect(new SupabaseRemote(client, userId), (handlers) =>
    startLiveChanges({
      ...handlers,
      onHealth: (value) => {
        healthy.push(value);
        handlers.onHealth(value);
      },
      userId,
      getClient: async () => client,
      getAuth: async () => client.auth,
    }),
  );
  return { session, store };
}

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

it('[S21] a note written on one device appears on the other without a poll, and one written while its socket was down after it resubscribes', async () => {
  const { client: clientA, userId, email } = await real.signUp();
  const clientB = await real.signIn(email);
  const healthA: boolean[] = [];
  const healthB: boolean[] = [];
  const a = device('a', userId, clientA, healthA);
  const b = device('b', userId, clientB, healthB);
  await until(async () => healthA.includes(true) && healthB.includes(true), 'both subscriptions');

  const first = await a.session.createNote({ title: 'From A', content: 'live' });
  await until(async () => (await b.store.get(first.note.id)) !== undefined, "A's note on B");
  expect(await b.store.get(first.note.id)).toMatchObject({ title: 'From A', content: 'live', sync_state: 'synced' });

  // The server drops every socket (as a restart would); the note written meanwhile sends its hint to
  // nobody. B reconnects, resubscribes and pulls it.
  const drops = healthB.length;
  real.server.app.realtimeHub.closeAll();
  const second = await a.session.createNote({ title: 'While B was away' });
  await until(async () => healthB.slice(drops).includes(false), "B's drop");
  await until(async () => (await b.store.get(second.note.id)) !== undefined, 'the missed note on B');
  expect((await b.store.get(second.note.id))?.title).toBe('While B was away');

  for (const d of [a, b]) d.session.stop();
  await Promise.all([clientA.removeAllChannels(), clientB.removeAllChannels()]);
});
