// SupabaseRemote against the real server, and the in-memory server against the same contract.
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RemoteError } from '../../client/src/data/notes/remote-notes';
import { SupabaseRemote, toRemoteError } from '../../client/src/data/notes/supabase-remote';
import { MemoryRemote, MemoryServer } from '../../client/src/data/notes/testing/memory-remote';
import { startRealServer, type RealServer } from './support/real-server';
import { defineRemoteContract, wireRow } from './support/remote-contract';

let real: RealServer;
beforeAll(async () => {
  real = await startRealServer();
});
afterAll(async () => {
  await real?.close();
});

defineRemoteContract('SupabaseRemote on the real server', async () => {
  const { client, userId } = await real.signUp();
  return { remote: new SupabaseRemote(client, userId), userId, purge: () => real.purgeTombstones() };
});

defineRemoteContract('MemoryRemote', async () => {
  const server = new MemoryServer();
  return { remote: new MemoryRemote(server), userId: crypto.randomUUID(), purge: async () => server.purgeTombstones() };
});

describe('SupabaseRemote errors', () => {
  it('[S13] a row the server refuses is a rejection', async () => {
    const { client, userId } = await real.signUp();
    const remote = new SupabaseRemote(client, userId);
    const error = await remote.upsert([wireRow(userId, { title: 'x'.repeat(600) })]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RemoteError);
    expect(error).toMatchObject({ kind: 'rejected', status: 400 });
  });

  it('[S13] no answer is a network error', async () => {
    const { userId, email } = await real.signUp();
    // Auth works; every REST request fails as if the connection dropped.
    const flaky = createClient(real.server.url, real.server.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: {
        fetch: (input, init) =>
          String(input).includes('/rest/v1/') ? Promise.reject(new TypeError('fetch failed')) : fetch(input, init),
      },
    });
    const { error: signInError } = await flaky.auth.signInWithPassword({ email, password: real.password });
    expect(signInError).toBeNull();
    const remote = new SupabaseRemote(flaky, userId);
    expect(await remote.pullChanges(0, 10).catch((e: unknown) => e)).toMatchObject({ kind: 'network', status: 0 });
    expect(await remote.upsert([wireRow(userId)]).catch((e: unknown) => e)).toMatchObject({ kind: 'network' });
  });

  it('[S17] pushes nothing without a session of the same user', async () => {
    const { client, userId } = await real.signUp();
    const other = await real.signUp();
    const error = await new SupabaseRemote(client, other.userId)
      .upsert([wireRow(other.userId)])
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'auth' });
    const signedOut = real.server.client();
    expect(
      await new SupabaseRemote(signedOut, userId).upsert([wireRow(userId)]).catch((e: unknown) => e),
    ).toMatchObject({ kind: 'auth' });
    expect(await new SupabaseRemote(signedOut, userId).pullChanges(0, 10).catch((e: unknown) => e)).toMatchObject({
      kind: 'auth',
    });
    // A session of another user (another tab signed in as them) must not pull as if it were ours.
    expect(await new SupabaseRemote(client, other.userId).pullLive(0, 10).catch((e: unknown) => e)).toMatchObject({
      kind: 'auth',
    });
  });

  it('[S17] a request goes with the token of the session it checked, asked for once', async () => {
    const { userId, email } = await real.signUp();
    const sent: (string | null)[] = [];
    const requests: { url: URL; prefer: string | null }[] = [];
    const recording = createClient(real.server.url, real.server.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: {
        fetch: (input, init) => {
          if (String(input).includes('/rest/v1/')) {
            sent.push(new Headers(init?.headers).get('Authorization'));
            requests.push({ url: new URL(String(input)), prefer: new Headers(init?.headers).get('Prefer') });
          }
          return fetch(input, init);
        },
      },
    });
    expect((await recording.auth.signInWithPassword({ email, password: real.password })).error).toBeNull();
    const { data } = await recording.auth.getSession();
    let asked = 0;
    const client = {
      from: recording.from.bind(recording),
      auth: {
        getSession: () => {
          asked += 1;
          return recording.auth.getSession();
        },
      },
    };
    const remote = new SupabaseRemote(client, userId);
    await remote.upsert([wireRow(userId)]);
    expect((await remote.pullChanges(0, 10)).rows).toHaveLength(1);
    expect(asked).toBe(2);
    expect(sent).toEqual([`Bearer ${data.session!.access_token}`, `Bearer ${data.session!.access_token}`]);
    // The upsert as postgrest-js would make it: merge on id, each column named once, the rows returned.
    const upsert = requests[0]!;
    expect(upsert.url.searchParams.get('on_conflict')).toBe('id');
    expect(upsert.url.searchParams.get('columns')!.split(',').sort()).toEqual(
      Object.keys(wireRow(userId))
        .map((column) => `"${column}"`)
        .sort(),
    );
    expect(upsert.prefer).toBe('resolution=merge-duplicates,return=representation');
  });

  it("[S11] pulls only the user's own rows", async () => {
    const a = await real.signUp();
    const b = await real.signUp();
    await new SupabaseRemote(a.client, a.userId).upsert([wireRow(a.userId)]);
    expect((await new SupabaseRemote(b.client, b.userId).pullChanges(0, 100)).rows).toEqual([]);
  });

  it('[S6] a 409 without a readable current row cannot be resolved and counts as a rejection', async () => {
    expect(await toRemoteError({ message: 'conflict', code: 'PT409', details: 'not json' }, 409)).toMatchObject({
      kind: 'rejected',
    });
    expect(await toRemoteError({ message: 'dup', code: '23505', details: null }, 409)).toMatchObject({
      kind: 'rejected',
    });
    expect(await toRemoteError({ message: 'busy' }, 503)).toMatchObject({ kind: 'server' });
    expect(await toRemoteError({ message: 'slow down' }, 429)).toMatchObject({ kind: 'server' });
  });
});
