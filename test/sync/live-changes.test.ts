// [S21] Two devices of one user on the real server (PGlite in-process, supabase-js's Realtime over Node's
// WebSocket, IndexedDB over fake-indexeddb): a note written on one device reaches the other through
// the change feed, long before its one-minute poll; and a device whose socket drops pulls what it
// missed when it is subscribed again.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startLiveChanges } from '../../client/src/data/notes/live-changes';
import { openSproutDb } from '../../client/src/data/notes/local-db';
import { DexieLocalStore } from '../../client/src/data/notes/local-store';
import { NotesSession } from '../../client/src/data/notes/notes-session';
import { SupabaseRemote } from '../../client/src/data/notes/supabase-remote';
import { startRealServer, type RealServer } from './support/real-server';

let real: RealServer;
beforeAll(async () => {
  real = await startRealServer();
});
afterAll(async () => {
  await real?.close();
});

/** A SupabaseRemote that counts its pulls. */
class CountingRemote extends SupabaseRemote {
  pulls = 0;
  override pullChanges(afterRevision: number, limit: number, beforeRevision?: number) {
    this.pulls += 1;
    return super.pullChanges(afterRevision, limit, beforeRevision);
  }
}

function device(name: string, userId: string, client: SupabaseClient, healthy: boolean[]) {
  const store = new DexieLocalStore(
    openSproutDb({ name: `sprout-live-${name}-${Date.now()}`, onVersionChange: () => undefined }),
  );
  const session = new NotesSession({
    userId,
    store,
    // No window events and an hour-long poll: only the feed can bring another device's note quickly.
    controller: { locks: null, windowTarget: null, documentTarget: null, debounceMs: 5, intervalMs: 3_600_000 },
  });
  const remote = new CountingRemote(client, userId);
  void session.connect(remote, (handlers) =>
    startLiveChanges({
      ...handlers,
      onHealth: (value) => {
        healthy.push(value);
        handlers.onHealth(value);
      },
      userId,
      getClient: async () => client.realtime,
      getAuth: async () => client.auth,
    }),
  );
  return { session, store, remote };
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

it("[S21] the echo of a device's own push runs no pull on it; the other device pulls", async () => {
  const { client: clientA, userId, email } = await real.signUp();
  const clientB = await real.signIn(email);
  const healthA: boolean[] = [];
  const healthB: boolean[] = [];
  const a = device('echo-a', userId, clientA, healthA);
  const b = device('echo-b', userId, clientB, healthB);
  await until(async () => healthA.includes(true) && healthB.includes(true), 'both subscriptions');
  // The runs the subscriptions asked for are over.
  await until(async () => !a.session.getSyncStatus().syncing && !b.session.getSyncStatus().syncing, 'the first runs');
  await new Promise((resolve) => setTimeout(resolve, 200));

  const written = await a.session.createNote({ title: 'Echo' });
  expect(await written.cloud).toEqual({ status: 'synced' });
  const pullsAfterPush = a.remote.pulls;
  await until(async () => (await b.store.get(written.note.id)) !== undefined, "A's note on B");
  // B has had the event, so A has had its echo too (one server, one NOTIFY); give A's hint time to run.
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(a.remote.pulls).toBe(pullsAfterPush);
  expect(b.remote.pulls).toBeGreaterThan(0);

  for (const d of [a, b]) d.session.stop();
  await Promise.all([clientA.removeAllChannels(), clientB.removeAllChannels()]);
});
