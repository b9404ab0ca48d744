// A session the server ended while a device still holds it (signed out everywhere from another device),
// against the real server with supabase-js: the device's check after a refused request signs it out; a live
// session gets a new token; an auth server that cannot answer now ends nothing; and the change feed's refused
// join asks for the check (client/src/lib/session-check.ts).
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startLiveChanges } from '../../client/src/data/notes/live-changes';
import { createSessionCheck } from '../../client/src/lib/session-check';
import { startRealServer, type RealServer } from './support/real-server';

let real: RealServer;
beforeAll(async () => {
  real = await startRealServer();
});
afterAll(async () => {
  await real?.close();
});

/**
 * A client of the real server whose requests are answered with `failing.status` while it is set, as an
 * overloaded auth server would answer. (A lost network and a 5xx are retried by supabase-js for up to 30 s,
 * then reported as retryable: session-check.test.ts.)
 */
function clientOfFailingAuth(failing: { status: number | null }): SupabaseClient {
  return createClient(real.server.url, real.server.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: {
      fetch: (input, init) =>
        failing.status === null
          ? fetch(input, init)
          : Promise.resolve(
              Response.json(
                { code: failing.status, error_code: 'unexpected_failure', msg: 'Something went wrong' },
                { status: failing.status },
              ),
            ),
    },
  });
}

async function endEverySession(email: string): Promise<void> {
  const other = await real.signIn(email);
  const { error } = await other.auth.signOut({ scope: 'global' });
  expect(error).toBeNull();
}

async function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

it('a live session gets a new token, and a second check within the gap asks nothing', async () => {
  const { client } = await real.signUp();
  // The refresh token rotates with each refresh (an access token made in the same second may be the same).
  const before = (await client.auth.getSession()).data.session!.refresh_token;
  const check = createSessionCheck(client.auth);
  expect(await check()).toBe('renewed');
  const after = (await client.auth.getSession()).data.session!.refresh_token;
  expect(after).not.toBe(before);
  expect(await check()).toBe('skipped');
  expect((await client.auth.getSession()).data.session!.refresh_token).toBe(after);
});

it('a session ended on the server: the device is signed out', async () => {
  const { client, email } = await real.signUp();
  const events: string[] = [];
  client.auth.onAuthStateChange((event) => events.push(event));
  await endEverySession(email);
  // supabase-js alone keeps it: its access token has most of its hour left.
  expect((await client.auth.getSession()).data.session).not.toBeNull();

  const check = createSessionCheck(client.auth);
  expect(await check()).toBe('ended');
  expect((await client.auth.getSession()).data.session).toBeNull();
  expect(events).toContain('SIGNED_OUT');
});

it('an auth server that refuses to answer for now (429) ends nothing', async () => {
  const failing: { status: number | null } = { status: null };
  const client = clientOfFailingAuth(failing);
  const { email } = await real.signUp();
  const { error } = await client.auth.signInWithPassword({ email, password: real.password });
  expect(error).toBeNull();
  failing.status = 429;
  const events: string[] = [];
  client.auth.onAuthStateChange((event) => events.push(event));
  const check = createSessionCheck(client.auth);
  expect(await check()).toBe('unknown');
  expect(events).not.toContain('SIGNED_OUT');
  expect((await client.auth.getSession()).data.session).not.toBeNull();
});

it("the change feed's join refused for an ended session asks for the check", async () => {
  const { client, userId, email } = await real.signUp();
  let refused = 0;
  const health: boolean[] = [];
  const stop = startLiveChanges({
    userId,
    getClient: async () => client.realtime,
    getAuth: async () => client.auth,
    onHint: () => undefined,
    onHealth: (healthy) => health.push(healthy),
    onRefused: () => (refused += 1),
  });
  await until(() => health.includes(true), 'the subscription');
  expect(refused).toBe(0);
  await endEverySession(email);
  await until(() => refused > 0, 'the refused join');
  stop();
  await client.removeAllChannels();
});
