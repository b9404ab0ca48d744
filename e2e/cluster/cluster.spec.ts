// Several Sprout servers on one PostgreSQL behind nginx (issue 13): two browser contexts are two devices
// of one user, each talking to whichever server nginx picks. The servers share everything through the
// database: change hints ([S21], NOTIFY/LISTEN), sessions, rate-limit counters.
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Browser, BrowserContext, Page, WebSocket } from '@playwright/test';
import { CLUSTER_PORT } from '../../playwright.cluster.config';
import { startCluster, type Cluster } from '../../test/kit/cluster';
import { authHeaders, createAccount, type Account, type StoredSession } from '../support/accounts';
import { expect, test, watchConsole } from '../support/fixtures';
import { card, editNote, seedNotes } from '../support/notes';
import { gotoAs, seedSession } from '../support/session';

const SIGNUP_LIMIT = 12;

let cluster: Cluster;
let account: Account;
const devices: { name: string; context: BrowserContext; page: Page; sockets: WebSocket[]; errors: string[] }[] = [];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  cluster = await startCluster({
    servers: 2,
    port: CLUSTER_PORT,
    env: {
      RATE_LIMIT_SIGNUP: String(SIGNUP_LIMIT),
      RATE_LIMIT_TOKEN: '100000',
      RATE_LIMIT_TOKEN_REFRESH: '100000',
    },
  });
});

test.afterAll(async () => {
  for (const device of devices) await device.context.close();
  await cluster?.close();
});

/** A sign-in of the account of its own, as each device makes: a device's own writes are not echoed to its session [S21]. */
async function signIn(request: APIRequestContext): Promise<StoredSession> {
  const response = await request.post('/auth/v1/token?grant_type=password', {
    headers: { apikey: account.anonKey, 'Content-Type': 'application/json' },
    data: { email: account.email, password: account.password },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as StoredSession;
}

/** A device: its own browser context, signed in as the account with a session of its own, on the dashboard; its sockets recorded. */
async function openDevice(name: string, browser: Browser, baseURL: string, request: APIRequestContext) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors: string[] = [];
  watchConsole(page, errors);
  const sockets: WebSocket[] = [];
  page.on('websocket', (socket) => sockets.push(socket));
  await seedSession(page, await signIn(request), baseURL);
  await gotoAs(page, '/');
  const device = { name, context, page, sockets, errors };
  devices.push(device);
  return device;
}

const restHeaders = () => ({ ...authHeaders(account), 'Content-Type': 'application/json' });

test('[S21] an edit saved on device A shows on device B without any action on B', async ({
  browser,
  request,
  baseURL,
}) => {
  // Shared by the tests that follow (serial), and dropped with the cluster's database at the end.
  account = await createAccount(request, baseURL!);
  const [note] = await seedNotes(request, account, [{ title: 'Shared idea', content: 'first words' }]);
  const a = await openDevice('A', browser, baseURL!, request);
  const b = await openDevice('B', browser, baseURL!, request);
  await expect(card(a.page, 'Shared idea')).toBeVisible();
  await expect(card(b.page, 'Shared idea')).toBeVisible();
  // B is subscribed to the feed (its socket is open) before A edits.
  await expect.poll(() => b.sockets.filter((s) => !s.isClosed()).length).toBeGreaterThan(0);

  await editNote(a.page, note!.id, { title: 'Shared idea, edited on A' });
  // B polls only every minute (five while its feed is healthy): this can only be the feed.
  await expect(card(b.page, 'Shared idea, edited on A')).toBeVisible({ timeout: 5_000 });
  expect(b.errors).toEqual([]);
});

test('[S21] a device whose socket drops resumes and misses nothing written meanwhile', async () => {
  const b = devices.find((d) => d.name === 'B')!;
  const before = b.sockets.length;
  const open = b.sockets.filter((s) => !s.isClosed());
  expect(open.length).toBeGreaterThan(0);
  // nginx reloads: its old worker closes every WebSocket it carries (1 s later).
  cluster.reloadNginx();
  await expect.poll(() => open.every((s) => s.isClosed()), { timeout: 10_000 }).toBe(true);
  // Written while B has no socket: the hint of this write reaches nobody on B's side.
  const response = await fetch(`${cluster.url}/rest/v1/notes`, {
    method: 'POST',
    headers: { ...restHeaders(), Prefer: 'return=minimal' },
    body: JSON.stringify({
      id: randomUUID(),
      user_id: account.userId,
      title: 'Written while B was away',
      content: 'x',
    }),
  });
  expect(response.status).toBe(201);
  await expect(card(b.page, 'Written while B was away')).toBeVisible({ timeout: 15_000 });
  expect(b.sockets.length).toBeGreaterThan(before);
});

test('the rate limit allows its quota once across all servers, not once per server', async () => {
  // A client address of its own (nginx forwards it; the servers trust loopback), so other tests' sign-ups do not count.
  const client = `198.51.100.${1 + Math.floor(Math.random() * 250)}`;
  const statuses: number[] = [];
  const upstreams = new Set<string>();
  for (let i = 0; i < SIGNUP_LIMIT + 6; i++) {
    const response = await fetch(`${cluster.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: account.anonKey, 'Content-Type': 'application/json', 'X-Forwarded-For': client },
      // Invalid on purpose: the limit counts requests before their body is read, and no Argon2 runs.
      body: JSON.stringify({}),
    });
    statuses.push(response.status);
    upstreams.add(response.headers.get('x-sprout-upstream') ?? '');
  }
  expect(upstreams.size).toBe(cluster.servers.length);
  expect(statuses.filter((s) => s !== 429)).toHaveLength(SIGNUP_LIMIT);
  expect(statuses.slice(SIGNUP_LIMIT).every((s) => s === 429)).toBe(true);
});

test('a session minted by one server is refreshed and revoked on another', async () => {
  const ports = cluster.servers.map((s) => s.url);
  const signIn = await fetch(`${ports[0]}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: account.anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  const session = (await signIn.json()) as { access_token: string; refresh_token: string };
  const refreshed = await fetch(`${ports[1]}/auth/v1/token?grant_type=refresh_token`, {
    method: 'POST',
    headers: { apikey: account.anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ refresh_token: session.refresh_token }),
  });
  expect(refreshed.status).toBe(200);
  const next = (await refreshed.json()) as { access_token: string };
  const logout = await fetch(`${ports[1]}/auth/v1/logout?scope=local`, {
    method: 'POST',
    headers: { apikey: account.anonKey, Authorization: `Bearer ${next.access_token}` },
  });
  expect(logout.status).toBe(204);
  const after = await fetch(`${ports[0]}/rest/v1/notes?select=id`, {
    headers: { apikey: account.anonKey, Authorization: `Bearer ${next.access_token}` },
  });
  expect(after.status).toBe(401);
});

test('a server killed mid-load: the others carry on and no acknowledged write is lost', async () => {
  const acknowledged = new Map<string, string>();
  let failures = 0;
  let ackedAfterKill = 0;
  let killed = false;
  const total = 80;
  let next = 0;
  const writer = async () => {
    while (next < total) {
      const n = next++;
      const row = { id: randomUUID(), user_id: account.userId, title: `Load ${n}`, content: `written ${n}` };
      // Like the sync engine: a write without an answer is sent again, as an idempotent upsert.
      for (let attempt = 0; ; attempt++) {
        try {
          const response = await fetch(`${cluster.url}/rest/v1/notes?on_conflict=id`, {
            method: 'POST',
            headers: { ...restHeaders(), Prefer: 'return=minimal,resolution=merge-duplicates' },
            body: JSON.stringify(row),
          });
          if (response.status === 201) {
            acknowledged.set(row.id, row.content);
            if (killed) ackedAfterKill += 1;
            break;
          }
          failures += 1;
        } catch {
          failures += 1;
        }
        if (attempt > 20) throw new Error(`write ${n} never acknowledged`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      if (acknowledged.size === 20 && !killed) {
        killed = true;
        cluster.servers[1]!.kill();
      }
    }
  };
  await Promise.all([writer(), writer(), writer(), writer()]);
  expect(killed).toBe(true);
  expect(ackedAfterKill).toBeGreaterThan(30);
  // Every acknowledged write is in the database, as written (read through a surviving server).
  const response = await fetch(`${cluster.url}/rest/v1/notes?select=id,content&limit=1000`, { headers: restHeaders() });
  const stored = new Map(((await response.json()) as { id: string; content: string }[]).map((r) => [r.id, r.content]));
  const lost = [...acknowledged].filter(([id, content]) => stored.get(id) !== content);
  expect(lost).toEqual([]);
  expect(acknowledged.size).toBe(total);
  console.info(
    `cluster kill -9: ${acknowledged.size} writes acknowledged (${ackedAfterKill} after the kill), ${failures} attempts failed and were retried, 0 lost`,
  );
  // Device B, whose socket may have been on the killed server, still gets changes.
  const b = devices.find((d) => d.name === 'B')!;
  await expect(card(b.page, 'Load 79')).toBeVisible({ timeout: 15_000 });
});
