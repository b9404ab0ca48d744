// Reminders by Web Push (issue 35, item 3), on PGlite and on PostgreSQL, against a push service the test
// runs on loopback: each message is decrypted with the subscription's own keys (RFC 8291) and its VAPID
// signature checked. A reminder goes once to every subscription of its user, never for an item ticked,
// in the Trash or long past, and not twice when two servers look at the same moment; a 410 drops the
// subscription; 'Done' ticks the item (a repeating one moves on) as a note write every device pulls;
// 'Snooze 1 h' sends it again an hour later; nobody acts on another user's reminder.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dayInZone, nextDue } from '#core/due-dates';
import type { ChecklistItem } from '#core/note-fields';
import { signActionToken } from '../src/reminders/action-token';
import { createReminders } from '../src/reminders/service';
import { buildNote, buildUser, type TestUser } from '../../test/kit/factories';
import {
  startTestPushService,
  vapidClaims,
  type TestPushService,
  type TestSubscription,
} from '../../test/kit/push-service';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../../test/kit/test-server';

let server: TestServer;
let push: TestPushService;
let alice: TestUser;
let bob: TestUser;
let alicePhone: TestSubscription;
let aliceLaptop: TestSubscription;
let bobPhone: TestSubscription;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

beforeAll(async () => {
  push = await startTestPushService();
  server = await startTestServer({ PUSH_ALLOW_LOOPBACK_HTTP: 'true', VAPID_SUBJECT: 'mailto:ops@example.com' });
  alice = await buildUser(server);
  bob = await buildUser(server);
});
afterAll(async () => {
  await server?.close();
  await push?.close();
});
beforeEach(() => push.reset());

function api(path: string, init: { token?: string | null; method?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = {};
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  return fetch(`${server.url}/api${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    ...(init.body !== undefined ? { body: typeof init.body === 'string' ? init.body : JSON.stringify(init.body) } : {}),
  });
}

const subscribe = (user: TestUser, subscription: { json: unknown } | unknown) =>
  api('/push/subscriptions', {
    token: user.token,
    body: (subscription as { json?: unknown }).json ?? subscription,
  });

const runOnce = (offsetMs = 0) => server.app.reminders.scheduler.runOnce(Date.now() + offsetMs);

type Item = ChecklistItem;

const item = (text: string, members: Partial<Item> = {}): Item => ({
  id: randomUUID(),
  text,
  completed: false,
  ...members,
});

async function checklist(user: TestUser, title: string, items: Item[], extra: Record<string, unknown> = {}) {
  return buildNote(user, { title, content: '', is_checklist: true, checklist_items: items, ...extra });
}

async function readNote(user: TestUser, id: string) {
  const { data, error } = await user.client.from('notes').select('*').eq('id', id).single();
  if (error) throw new Error(error.message);
  return data as { revision: number; last_mutation_id: string; checklist_items: Item[]; updated_at: string };
}

interface Message {
  title: string;
  body: string;
  tag: string;
  timestamp: number;
  actions: { action: string; title: string }[];
  data: { kind: string; noteId: string; itemId: string; due: string; url: string; token: string };
}

const messages = (subscription: TestSubscription) => push.messagesFor(subscription) as Message[];
const bodies = (subscription: TestSubscription) => messages(subscription).map((message) => message.body);

/** The token with the first character of its signature changed. */
function tampered(token: string): string {
  const [user, expiry, signature] = token.split('.') as [string, string, string];
  return `${user}.${expiry}.${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
}

const act = (body: Record<string, unknown>, token: string | null = null) => api('/reminders/action', { token, body });

describe('push subscriptions', () => {
  it("offers the server's public key, the same every time", async () => {
    const first = (await (await api('/push/key')).json()) as { available: boolean; publicKey: string };
    expect(first).toEqual({ available: true, publicKey: expect.stringMatching(/^[A-Za-z0-9_-]{87}$/) });
    expect(Buffer.from(first.publicKey, 'base64url')[0]).toBe(4);
    expect(await (await api('/push/key')).json()).toEqual(first);
    // Another server on the same database reads the same pair.
    const other = createReminders(server.ctx, { warn() {} });
    expect((await other.secrets()).vapidPublicKey).toBe(first.publicKey);
  });

  it("keeps a browser's subscription for a signed-in user", async () => {
    alicePhone = push.subscribe();
    aliceLaptop = push.subscribe();
    bobPhone = push.subscribe();
    expect((await subscribe(alice, alicePhone)).status).toBe(204);
    expect((await subscribe(alice, aliceLaptop)).status).toBe(204);
    expect((await subscribe(bob, bobPhone)).status).toBe(204);
    // Again: the same row.
    expect((await subscribe(alice, alicePhone)).status).toBe(204);
    const rows = await server.ctx.db
      .selectFrom('private.push_subscriptions')
      .select(['endpoint', 'user_id'])
      .where('user_id', '=', alice.id)
      .execute();
    expect(rows.map((row) => row.endpoint).sort()).toEqual(
      [alicePhone.json.endpoint, aliceLaptop.json.endpoint].sort(),
    );
    expect((await api('/push/subscriptions', { body: push.subscribe().json })).status).toBe(401);
  });

  it('refuses what is not a push subscription with 400, never a 500', async () => {
    const good = push.subscribe().json;
    const refused = [
      {},
      { endpoint: good.endpoint },
      { ...good, endpoint: 'http://push.example.com/x' },
      { ...good, endpoint: 'https://10.0.0.1/push/x' },
      { ...good, endpoint: 'https://[::1]/push/x' },
      { ...good, endpoint: 'https://localhost/push/x' },
      { ...good, endpoint: 'https://user:pw@push.example.com/x' },
      { ...good, endpoint: 'not a url' },
      { ...good, endpoint: `https://push.example.com/${'x'.repeat(3000)}` },
      { ...good, keys: { ...good.keys, p256dh: Buffer.alloc(65, 4).toString('base64url') } },
      { ...good, keys: { ...good.keys, p256dh: 'not base64!' } },
      { ...good, keys: { ...good.keys, auth: Buffer.alloc(8).toString('base64url') } },
      { ...good, keys: null },
      [],
      'null',
      '{"endpoint": ',
    ];
    for (const body of refused) {
      const response = await subscribe(alice, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json()).toMatchObject({ error: expect.stringMatching(/^invalid_(request|json)$/) });
    }
  });

  it('forgets a subscription on request, only the caller’s own', async () => {
    const tablet = push.subscribe();
    await subscribe(alice, tablet);
    const asBob = await api('/push/subscriptions', {
      method: 'DELETE',
      token: bob.token,
      body: { endpoint: tablet.json.endpoint },
    });
    expect(asBob.status).toBe(204);
    const still = await server.ctx.db
      .selectFrom('private.push_subscriptions')
      .select('endpoint')
      .where('endpoint', '=', tablet.json.endpoint)
      .execute();
    expect(still).toHaveLength(1);
    const own = await api('/push/subscriptions', {
      method: 'DELETE',
      token: alice.token,
      body: { endpoint: tablet.json.endpoint },
    });
    expect(own.status).toBe(204);
    const gone = await server.ctx.db
      .selectFrom('private.push_subscriptions')
      .select('endpoint')
      .where('endpoint', '=', tablet.json.endpoint)
      .execute();
    expect(gone).toEqual([]);
  });
});

describe('the scheduler', () => {
  it('sends a due reminder once to every subscription of its user, encrypted to each, with the actions', async () => {
    const due = at(-MINUTE);
    const call = item('Call the venue', { due, remind: true });
    const note = await checklist(alice, 'Wedding plan', [
      call,
      item('Already done', { due, remind: true, completed: true }),
      item('Next week', { due: at(7 * 24 * HOUR), remind: true }),
      item('No reminder asked', { due }),
      item('A day, no time', { due: due.slice(0, 10), remind: true }),
      item('Long past', { due: at(-3 * 24 * HOUR), remind: true }),
    ]);
    await checklist(alice, 'In the Trash', [item('Trashed item', { due, remind: true })], {
      trashed_at: new Date().toISOString(),
    });
    await checklist(alice, 'Not a checklist', [item('Hidden item', { due, remind: true })], { is_checklist: false });

    expect(await runOnce()).toEqual({ reminders: 1, delivered: 2, failed: 0, dropped: 0 });
    expect(bodies(alicePhone)).toEqual(['Call the venue']);
    expect(bodies(aliceLaptop)).toEqual(['Call the venue']);
    expect(bodies(bobPhone)).toEqual([]);
    const [message] = messages(alicePhone);
    expect(message).toEqual({
      title: 'Wedding plan',
      body: 'Call the venue',
      tag: `reminder:${note.id}:${call.id}`,
      timestamp: Date.parse(due),
      actions: [
        { action: 'done', title: 'Done' },
        { action: 'snooze', title: 'Snooze 1 h' },
      ],
      data: {
        kind: 'reminder',
        noteId: note.id,
        itemId: call.id,
        due,
        url: `/note/${note.id}`,
        token: expect.stringMatching(/^[0-9a-f-]{36}\.\d+\.[\w-]{43}$/),
      },
    });
    // Signed with the key browsers subscribed with, for this push service, naming the operator.
    const { publicKey } = (await (await api('/push/key')).json()) as { publicKey: string };
    const received = push.received[0]!;
    expect(received.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(received.headers.ttl)).toBe(24 * 60 * 60);
    const vapid = vapidClaims(received);
    expect(vapid.publicKey).toBe(publicKey);
    expect(vapid.claims).toMatchObject({ aud: push.origin, sub: 'mailto:ops@example.com' });
    expect(vapid.claims.exp).toBeGreaterThan(Date.now() / 1000);

    // Not again, on this server or any.
    expect(await runOnce()).toMatchObject({ reminders: 0 });
    expect(push.received).toHaveLength(2);
  });

  it('never reminds of an item ticked, or of a note moved to the Trash, before its time', async () => {
    const ticked = item('Pay the deposit', { due: at(MINUTE), remind: true });
    const tickedNote = await checklist(alice, 'Ticked', [ticked]);
    const trashedNote = await checklist(alice, 'Trashed', [item('Book the band', { due: at(MINUTE), remind: true })]);
    await alice.client
      .from('notes')
      .update({ checklist_items: [{ ...ticked, completed: true }] })
      .eq('id', tickedNote.id)
      .throwOnError();
    await alice.client
      .from('notes')
      .update({ trashed_at: new Date().toISOString() })
      .eq('id', trashedNote.id)
      .throwOnError();
    expect(await runOnce(2 * MINUTE)).toMatchObject({ reminders: 0 });
    expect(push.received).toEqual([]);
  });

  it('sends a reminder once when two servers look at the same moment', async () => {
    const items = Array.from({ length: 5 }, (_, n) => item(`Task ${n}`, { due: at(-MINUTE), remind: true }));
    await checklist(alice, 'Busy day', items);
    const otherServer = createReminders(server.ctx, { warn() {} });
    const now = Date.now();
    const runs = await Promise.all([
      server.app.reminders.scheduler.runOnce(now),
      otherServer.scheduler.runOnce(now),
      server.app.reminders.scheduler.runOnce(now),
    ]);
    expect(runs.reduce((sum, run) => sum + run.reminders, 0)).toBe(5);
    expect(bodies(alicePhone).sort()).toEqual(items.map((each) => each.text).sort());
    expect(bodies(aliceLaptop).sort()).toEqual(items.map((each) => each.text).sort());
  });

  it('drops a subscription the push service says is gone, and keeps count of other failures', async () => {
    push.answer(aliceLaptop, 410);
    push.answer(alicePhone, 500);
    await checklist(alice, 'Errands', [item('Buy stamps', { due: at(-MINUTE), remind: true })]);
    expect(await runOnce()).toEqual({ reminders: 1, delivered: 0, failed: 2, dropped: 1 });
    const rows = await server.ctx.db
      .selectFrom('private.push_subscriptions')
      .select(['endpoint', 'failures'])
      .where('user_id', '=', alice.id)
      .execute();
    expect(rows).toEqual([{ endpoint: alicePhone.json.endpoint, failures: 1 }]);
    // A delivery clears the count.
    push.reset();
    await checklist(alice, 'Errands 2', [item('Post the letter', { due: at(-MINUTE), remind: true })]);
    expect(await runOnce()).toMatchObject({ reminders: 1, delivered: 1 });
    const after = await server.ctx.db
      .selectFrom('private.push_subscriptions')
      .select(['failures', 'last_success_at'])
      .where('endpoint', '=', alicePhone.json.endpoint)
      .executeTakeFirstOrThrow();
    expect(after.failures).toBe(0);
    expect(after.last_success_at).toBeInstanceOf(Date);
    // The laptop subscribes again (the app does at its next start).
    expect((await subscribe(alice, aliceLaptop)).status).toBe(204);
  });
});

describe('acting on a reminder', () => {
  /** A note with one reminder due a minute ago, sent: its message on Alice's phone. */
  async function sentReminder(members: Partial<Item> = {}, user = alice, phone = alicePhone) {
    const reminded = item('Water the plants', { due: at(-MINUTE), remind: true, ...members });
    const note = await checklist(user, 'Garden', [item('Unrelated', {}), reminded]);
    push.reset();
    await runOnce();
    const message = messages(phone).find((each) => each.data.itemId === reminded.id);
    if (!message) throw new Error('the reminder was not sent');
    return { note, reminded, message };
  }

  const bodyOf = (message: Message, action: 'done' | 'snooze') => ({
    noteId: message.data.noteId,
    itemId: message.data.itemId,
    due: message.data.due,
    action,
  });

  it("'Done' from the notification ticks the item as a write every device pulls, once", async () => {
    const { note, reminded, message } = await sentReminder();
    const before = await readNote(alice, note.id);
    const done = await act({ ...bodyOf(message, 'done'), token: message.data.token });
    expect(done.status).toBe(200);
    const answer = (await done.json()) as { outcome: string; due: string; revision: number };
    expect(answer).toEqual({ outcome: 'ticked', due: reminded.due, revision: expect.any(Number) });
    const after = await readNote(alice, note.id);
    expect(after.revision).toBe(answer.revision);
    expect(after.revision).toBeGreaterThan(before.revision);
    expect(after.last_mutation_id).not.toBe(before.last_mutation_id);
    expect(after.checklist_items).toEqual([before.checklist_items[0], { ...reminded, completed: true }]);
    // Pulled like any write: a read by revision finds it.
    const { data } = await alice.client.from('notes').select('id').gt('revision', before.revision).throwOnError();
    expect(data?.map((row) => row.id)).toContain(note.id);
    // A second tap changes nothing.
    const again = await act({ ...bodyOf(message, 'done'), token: message.data.token });
    expect(await again.json()).toEqual({ outcome: 'unchanged' });
    expect((await readNote(alice, note.id)).revision).toBe(after.revision);
  });

  it("'Done' on a repeating item moves it to its next date, unticked, which reminds again then", async () => {
    const { note, reminded, message } = await sentReminder({ repeat: 'daily' });
    const done = await act({ ...bodyOf(message, 'done'), token: message.data.token, timeZone: 'Europe/Paris' });
    // The app's own rule: the next day after today in Paris, at the same time of day there.
    const next = nextDue(reminded.due!, 'daily', 'Europe/Paris', dayInZone(new Date(), 'Europe/Paris'));
    const answer = (await done.json()) as { outcome: string; due: string };
    expect(answer).toEqual({ outcome: 'moved', due: next, revision: expect.any(Number) });
    expect(Date.parse(answer.due)).toBeGreaterThan(Date.now() + 20 * HOUR);
    const stored = (await readNote(alice, note.id)).checklist_items[1];
    expect(stored).toEqual({ ...reminded, due: answer.due });
    push.reset();
    expect(await runOnce()).toMatchObject({ reminders: 0 });
    expect(await runOnce(25 * HOUR)).toMatchObject({ reminders: 1 });
    expect(bodies(alicePhone)).toEqual(['Water the plants']);
  });

  it("'Snooze 1 h' sends the reminder again an hour later, once, and not if the item is ticked meanwhile", async () => {
    const { reminded, message } = await sentReminder();
    const snoozed = await act({ ...bodyOf(message, 'snooze'), token: message.data.token });
    expect(snoozed.status).toBe(200);
    const answer = (await snoozed.json()) as { outcome: string; snoozedUntil: string };
    expect(answer.outcome).toBe('snoozed');
    expect(Date.parse(answer.snoozedUntil) - Date.now()).toBeGreaterThan(59 * MINUTE);
    push.reset();
    expect(await runOnce(30 * MINUTE)).toMatchObject({ reminders: 0 });
    expect(await runOnce(61 * MINUTE)).toMatchObject({ reminders: 1 });
    expect(messages(alicePhone).map((each) => [each.body, each.data.due])).toEqual([
      ['Water the plants', reminded.due],
    ]);
    expect(await runOnce(62 * MINUTE)).toMatchObject({ reminders: 0 });

    // Snoozed, then ticked in the app: the hour passes in silence.
    const second = await sentReminder({ text: 'Feed the cat' });
    await act({ ...bodyOf(second.message, 'snooze'), token: second.message.data.token });
    const ticked = await act(bodyOf(second.message, 'done'), alice.token);
    expect(await ticked.json()).toMatchObject({ outcome: 'ticked' });
    push.reset();
    expect(await runOnce(61 * MINUTE)).toMatchObject({ reminders: 0 });
    expect(push.received).toEqual([]);
  });

  it("works with the app's session too, and acts on no other user's reminder", async () => {
    const { note, reminded, message } = await sentReminder();
    const body = bodyOf(message, 'done');
    // Bob's session, Bob's token for his own reminder, a token for another item, a forged or expired one.
    expect((await act(body, bob.token)).status).toBe(404);
    const bobs = await sentReminder({}, bob, bobPhone);
    const refused = [
      bobs.message.data.token,
      tampered(message.data.token),
      signActionToken(Buffer.alloc(32), { ...body, userId: alice.id }, Date.now()),
      signActionToken((await server.app.reminders.secrets()).actionKey, { ...body, userId: alice.id }, 0),
    ];
    for (const token of refused) {
      const response = await act({ ...body, token });
      expect(response.status, token).toBe(401);
      expect(await response.json()).toMatchObject({ error: 'invalid_token' });
    }
    const otherItem = await act({ ...body, itemId: randomUUID(), token: message.data.token });
    expect(otherItem.status).toBe(401);
    // Alice's token names Alice, whoever's session comes with it; Bob's note is out of its reach.
    const onBobsNote = await act({ ...bodyOf(bobs.message, 'done'), token: message.data.token });
    expect(onBobsNote.status).toBe(401);
    expect((await readNote(alice, note.id)).checklist_items[1]).toEqual(reminded);
    expect((await readNote(bob, bobs.note.id)).checklist_items[1]).toEqual(bobs.reminded);
    // Alice's own session.
    const own = await act({ ...body, timeZone: 'America/New_York' }, alice.token);
    expect(await own.json()).toMatchObject({ outcome: 'ticked' });
  });

  it('answers 404 for a reminder no longer in a live note, and 401 without a session or token', async () => {
    const { note, message } = await sentReminder();
    const body = bodyOf(message, 'snooze');
    expect((await act(body)).status).toBe(401);
    await alice.client.from('notes').update({ trashed_at: new Date().toISOString() }).eq('id', note.id).throwOnError();
    for (const action of ['done', 'snooze'] as const) {
      const response = await act({ ...bodyOf(message, action), token: message.data.token });
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error: 'not_found' });
    }
  });

  it('refuses malformed bodies with 400, never a 500', async () => {
    const { message } = await sentReminder();
    const good = { ...bodyOf(message, 'done'), token: message.data.token };
    const refused = [
      {},
      { ...good, noteId: 'not-a-note' },
      { ...good, itemId: '' },
      { ...good, itemId: 'x'.repeat(201) },
      { ...good, due: 'tomorrow' },
      { ...good, due: 12 },
      { ...good, action: 'delete' },
      { ...good, token: 42 },
      { ...good, token: 'x'.repeat(500) },
      { ...good, timeZone: 'Mars/Olympus_Mons' },
      { ...good, extra: true },
      [],
      '"done"',
      '{"noteId": ',
    ];
    for (const body of refused) {
      const response = await act(body as Record<string, unknown>);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    // A token that is no token: 401, not 500.
    expect((await act({ ...good, token: 'a.b.c' })).status).toBe(401);
    expect((await act({ ...good, token: `${alice.id}.99999999999.` })).status).toBe(401);
  });
});

describe('an account deleted', () => {
  it("takes its subscriptions and its reminders' records with it", async () => {
    const carol = await buildUser(server);
    const carolPhone = push.subscribe();
    await subscribe(carol, carolPhone);
    await checklist(carol, 'Carol', [item('Stretch', { due: at(-MINUTE), remind: true })]);
    await runOnce();
    expect(bodies(carolPhone)).toEqual(['Stretch']);
    const deleted = await api('/account', {
      method: 'DELETE',
      token: carol.token,
      body: { current_password: TEST_PASSWORD },
    });
    expect(deleted.status).toBe(204);
    for (const table of ['private.push_subscriptions', 'private.reminders_sent'] as const) {
      const rows = await server.ctx.db.selectFrom(table).select('user_id').where('user_id', '=', carol.id).execute();
      expect(rows, table).toEqual([]);
    }
  });
});
