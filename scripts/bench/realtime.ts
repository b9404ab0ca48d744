// Realtime and multi-server figures (issue 13), on the production shape of e2e/cluster/cluster.ts:
// - device to device: a note saved on device A (supabase-js through nginx) until its card shows on
//   device B (Chromium through nginx), two servers on one PostgreSQL; beside it, the floor of a bare
//   REST write through nginx;
// - 1,000 sockets on one server: the server process's resident memory per socket, and the time from
//   a note's write until all 1,000 have its event (beside the write's own round trip);
// - notes API throughput through nginx in front of 1, 2 and 3 servers, in interleaved rounds.
// The load generator, the browser and every server share this machine's cores: the ratios say how
// far the servers scale here, not on a machine with a core per server.
// Run alone: `node --import tsx scripts/bench/realtime.ts` (after `vite build`).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { chromiumArgs, chromiumExecutable } from '../../e2e/support/browser';
import { startCluster, startNginx, type Cluster } from '../../e2e/cluster/cluster';
import { summarize } from './report';

export interface BenchRow {
  name: string;
  value: number;
  unit: string;
  goal: string;
}

const BASE_PORT = Number(process.env.BENCH_REALTIME_PORT ?? 4463);
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);

interface Account {
  userId: string;
  accessToken: string;
  session: Record<string, unknown>;
  anonKey: string;
}

async function signUp(url: string): Promise<Account> {
  const anonKey = ((await (await fetch(`${url}/api/config`)).json()) as { anonKey: string }).anonKey;
  const response = await fetch(`${url}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: `bench-${randomUUID()}@example.com`, password: `pw-${randomUUID()}` }),
  });
  const session = (await response.json()) as { access_token: string; user: { id: string } };
  return { userId: session.user.id, accessToken: session.access_token, session, anonKey };
}

const headers = (account: Account) => ({ apikey: account.anonKey, Authorization: `Bearer ${account.accessToken}`, 'Content-Type': 'application/json' });

async function writeNote(url: string, account: Account, note: { id: string; title: string }): Promise<void> {
  const response = await fetch(`${url}/rest/v1/notes?on_conflict=id`, {
    method: 'POST',
    headers: { ...headers(account), Prefer: 'return=minimal,resolution=merge-duplicates' },
    body: JSON.stringify({ ...note, user_id: account.userId, content: 'bench' }),
  });
  if (response.status !== 201) throw new Error(`write failed: ${response.status} ${await response.text()}`);
}

/** Saved on A (the write acknowledged) until the card shows on B, in a real browser; 20 rounds. */
async function deviceToDevice(cluster: Cluster): Promise<BenchRow[]> {
  const account = await signUp(cluster.url);
  const a = createClient(cluster.url, account.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
  await a.auth.setSession({ access_token: account.accessToken, refresh_token: String(account.session.refresh_token) });
  const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: chromiumArgs });
  const latencies: number[] = [];
  const floors: number[] = [];
  try {
    const context = await browser.newContext({ baseURL: cluster.url, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), ['sb-127-auth-token', JSON.stringify(account.session)] as const);
    await page.goto('/');
    await page.getByRole('main').waitFor();
    const id = randomUUID();
    await a.from('notes').upsert({ id, user_id: account.userId, title: 'Round 0', content: 'x' });
    await page.getByRole('article', { name: 'Round 0', exact: true }).waitFor({ timeout: 30_000 });
    for (let round = 1; round <= 20; round++) {
      const title = `Round ${round}`;
      // The page reports the moment the card appears (same machine, same clock).
      const shown = page.waitForFunction(
        (t) => ([...document.querySelectorAll('article h2')].some((el) => el.textContent === t) ? Date.now() : false),
        title,
        { polling: 'raf', timeout: 30_000 },
      );
      const began = Date.now();
      await a.from('notes').update({ title }).eq('id', id);
      const saved = Date.now();
      latencies.push(((await (await shown).jsonValue()) as number) - saved);
      floors.push(saved - began);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    await browser.close();
  }
  const l = summarize(latencies);
  const f = summarize(floors);
  return [
    { name: 'Device to device, saved on A to card on B (2 servers, nginx): p50', value: l.median, unit: 'ms', goal: '' },
    { name: 'Device to device, saved on A to card on B (2 servers, nginx): p95', value: l.p95, unit: 'ms', goal: 'p95 < 500 ms' },
    { name: 'Floor: one REST write through nginx, p50', value: f.median, unit: 'ms', goal: '' },
  ];
}

function residentKiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
}

/** CPU time (user + system) a process has used, in ms: unlike wall time, hardly moved by other load. */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of stat, in clock ticks (100 per second on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

interface Listener {
  sockets: WebSocket[];
  /** Resolves when every socket has had one postgres_changes event. */
  nextEvent(): Promise<void>;
}

/** `count` raw Phoenix sockets of one user, joined like realtime-js (each numbers its join "1"). */
async function openSockets(endpoint: string, account: Account, count: number): Promise<Listener> {
  const sockets: WebSocket[] = [];
  const waiting = new Map<WebSocket, () => void>();
  for (let i = 0; i < count; i++) {
    const ws = new WebSocket(endpoint);
    await new Promise<void>((resolve, reject) => {
      ws.once('error', reject);
      ws.on('message', (data) => {
        // No JSON.parse: the bench process holds all the clients, and only which event came matters here.
        const text = String(data);
        if (text.includes('"postgres_changes"')) waiting.get(ws)?.();
        else if (text.includes('"phx_reply"') && text.includes('"ok"')) resolve();
      });
      const join = ['1', '1', 'realtime:notes', 'phx_join', { config: { postgres_changes: [{ event: '*', schema: 'public', table: 'notes', filter: `user_id=eq.${account.userId}` }] }, access_token: account.accessToken }];
      ws.once('open', () => ws.send(JSON.stringify(join)));
    });
    sockets.push(ws);
  }
  return {
    sockets,
    nextEvent: () => Promise.all(sockets.map((ws) => new Promise<void>((resolve) => waiting.set(ws, resolve)))).then(() => undefined),
  };
}

/**
 * 1,000 sockets of one user on one server (direct, no nginx): the server's memory per socket, and one
 * write until all have its event, in rounds interleaved with the same write to a user with one socket
 * (the floor: the write, the NOTIFY and one delivery). Wall time and the server's CPU time per round.
 */
async function thousandSockets(cluster: Cluster): Promise<BenchRow[]> {
  const server = cluster.servers[0]!;
  const endpoint = (account: Account) => `${server.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${account.anonKey}&vsn=2.0.0`;
  const many = await signUp(server.url);
  const one = await signUp(server.url);
  const single = await openSockets(endpoint(one), one, 1);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const before = residentKiB(server.pid);
  const crowd = await openSockets(endpoint(many), many, SOCKETS);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const after = residentKiB(server.pid);
  const wall = { many: [] as number[], one: [] as number[] };
  const cpu = { many: 0, one: 0 };
  const rounds = 9;
  const ids = { many: randomUUID(), one: randomUUID() };
  for (let round = 0; round < rounds; round++) {
    for (const kind of ['one', 'many'] as const) {
      const account = kind === 'one' ? one : many;
      const listener = kind === 'one' ? single : crowd;
      const all = listener.nextEvent();
      const cpuBefore = cpuMs(server.pid);
      const began = performance.now();
      await writeNote(server.url, account, { id: ids[kind], title: `Fan-out ${round}` });
      await all;
      wall[kind].push(performance.now() - began);
      await new Promise((resolve) => setTimeout(resolve, 200));
      cpu[kind] += cpuMs(server.pid) - cpuBefore;
    }
  }
  for (const ws of [...crowd.sockets, ...single.sockets]) ws.close();
  const m = summarize(wall.many);
  const o = summarize(wall.one);
  const round1 = (n: number) => Math.round(n * 10) / 10;
  return [
    { name: `Memory per open socket (server RSS, ${SOCKETS} sockets)`, value: round1((after - before) / SOCKETS), unit: 'KiB', goal: '' },
    { name: `Write until all ${SOCKETS} sockets have the event: median wall`, value: m.median, unit: 'ms', goal: '< 100 ms' },
    { name: `  the same with 1 socket (floor: write, NOTIFY, one delivery): median wall`, value: o.median, unit: 'ms', goal: '' },
    { name: `  fan-out beyond the floor (median ${SOCKETS} - median 1)`, value: round1(m.median - o.median), unit: 'ms', goal: '< 100 ms' },
    { name: `  server CPU per round, ${SOCKETS} sockets`, value: round1(cpu.many / rounds), unit: 'ms', goal: '' },
    { name: `  server CPU per round, 1 socket`, value: round1(cpu.one / rounds), unit: 'ms', goal: '' },
  ];
}

/** Requests per second of a notes mix (list 50, upsert one) with 16 clients for `ms`, and the servers' CPU per request. */
async function throughput(url: string, pids: number[], accounts: Account[], ms: number): Promise<{ rate: number; cpuPerRequest: number }> {
  let done = 0;
  const cpuBefore = pids.reduce((sum, pid) => sum + cpuMs(pid), 0);
  const deadline = performance.now() + ms;
  await Promise.all(
    Array.from({ length: 16 }, async (_, i) => {
      const account = accounts[i % accounts.length]!;
      for (let n = 0; performance.now() < deadline; n++) {
        if (n % 2 === 0) {
          const response = await fetch(`${url}/rest/v1/notes?select=*&order=revision.desc&limit=50`, { headers: headers(account) });
          await response.arrayBuffer();
        } else {
          await writeNote(url, account, { id: randomUUID(), title: `Load ${n}` });
        }
        done += 1;
      }
    }),
  );
  const cpu = pids.reduce((sum, pid) => sum + cpuMs(pid), 0) - cpuBefore;
  return { rate: done / (ms / 1000), cpuPerRequest: cpu / Math.max(done, 1) };
}

async function scaling(cluster: Cluster): Promise<BenchRow[]> {
  const ports = cluster.servers.map((s) => s.port);
  const pids = cluster.servers.map((s) => s.pid);
  const fronts = [
    { nginx: startNginx({ dir: cluster.dir, port: BASE_PORT + 4, upstreams: ports.slice(0, 1) }), pids: pids.slice(0, 1) },
    { nginx: startNginx({ dir: cluster.dir, port: BASE_PORT + 5, upstreams: ports.slice(0, 2) }), pids: pids.slice(0, 2) },
    { nginx: { url: cluster.url, ready: async () => undefined, stop: async () => undefined }, pids },
  ];
  try {
    await Promise.all(fronts.map((f) => f.nginx.ready()));
    const accounts = await Promise.all(Array.from({ length: 4 }, () => signUp(cluster.url)));
    const results = fronts.map(() => ({ rates: [] as number[], cpu: [] as number[] }));
    for (let round = 0; round < 3; round++) {
      for (const [i, front] of fronts.entries()) {
        const { rate, cpuPerRequest } = await throughput(front.nginx.url, front.pids, accounts, 4000);
        results[i]!.rates.push(rate);
        results[i]!.cpu.push(cpuPerRequest);
      }
    }
    const medians = results.map((r) => summarize(r.rates).median);
    return results.flatMap((r, i) => [
      { name: `Notes API through nginx, ${i + 1} server${i ? 's' : ''} (16 clients, list 50 / upsert mix)`, value: Math.round(medians[i]!), unit: 'req/s', goal: '' },
      { name: `  servers' CPU per request`, value: summarize(r.cpu).median, unit: 'ms', goal: '' },
      ...(i ? [{ name: `  throughput ratio to 1 server`, value: Math.round((medians[i]! / medians[0]!) * 100) / 100, unit: '×', goal: 'bound by the machine (2 cores shared with load and browser)' }] : []),
    ]);
  } finally {
    await Promise.all(fronts.map((f) => f.nginx.stop()));
  }
}

export async function realtime(): Promise<BenchRow[]> {
  const cluster = await startCluster({
    servers: 3,
    port: BASE_PORT,
    env: {
      RATE_LIMIT_SIGNUP: '100000',
      RATE_LIMIT_TOKEN: '100000',
      RATE_LIMIT_TOKEN_REFRESH: '100000',
      REALTIME_MAX_SOCKETS_PER_USER: String(SOCKETS),
    },
  });
  // The device-to-device figure asks for two servers: the third leaves nginx's rotation for it.
  const two = startNginx({ dir: cluster.dir, port: BASE_PORT + 6, upstreams: cluster.servers.slice(0, 2).map((s) => s.port) });
  try {
    await two.ready();
    return [
      ...(await deviceToDevice({ ...cluster, url: two.url })),
      ...(await thousandSockets(cluster)),
      ...(await scaling(cluster)),
    ];
  } finally {
    await two.stop();
    await cluster.close();
  }
}

export default realtime;

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rows = await realtime();
  for (const row of rows) console.info(`${row.name}: ${row.value} ${row.unit}${row.goal ? ` (goal: ${row.goal})` : ''}`);
}
