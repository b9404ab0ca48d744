// The calendar feed (docs/api.md, "Calendar feed"; issue 35, item 4), through real HTTP on a fresh database
// (PGlite here, PostgreSQL in server-postgres): a signed-in user makes, regenerates and turns off their
// feed; GET /calendar/<token>.ics serves their dated items and nothing else, read back with ical.js, a
// repeating timed one in the zone the link was made in; an unknown, revoked, replaced or malformed token
// is a 404; fetches are limited per feed and per IP.
import { createHash, randomBytes } from 'node:crypto';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildNote, buildUser, type TestUser } from '../../test/kit/factories';
import { startTestServer, type TestServer } from '../../test/kit/test-server';

const FEED_LIMIT = 4;
const IP_LIMIT = 8;

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  server = await startTestServer({
    // Each test fetches from an address of its own (X-Forwarded-For), so the per-IP limit is its own too.
    TRUST_PROXY: 'true',
    RATE_LIMIT_CALENDAR: String(FEED_LIMIT),
    RATE_LIMIT_CALENDAR_IP: String(IP_LIMIT),
  });
  [alice, bob] = [await buildUser(server), await buildUser(server)];
});
afterAll(async () => server?.close());

let lastIp = 0;
const freshIp = () => `198.51.100.${++lastIp}`;

function manage(user: TestUser | null, method: 'GET' | 'POST' | 'DELETE'): Promise<Response> {
  return fetch(`${server.url}/api/calendar/feed`, {
    method,
    headers: user ? { authorization: `Bearer ${user.token}` } : {},
  });
}

interface NewFeed {
  enabled: true;
  createdAt: string;
  url: string;
}

async function createFeed(user: TestUser): Promise<NewFeed> {
  const response = await manage(user, 'POST');
  expect(response.status).toBe(201);
  return (await response.json()) as NewFeed;
}

const fetchFeed = (url: string, ip = freshIp()) => fetch(url, { headers: { 'x-forwarded-for': ip } });

function events(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((event) => ({
    uid: String(event.getFirstPropertyValue('uid')),
    summary: String(event.getFirstPropertyValue('summary')),
    start: String(event.getFirstPropertyValue('dtstart')),
    url: String(event.getFirstPropertyValue('url')),
    rrule: event.getFirstPropertyValue('rrule')?.toString() ?? null,
    alarm: event.getFirstSubcomponent('valarm') !== null,
  }));
}

const dated = (id: string, text: string, due: string, more: Record<string, unknown> = {}) => ({
  id,
  text,
  completed: false,
  due,
  ...more,
});

describe('managing the feed', () => {
  it('refuses every signed-in endpoint without a session', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await manage(null, method);
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ error: 'unauthorized' });
    }
  });

  it('is off at first; a new feed answers its link once and keeps only the hash of its token', async () => {
    const user = alice;
    expect(await (await manage(user, 'GET')).json()).toEqual({ enabled: false, createdAt: null });

    const response = await manage(user, 'POST');
    expect(response.status).toBe(201);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const feed = (await response.json()) as NewFeed;
    const match = /^(.+)\/calendar\/([A-Za-z0-9_-]{43})\.ics$/.exec(feed.url);
    expect(match?.[1]).toBe(server.url);
    const token = match![2]!;

    const status = await manage(user, 'GET');
    expect(await status.json()).toEqual({ enabled: true, createdAt: feed.createdAt });
    expect(status.headers.get('cache-control')).toBe('no-store');

    const rows = await server.ctx.db
      .selectFrom('private.calendar_feeds')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('refuses a body it does not expect', async () => {
    const response = await fetch(`${server.url}/api/calendar/feed`, {
      method: 'POST',
      headers: { authorization: `Bearer ${alice.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ token: 'mine' }),
    });
    expect(response.status).toBe(400);
  });

  it('goes with the account', async () => {
    const user = await buildUser(server);
    await createFeed(user);
    const response = await fetch(`${server.url}/api/account`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ current_password: user.password }),
    });
    expect(response.status).toBe(204);
    const rows = await server.ctx.db
      .selectFrom('private.calendar_feeds')
      .select('user_id')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toEqual([]);
  });
});

describe('GET /calendar/<token>.ics', () => {
  it('is an empty calendar for a user with no dated items', async () => {
    // Bob, before the next test gives him a dated step.
    const user = bob;
    await buildNote(user, { is_checklist: true, checklist_items: [{ id: 'a', text: 'Undated', completed: false }] });
    const response = await fetchFeed((await createFeed(user)).url);
    expect(response.status).toBe(200);
    expect(events(await response.text())).toEqual([]);
  });

  it("serves the user's dated items from their listed checklists, and nothing else", async () => {
    const plan = await buildNote(alice, {
      title: 'Open a bakery',
      is_checklist: true,
      checklist_items: [
        dated('venue', 'Call the venue', '2026-03-31'),
        dated('lease', 'Sign the lease', '2026-03-12T09:30:00.000Z', { remind: true, repeat: 'weekly' }),
        { id: 'someday', text: 'Someday', completed: false },
        dated('name', 'Pick a name', '2026-02-20', { completed: true }),
      ],
    });
    const hidden = [
      { title: 'In the Trash', trashed_at: '2026-02-01T00:00:00.000Z' },
      { title: 'Archived', archived_at: '2026-02-01T00:00:00.000Z' },
      { title: 'Not a checklist', is_checklist: false },
    ];
    for (const [index, fields] of hidden.entries()) {
      await buildNote(alice, {
        is_checklist: true,
        checklist_items: [dated(`hidden-${index}`, 'Hidden step', '2026-03-01')],
        ...fields,
      });
    }
    // Deleted for good: a tombstone, its content cleared.
    const gone = await buildNote(alice, {
      is_checklist: true,
      checklist_items: [dated('gone', 'Gone step', '2026-03-01')],
      trashed_at: '2026-02-01T00:00:00.000Z',
    });
    expect((await alice.client.from('notes').delete().eq('id', gone.id)).error).toBeNull();
    await buildNote(bob, { is_checklist: true, checklist_items: [dated('bob', "Bob's step", '2026-03-05')] });

    const feed = await createFeed(alice);
    const response = await fetchFeed(feed.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('private, max-age=300');
    const text = await response.text();
    const link = `${server.url}/note/${plan.id}`;
    expect(events(text).sort((a, b) => a.uid.localeCompare(b.uid))).toEqual([
      {
        uid: `${plan.id}-lease@sprout`,
        summary: 'Sign the lease',
        start: '2026-03-12T09:30:00Z',
        url: link,
        rrule: 'FREQ=WEEKLY',
        alarm: true,
      },
      {
        uid: `${plan.id}-name@sprout`,
        summary: '✓ Pick a name',
        start: '2026-02-20',
        url: link,
        rrule: null,
        alarm: false,
      },
      {
        uid: `${plan.id}-venue@sprout`,
        summary: 'Call the venue',
        start: '2026-03-31',
        url: link,
        rrule: null,
        alarm: false,
      },
    ]);
    expect(text).not.toMatch(/Hidden step|Gone step|Bob's step/);

    // Bob's feed holds Bob's step only.
    const bobs = await fetchFeed((await createFeed(bob)).url);
    expect(events(await bobs.text()).map((event) => event.summary)).toEqual(["Bob's step"]);
  });

  it('writes a repeating timed item in the zone of the device that made the link, and refuses an unknown zone', async () => {
    const user = await buildUser(server);
    await buildNote(user, {
      title: 'Team',
      is_checklist: true,
      checklist_items: [dated('standup', 'Standup', '2026-03-23T09:00:00.000Z', { repeat: 'weekly' })],
    });
    const make = (timeZone: string) =>
      fetch(`${server.url}/api/calendar/feed`, {
        method: 'POST',
        headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ timeZone }),
      });
    const refused = await make('Mars/Olympus_Mons');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ message: expect.stringContaining('timeZone') });
    const made = await make('Europe/London');
    expect(made.status).toBe(201);
    const text = await (await fetchFeed(((await made.json()) as NewFeed).url)).text();
    expect(text).toContain('DTSTART;TZID=Europe/London:20260323T090000\r\n');
    // Read with the feed's own VTIMEZONE, the Monday after the clocks go forward is still at 09:00 in London.
    const calendar = new ICAL.Component(ICAL.parse(text));
    ICAL.TimezoneService.register(calendar.getFirstSubcomponent('vtimezone')!);
    try {
      const starts = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!).iterator();
      expect([starts.next(), starts.next()].map((time) => time!.toJSDate().toISOString())).toEqual([
        '2026-03-23T09:00:00.000Z',
        '2026-03-30T08:00:00.000Z',
      ]);
    } finally {
      ICAL.TimezoneService.remove('Europe/London');
    }
  });

  it('answers 404 once the feed is turned off, and for the old link once it is regenerated', async () => {
    const user = alice;
    const first = await createFeed(user);
    expect((await fetchFeed(first.url)).status).toBe(200);

    const second = await createFeed(user);
    expect(second.url).not.toBe(first.url);
    const old = await fetchFeed(first.url);
    expect(old.status).toBe(404);
    expect(await old.json()).toEqual({ error: 'not_found', message: 'There is no calendar feed at this address.' });
    expect((await fetchFeed(second.url)).status).toBe(200);

    expect((await manage(user, 'DELETE')).status).toBe(204);
    expect((await fetchFeed(second.url)).status).toBe(404);
    expect(await (await manage(user, 'GET')).json()).toEqual({ enabled: false, createdAt: null });
    // Turning off a feed that is off is no error.
    expect((await manage(user, 'DELETE')).status).toBe(204);
  });

  it('answers 404, never a 500 or the app, for an unknown or malformed token', async () => {
    const unknown = randomBytes(32).toString('base64url');
    const names = [
      `${unknown}.ics`,
      unknown,
      `${unknown}.ICS`,
      `${unknown}x.ics`,
      'short.ics',
      '.ics',
      `${'!'.repeat(43)}.ics`,
      `${encodeURIComponent('é'.repeat(43))}.ics`,
      `${unknown.slice(0, 42)}%00.ics`,
      `${'a'.repeat(400)}.ics`,
      `${unknown}.ics/more`,
      '',
    ];
    for (const name of names) {
      const response = await fetch(`${server.url}/calendar/${name}`, { headers: { 'x-forwarded-for': freshIp() } });
      expect(response.status, name).toBe(404);
      expect((await response.json()) as unknown, name).toMatchObject({ error: 'not_found' });
    }
    // A name past the router's 500 characters is refused by Fastify itself, before any route.
    const long = await fetch(`${server.url}/calendar/${'a'.repeat(600)}.ics`, {
      headers: { 'x-forwarded-for': freshIp() },
    });
    expect(long.status).toBe(414);
  });
});

describe('rate limits', () => {
  it(`answers 429 after ${FEED_LIMIT} fetches of one feed in a window, from any address; other feeds go on`, async () => {
    // A new link of each: its counter starts at nothing.
    const feed = await createFeed(alice);
    for (let i = 0; i < FEED_LIMIT; i++) expect((await fetchFeed(feed.url)).status).toBe(200);
    const limited = await fetchFeed(feed.url);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({
      error: 'rate_limited',
      message: 'Rate limit exceeded. Please try again later.',
    });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);

    const other = await createFeed(bob);
    expect((await fetchFeed(other.url)).status).toBe(200);
  });

  it(`answers 429 after ${IP_LIMIT} fetches from one address, whatever the tokens`, async () => {
    const feed = await createFeed(alice);
    const ip = freshIp();
    for (let i = 0; i < IP_LIMIT; i++) {
      const guess = `${server.url}/calendar/${randomBytes(32).toString('base64url')}.ics`;
      expect((await fetchFeed(guess, ip)).status).toBe(404);
    }
    expect((await fetchFeed(feed.url, ip)).status).toBe(429);
    expect((await fetchFeed(feed.url)).status).toBe(200);
  });
});
