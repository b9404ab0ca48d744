// The change feed at /realtime/v1/websocket (docs/api.md, docs/sync.md [S21]) through the real
// supabase-js client (realtime-js over Node's WebSocket) and, for what a client should never send,
// raw frames. Events are hints: the tests check that each one reaches its user, with the row as REST
// presents it, and never anyone else.
import http from 'node:http';
import type { RealtimeChannel, RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTENER_APPLICATION_NAME } from '../src/db/change-feed';
import { signedInClient, startTestServer, TEST_PASSWORD, type TestServer } from '../../test/kit/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ REALTIME_MAX_SOCKETS_PER_USER: '3' });
});

afterAll(async () => {
  await server?.close();
});

type Change = RealtimePostgresChangesPayload<Record<string, unknown>>;

/** Subscribes like the app does and collects the events; resolves once the server confirmed the join. */
async function subscribe(
  client: SupabaseClient,
  accessToken: string,
  filter: string,
): Promise<{ channel: RealtimeChannel; events: Change[] }> {
  await client.realtime.setAuth(accessToken);
  const events: Change[] = [];
  const channel = client.channel(`notes-${Math.random()}`);
  await new Promise<void>((resolve, reject) => {
    channel
      .on('postgres_changes', { event: '*', schema: 'public', table: 'notes', filter }, (payload: Change) =>
        events.push(payload),
      )
      .subscribe((status, error) => {
        if (status === 'SUBSCRIBED') resolve();
        else if (status !== 'CLOSED') reject(new Error(`${status}: ${error?.message ?? ''}`));
      });
  });
  return { channel, events };
}

async function until<T>(read: () => T | undefined, what: string, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A raw socket for what realtime-js would never send. */
function rawSocket(): Promise<{
  ws: WebSocket;
  frames: unknown[][];
  closed: Promise<{ code: number; reason: string }>;
}> {
  const ws = new WebSocket(
    `${server.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${server.anonKey}&vsn=2.0.0`,
  );
  const frames: unknown[][] = [];
  ws.addEventListener('message', (event) => frames.push(JSON.parse(String(event.data)) as unknown[]));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.addEventListener('close', (event) => resolve({ code: event.code, reason: event.reason })),
  );
  return new Promise((resolve, reject) => {
    ws.addEventListener('open', () => resolve({ ws, frames, closed }));
    ws.addEventListener('error', () => reject(new Error('socket failed')));
  });
}

const joinFrame = (ref: string, token: string, filter?: string) =>
  JSON.stringify([
    ref,
    ref,
    `realtime:t${ref}`,
    'phx_join',
    {
      config: { postgres_changes: [{ event: '*', schema: 'public', table: 'notes', ...(filter ? { filter } : {}) }] },
      access_token: token,
    },
  ]);

describe('realtime change feed [S21]', () => {
  it('[S21] pushes each write of a note to its owner with the row as REST shows it, and nothing to another user whatever filter they ask', async () => {
    const alice = await signedInClient(server);
    const mallory = await signedInClient(server);
    const aliceFeed = await subscribe(alice.client, alice.session.access_token, `user_id=eq.${alice.user.id}`);
    // Mallory asks for Alice's rows by filter, and for everything without one.
    const snoop = await subscribe(mallory.client, mallory.session.access_token, `user_id=eq.${alice.user.id}`);
    const malloryFeed = await subscribe(mallory.client, mallory.session.access_token, `title=neq.nothing`);

    const { data: inserted } = await alice.client
      .from('notes')
      .insert({ user_id: alice.user.id, title: 'Live', content: 'x' })
      .select()
      .single();
    const insert = await until(() => aliceFeed.events.find((e) => e.eventType === 'INSERT'), 'the insert event');
    expect(insert).toMatchObject({
      schema: 'public',
      table: 'notes',
      eventType: 'INSERT',
      new: inserted as Record<string, unknown>,
    });
    expect(typeof insert.commit_timestamp).toBe('string');

    await alice.client
      .from('notes')
      .update({ title: 'Live 2' })
      .eq('id', (inserted as { id: string }).id);
    const update = await until(() => aliceFeed.events.find((e) => e.eventType === 'UPDATE'), 'the update event');
    expect(update.new).toMatchObject({ id: (inserted as { id: string }).id, title: 'Live 2' });
    expect(update.old).toEqual({ id: (inserted as { id: string }).id, user_id: alice.user.id });

    // Mallory's own write arrives on her unfiltered channel; by then Alice's two would have too.
    await mallory.client.from('notes').insert({ user_id: mallory.user.id, title: 'Mine' });
    await until(() => malloryFeed.events.find((e) => e.eventType === 'INSERT'), "Mallory's own event");
    expect(malloryFeed.events.map((e) => (e.new as { user_id?: string }).user_id)).toEqual([mallory.user.id]);
    expect(snoop.events).toEqual([]);

    for (const client of [alice.client, mallory.client]) await client.removeAllChannels();
  });

  it("[S21] leaves out the writing session's own sockets when its write says 'Sprout-Echo: none'; the user's other devices hear of it", async () => {
    const laptop = await signedInClient(server);
    const phone = server.client();
    const { data: signedIn } = await phone.auth.signInWithPassword({ email: laptop.email, password: TEST_PASSWORD });
    const laptopFeed = await subscribe(laptop.client, laptop.session.access_token, `user_id=eq.${laptop.user.id}`);
    const phoneFeed = await subscribe(phone, signedIn.session!.access_token, `user_id=eq.${laptop.user.id}`);

    // The laptop pushes as the app's sync does: it has the rows from the answer.
    const { data: pushed, error } = await laptop.client
      .from('notes')
      .upsert([
        { user_id: laptop.user.id, title: 'Pushed quietly' },
        { user_id: laptop.user.id, title: 'And another' },
      ])
      .select()
      .setHeader('Sprout-Echo', 'none');
    expect(error).toBeNull();
    const titles = (events: Change[]) =>
      events.map((e) => `${e.eventType} ${String((e.new as { title?: string }).title)}`);
    await until(() => (phoneFeed.events.length === 2 ? true : undefined), "the phone's two events");
    expect(titles(phoneFeed.events).sort()).toEqual(['INSERT And another', 'INSERT Pushed quietly']);

    // A write without the header reaches the laptop too; by then the quiet ones would have arrived before it.
    const id = (pushed as { id: string }[])[0]!.id;
    await laptop.client.from('notes').update({ title: 'Heard' }).eq('id', id);
    await until(() => laptopFeed.events.find((e) => e.eventType === 'UPDATE'), "the laptop's event for its loud write");
    expect(titles(laptopFeed.events)).toEqual(['UPDATE Heard']);
    await until(() => phoneFeed.events.find((e) => e.eventType === 'UPDATE'), "the phone's update");

    // A value the server does not know is refused, and nothing is written.
    const refused = await laptop.client
      .from('notes')
      .insert({ user_id: laptop.user.id, title: 'Never' })
      .setHeader('Sprout-Echo', 'some');
    expect(refused.status).toBe(400);
    expect(refused.error).toMatchObject({ code: 'PGRST100', message: 'failed to parse Sprout-Echo header (some)' });
    const { data: never } = await laptop.client.from('notes').select('id').eq('title', 'Never');
    expect(never).toEqual([]);

    for (const client of [laptop.client, phone]) await client.removeAllChannels();
  });

  it('[S21] keeps a channel after the access token is refreshed and closes the socket when the session is revoked', async () => {
    const alice = await signedInClient(server);
    const feed = await subscribe(alice.client, alice.session.access_token, `user_id=eq.${alice.user.id}`);
    const { data: refreshed } = await alice.client.auth.refreshSession({ refresh_token: alice.session.refresh_token });
    await alice.client.realtime.setAuth(refreshed.session!.access_token);
    await alice.client.from('notes').insert({ user_id: alice.user.id, title: 'After refresh' });
    await until(() => feed.events.find((e) => e.eventType === 'INSERT'), 'an event after the refresh');

    // Sign-out from another client (the session row goes): the socket closes at once.
    const raw = await rawSocket();
    raw.ws.send(joinFrame('1', refreshed.session!.access_token));
    await until(() => raw.frames.find((f) => f[3] === 'phx_reply'), 'the join reply');
    await fetch(`${server.url}/auth/v1/logout`, {
      method: 'POST',
      headers: { apikey: server.anonKey, authorization: `Bearer ${refreshed.session!.access_token}` },
    });
    expect(await raw.closed).toEqual({ code: 1008, reason: 'Session has ended' });
    await alice.client.removeAllChannels();
  });

  it('refuses a join without a valid token, closes a socket whose token expires, and limits sockets per user', async () => {
    const bob = await signedInClient(server);
    const raw = await rawSocket();
    raw.ws.send(joinFrame('1', 'not-a-token'));
    const refused = await until(() => raw.frames.find((f) => f[3] === 'phx_reply'), 'the refusal');
    expect(refused[4]).toMatchObject({ status: 'error' });

    // A token that expires in one second: the socket it joined closes then.
    const { token } = await server.ctx.signer.signAccessToken(
      { userId: bob.user.id, email: bob.email, sessionId: decodeSession(bob.session.access_token), userMetadata: {} },
      Date.now() - 3599_000,
    );
    raw.ws.send(joinFrame('2', token));
    await until(
      () => raw.frames.find((f) => f[1] === '2' && (f[4] as { status?: string }).status === 'ok'),
      'the join',
    );
    expect(await raw.closed).toEqual({ code: 1008, reason: 'Token has expired' });

    // REALTIME_MAX_SOCKETS_PER_USER is 3 here.
    const sockets = await Promise.all([rawSocket(), rawSocket(), rawSocket(), rawSocket()]);
    for (const [i, s] of sockets.entries()) s.ws.send(joinFrame(String(i + 10), bob.session.access_token));
    // Whichever join comes last is refused (on PostgreSQL the four token checks run concurrently).
    expect((await Promise.race(sockets.map((s) => s.closed))).reason).toBe('too many sockets for this user');
    await until(
      () =>
        sockets.filter((s) => s.frames.some((f) => (f[4] as { status?: string }).status === 'ok')).length === 3
          ? true
          : undefined,
      'three joins',
    );
    for (const s of sockets) s.ws.close();
  });

  it('closes only the socket that sends a bad, binary or oversized frame', async () => {
    const carol = await signedInClient(server);
    const bystander = await rawSocket();
    bystander.ws.send(joinFrame('1', carol.session.access_token));
    const bad = await Promise.all([rawSocket(), rawSocket(), rawSocket()]);
    bad[0]!.ws.send('{"not": "an array"}');
    bad[1]!.ws.send(new Uint8Array([1, 2, 3]));
    bad[2]!.ws.send('x'.repeat(server.config.realtime.maxFrameBytes + 1));
    expect((await bad[0]!.closed).code).toBe(1007);
    expect((await bad[1]!.closed).code).toBe(1003);
    expect((await bad[2]!.closed).code).toBe(1009);
    bystander.ws.send(JSON.stringify([null, '99', 'phoenix', 'heartbeat', {}]));
    const beat = await until(() => bystander.frames.find((f) => f[1] === '99'), 'the heartbeat reply');
    expect(beat).toEqual([null, '99', 'phoenix', 'phx_reply', { status: 'ok', response: {} }]);
    bystander.ws.close();
  });

  it.skipIf(process.env.SPROUT_TEST_DATABASE !== 'postgres')(
    '[S21] reconnects its LISTEN connection when PostgreSQL drops it, and tells the sockets to resubscribe',
    async () => {
      const dave = await signedInClient(server);
      const before = await rawSocket();
      before.ws.send(joinFrame('1', dave.session.access_token));
      await until(() => before.frames.find((f) => f[3] === 'phx_reply'), 'the join');
      await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = ${LISTENER_APPLICATION_NAME} AND datname = current_database()`.execute(
        server.database.db,
      );
      // Hints may have been lost meanwhile: the socket is told to reconnect (and its client pulls).
      expect(await before.closed).toEqual({ code: 1012, reason: 'change feed restarted, reconnect' });
      const after = await rawSocket();
      after.ws.send(joinFrame('2', dave.session.access_token));
      await until(() => after.frames.find((f) => f[3] === 'phx_reply'), 'the join after');
      await dave.client.from('notes').insert({ user_id: dave.user.id, title: 'After the drop' });
      const event = await until(
        () => after.frames.find((f) => f[3] === 'postgres_changes'),
        'an event after the reconnect',
      );
      expect((event[4] as { data: { record: { title: string } } }).data.record.title).toBe('After the drop');
      after.ws.close();
    },
  );

  it('refuses an upgrade without the anon key', async () => {
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const request = http.get(`${server.url}/realtime/v1/websocket?vsn=2.0.0`, {
        headers: {
          connection: 'Upgrade',
          upgrade: 'websocket',
          'sec-websocket-version': '13',
          'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
        },
      });
      request.on('response', (response) => {
        response.resume();
        resolve(response.statusCode);
      });
      request.on('upgrade', () => reject(new Error('upgraded without an anon key')));
      request.on('error', reject);
    });
    expect(status).toBe(401);
  });
});

function decodeSession(token: string): string {
  return (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { session_id: string })
    .session_id;
}
