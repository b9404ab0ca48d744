// Realtime and several servers (issue 13), on the production shape of test/kit/cluster.ts: three
// Sprout servers on one PostgreSQL behind nginx.
// - device to device: a note saved on device A (supabase-js through nginx) until its card shows on
//   device B (Chromium through nginx), two servers; floor: a NOTIFY -> LISTEN round trip on the same
//   PostgreSQL (the hop every event takes), and the save's own acknowledgement;
// - 1,000 sockets on one server: memory per socket, and a write until all 1,000 have its event; floor:
//   a bare `ws` server sent the same frame over HTTP and broadcasting it to 1,000 clients held by the
//   same bench process (so both carry the load generator's cost), and Sprout with one socket;
// - the notes API through nginx in front of 1, 2 and 3 servers; floor: one server, and one server
//   without nginx.
// The load generator, the browser and every server share this machine's cores: the scaling ratios say
// how far the servers scale here, not on a machine with a core per server.
import { randomUUID } from 'node:crypto';
import { chromium } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import { chromiumArgs, chromiumExecutable } from '../../test/kit/browser';
import { startCluster, startNginx, type Cluster } from '../../test/kit/cluster';
import { mainThreadCpuMs } from '../lib/cpu';
import type { BenchGroup, GroupOptions } from '../lib/group';
import { notesJoin, openSockets, type SocketCrowd } from '../lib/phoenix-sockets';
import { freePort, settledRssMiB, sleep, spawnUntilAnswer, stop } from '../lib/processes';
import { interleave, quantile, toRow, type Row } from '../lib/row';
import { settings } from '../lib/settings';
import { root, signUp, type BenchUser } from '../lib/sprout';

const SOCKETS = Number(process.env.BENCH_SOCKETS) || 1000;
const EDITS_PER_ROUND = 20;
const FANOUT_ROUNDS = 9;
const API_CLIENTS = 16;

async function writeNote(url: string, user: BenchUser, note: { id: string; title: string }): Promise<void> {
  const response = await fetch(`${url}/rest/v1/notes?on_conflict=id`, {
    method: 'POST',
    headers: {
      ...user.headers,
      'Content-Type': 'application/json',
      Prefer: 'return=minimal,resolution=merge-duplicates',
    },
    body: JSON.stringify({ ...note, user_id: user.userId, content: 'bench' }),
  });
  await response.arrayBuffer();
  if (response.status !== 201) throw new Error(`write failed: ${response.status}`);
}

/** One NOTIFY on one connection until another connection LISTENing on the same PostgreSQL has it. */
async function notifyRoundTrips(databaseUrl: string, count: number): Promise<number[]> {
  const listener = new pg.Client({ connectionString: databaseUrl });
  const sender = new pg.Client({ connectionString: databaseUrl });
  await Promise.all([listener.connect(), sender.connect()]);
  try {
    await listener.query('LISTEN bench_floor');
    const times: number[] = [];
    for (let i = 0; i < count; i++) {
      const heard = new Promise<void>((resolve) => listener.once('notification', () => resolve()));
      const began = performance.now();
      await sender.query(`NOTIFY bench_floor, '${i}'`);
      await heard;
      times.push(performance.now() - began);
      await sleep(50);
    }
    return times;
  } finally {
    await Promise.all([listener.end(), sender.end()]);
  }
}

interface DeviceSamples {
  p50: number[];
  p95: number[];
  ack: number[];
  notifyP50: number[];
  notifyP95: number[];
}

/** Saved on A (the write acknowledged) until the card shows on B, in a real browser; rounds of 20 edits beside 20 NOTIFYs. */
async function deviceToDevice(
  url: string,
  databaseUrl: string,
  rounds: number,
  log: (m: string) => void,
): Promise<DeviceSamples> {
  const user = await signUp(url);
  const session = user.session as { access_token: string; refresh_token: string };
  const a = createClient(url, user.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
  await a.auth.setSession({ access_token: session.access_token, refresh_token: session.refresh_token });
  const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: chromiumArgs });
  const samples: DeviceSamples = { p50: [], p95: [], ack: [], notifyP50: [], notifyP95: [] };
  try {
    const context = await browser.newContext({ baseURL: url, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
      'sb-127-auth-token',
      JSON.stringify(user.session),
    ] as const);
    await page.goto('/');
    await page.getByRole('main').waitFor();
    const id = randomUUID();
    const first = await a.from('notes').upsert({ id, user_id: user.userId, title: 'Round 0', content: 'x' });
    if (first.error) throw new Error(first.error.message);
    await page.getByRole('article', { name: 'Round 0', exact: true }).waitFor({ timeout: 60_000 });
    let edit = 0;
    log(`device to device: ${rounds} rounds of ${EDITS_PER_ROUND} edits beside ${EDITS_PER_ROUND} NOTIFYs`);
    await interleave(rounds, {
      edits: async () => {
        const latencies: number[] = [];
        const acks: number[] = [];
        for (let i = 0; i < EDITS_PER_ROUND; i++) {
          const title = `Edit ${++edit}`;
          // The page reports the moment the card shows (same machine, same clock).
          const shown = page.waitForFunction(
            (t) =>
              [...document.querySelectorAll('article h2')].some((el) => el.textContent === t) ? Date.now() : false,
            title,
            { polling: 'raf', timeout: 60_000 },
          );
          const began = Date.now();
          const { error } = await a.from('notes').update({ title }).eq('id', id);
          if (error) throw new Error(error.message);
          const saved = Date.now();
          latencies.push(((await (await shown).jsonValue()) as number) - saved);
          acks.push(saved - began);
          await sleep(200);
        }
        samples.p50.push(quantile(latencies, 0.5));
        samples.p95.push(quantile(latencies, 0.95));
        samples.ack.push(quantile(acks, 0.5));
        return 0;
      },
      notify: async () => {
        const times = await notifyRoundTrips(databaseUrl, EDITS_PER_ROUND);
        samples.notifyP50.push(quantile(times, 0.5));
        samples.notifyP95.push(quantile(times, 0.95));
        return 0;
      },
    });
  } finally {
    await browser.close();
  }
  return samples;
}

/** 1,000 sockets on Sprout's first server and on the bare `ws` floor: memory per socket, write-to-all in interleaved rounds. */
async function fanOut(cluster: Cluster, log: (m: string) => void): Promise<Row[]> {
  const server = cluster.servers[0]!;
  const port = await freePort();
  const floorUrl = `http://127.0.0.1:${port}`;
  const floor = await spawnUntilAnswer(
    ['bench/floors/ws-broadcast.mjs'],
    { ...process.env, PORT: String(port) },
    `${floorUrl}/api/health`,
    root,
  );
  const crowds: SocketCrowd[] = [];
  try {
    const many = await signUp(server.url);
    const one = await signUp(server.url);
    const endpoint = (base: string, user: BenchUser) =>
      `${base.replace('http', 'ws')}/realtime/v1/websocket?apikey=${user.anonKey}&vsn=2.0.0`;
    const single = await openSockets(endpoint(server.url, one), notesJoin(one.userId, one.token), 1);
    crowds.push(single);

    log(`fan-out: opening ${SOCKETS} sockets on Sprout and on the bare ws floor`);
    const sproutBefore = await settledRssMiB(server.pid, 1000);
    const crowd = await openSockets(endpoint(server.url, many), notesJoin(many.userId, many.token), SOCKETS);
    crowds.push(crowd);
    const sproutAfter = await settledRssMiB(server.pid, 1000);
    const floorBefore = await settledRssMiB(floor.child.pid!, 1000);
    const floorCrowd = await openSockets(endpoint(floorUrl, many), notesJoin(many.userId, many.token), SOCKETS);
    crowds.push(floorCrowd);
    const floorAfter = await settledRssMiB(floor.child.pid!, 1000);

    // The floor sends the very bytes Sprout sent for the same kind of change.
    const ids = { many: randomUUID(), one: randomUUID() };
    const captured = new Promise<string>((resolve) =>
      single.sockets[0]!.once('message', (data) => resolve(String(data))),
    );
    await writeNote(server.url, one, { id: ids.one, title: 'Warm-up' });
    const frame = await captured;

    const cpu = { sprout: [] as number[], bare: [] as number[] };
    const timed = async (
      crowdOf: SocketCrowd,
      send: () => Promise<void>,
      cpuOf?: { pid: number; samples: number[] },
    ) => {
      const all = crowdOf.nextEvent();
      const cpuBefore = cpuOf ? mainThreadCpuMs(cpuOf.pid) : 0;
      const began = performance.now();
      await send();
      await all;
      const ms = performance.now() - began;
      if (cpuOf) cpuOf.samples.push(mainThreadCpuMs(cpuOf.pid) - cpuBefore);
      await sleep(200);
      return ms;
    };
    let n = 0;
    // One warm-up of each, not counted.
    await timed(crowd, () => writeNote(server.url, many, { id: ids.many, title: 'Warm-up' }));
    await timed(floorCrowd, () => broadcast(floorUrl, frame));
    log(`fan-out: ${FANOUT_ROUNDS} interleaved rounds`);
    const samples = await interleave(FANOUT_ROUNDS, {
      sprout: () =>
        timed(crowd, () => writeNote(server.url, many, { id: ids.many, title: `Fan-out ${++n}` }), {
          pid: server.pid,
          samples: cpu.sprout,
        }),
      bare: () => timed(floorCrowd, () => broadcast(floorUrl, frame), { pid: floor.child.pid!, samples: cpu.bare }),
      single: () => timed(single, () => writeNote(server.url, one, { id: ids.one, title: `Fan-out ${++n}` })),
    });
    const kib = (after: number, before: number) => ((after - before) * 1024) / SOCKETS;
    return [
      toRow({
        name: `Memory per open socket (server RSS, ${SOCKETS.toLocaleString('en-US')} sockets of one user)`,
        unit: 'KiB',
        values: [kib(sproutAfter, sproutBefore)],
        floorName: 'bare ws server, the same clients',
        floorValues: [kib(floorAfter, floorBefore)],
        better: 'lower',
      }),
      toRow({
        name: `Write until all ${SOCKETS.toLocaleString('en-US')} sockets have the event`,
        unit: 'ms',
        values: samples.sprout,
        floorName: `bare ws: POST of the frame until all ${SOCKETS.toLocaleString('en-US')} have it`,
        floorValues: samples.bare,
        better: 'lower',
        goal: '< 100 ms',
        meets: (v) => v < 100,
      }),
      toRow({
        name: `Server main thread's CPU time per write fanned out to ${SOCKETS.toLocaleString('en-US')} sockets (the write included)`,
        unit: 'ms',
        values: cpu.sprout,
        floorName: "bare ws server's main thread per broadcast",
        floorValues: cpu.bare,
        better: 'lower',
      }),
      toRow({
        name: `Write until all ${SOCKETS.toLocaleString('en-US')} sockets have the event, beside one socket`,
        unit: 'ms',
        values: samples.sprout,
        floorName: 'the same write to a user with 1 socket (write, NOTIFY, read, one send)',
        floorValues: samples.single,
        better: 'lower',
      }),
    ];
  } finally {
    for (const c of crowds) c.close();
    await stop(floor.child);
  }
}

async function broadcast(url: string, frame: string): Promise<void> {
  const response = await fetch(`${url}/broadcast`, { method: 'POST', body: frame });
  await response.arrayBuffer();
}

/** Requests per second of a notes mix (list 50, upsert one) from API_CLIENTS clients for `seconds`. */
async function throughput(url: string, users: BenchUser[], seconds: number): Promise<number> {
  let done = 0;
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: API_CLIENTS }, async (_, i) => {
      const user = users[i % users.length]!;
      for (let n = i; performance.now() < deadline; n++) {
        if (n % 2 === 0) {
          const response = await fetch(`${url}/rest/v1/notes?select=*&order=revision.desc&limit=50`, {
            headers: user.headers,
          });
          await response.arrayBuffer();
          if (!response.ok) throw new Error(`list failed: ${response.status}`);
        } else {
          await writeNote(url, user, { id: randomUUID(), title: `Load ${n}` });
        }
        done += 1;
      }
    }),
  );
  return done / seconds;
}

async function scaling(cluster: Cluster, options: GroupOptions): Promise<Row[]> {
  const { rounds, seconds } = settings(options.smoke);
  const ports = cluster.servers.map((s) => s.port);
  const one = startNginx({ dir: cluster.dir, port: await freePort(), upstreams: ports.slice(0, 1) });
  const two = startNginx({ dir: cluster.dir, port: await freePort(), upstreams: ports.slice(0, 2) });
  try {
    await Promise.all([one.ready(), two.ready()]);
    const users = await Promise.all(Array.from({ length: 4 }, () => signUp(cluster.url)));
    await throughput(cluster.url, users, 1);
    options.log(`API scaling: ${rounds} rounds of ${seconds} s for direct, 1, 2 and 3 servers`);
    const samples = await interleave(rounds, {
      direct: () => throughput(cluster.servers[0]!.url, users, seconds),
      one: () => throughput(one.url, users, seconds),
      two: () => throughput(two.url, users, seconds),
      three: () => throughput(cluster.url, users, seconds),
    });
    const name = `Notes API through nginx (${API_CLIENTS} clients, list 50 / upsert one)`;
    const bound = 'bound by the 2 cores (shared with nginx, PostgreSQL and the load)';
    return [
      toRow({
        name: `${name}, 1 server`,
        unit: 'req/s',
        values: samples.one,
        floorName: 'the same server without nginx',
        floorValues: samples.direct,
        better: 'higher',
      }),
      toRow({
        name: `${name}, 2 servers`,
        unit: 'req/s',
        values: samples.two,
        floorName: '1 server through nginx',
        floorValues: samples.one,
        better: 'higher',
        goal: bound,
      }),
      toRow({
        name: `${name}, 3 servers`,
        unit: 'req/s',
        values: samples.three,
        floorName: '1 server through nginx',
        floorValues: samples.one,
        better: 'higher',
        goal: bound,
      }),
    ];
  } finally {
    await Promise.all([one.stop(), two.stop()]);
  }
}

async function run(options: GroupOptions): Promise<Row[]> {
  const { rounds } = settings(options.smoke);
  const front = await freePort();
  const serverPorts = [await freePort(), await freePort(), await freePort()];
  const cluster = await startCluster({
    servers: 3,
    port: front,
    serverPorts,
    adminUrl: process.env.BENCH_POSTGRES_ADMIN_URL || undefined,
    env: {
      // The bench signs up and writes more than a person would; the limits are not what is measured.
      RATE_LIMIT_SIGNUP: '100000',
      RATE_LIMIT_TOKEN: '100000',
      RATE_LIMIT_TOKEN_REFRESH: '100000',
      RATE_LIMIT_WRITE: '1000000',
      REALTIME_MAX_SOCKETS_PER_USER: String(SOCKETS),
      LOG_LEVEL: '',
    },
  });
  // The device-to-device figure asks for two servers: an nginx in front of the first two.
  const two = startNginx({ dir: cluster.dir, port: await freePort(), upstreams: serverPorts.slice(0, 2) });
  try {
    await two.ready();
    const d = await deviceToDevice(two.url, cluster.databaseUrl, rounds, options.log);
    const rows: Row[] = [
      toRow({
        name: 'Device to device, saved on A (supabase-js) to the card on B (Chromium), 2 servers + nginx: p50',
        unit: 'ms',
        values: d.p50,
        floorName: 'NOTIFY -> LISTEN round trip on the same PostgreSQL, p50',
        floorValues: d.notifyP50,
        better: 'lower',
      }),
      toRow({
        name: 'Device to device, 2 servers + nginx: p95',
        unit: 'ms',
        values: d.p95,
        floorName: 'NOTIFY -> LISTEN round trip, p95',
        floorValues: d.notifyP95,
        better: 'lower',
        goal: 'p95 < 500 ms',
        meets: (v) => v < 500,
      }),
      toRow({
        name: 'Device to device p50, beside the save itself',
        unit: 'ms',
        values: d.p50,
        floorName: "the save's acknowledgement on A (REST through nginx), p50",
        floorValues: d.ack,
        better: 'lower',
      }),
    ];
    await two.stop();
    rows.push(
      ...(await fanOut(cluster, options.log).catch((error: unknown) => {
        // fetch's own message ('fetch failed') names neither the peer nor the reason.
        const { message, cause } = error as Error;
        throw new Error(`fan-out: ${message}${cause ? `: ${String(cause)}` : ''}`, { cause: error });
      })),
    );
    rows.push(...(await scaling(cluster, options)));
    return rows;
  } finally {
    await two.stop();
    await cluster.close();
  }
}

export const group: BenchGroup = {
  name: 'realtime',
  title: 'Realtime and several servers',
  order: 70,
  smoke: false,
  method:
    "Three `node scripts/start.mjs` servers on one PostgreSQL database made for the run, behind nginx (Debian's, loopback, round-robin, " +
    "the WebSocket upgrade: test/kit/cluster.ts, the README's production shape). Device to device: a note updated with supabase-js " +
    `through an nginx in front of two servers, until its card shows in a signed-in Chromium page on the same nginx; ${EDITS_PER_ROUND} edits a ` +
    `round, p50 and p95 of each round, beside ${EDITS_PER_ROUND} NOTIFY -> LISTEN round trips on the same PostgreSQL. Fan-out: ${SOCKETS.toLocaleString('en-US')} raw ` +
    'WebSocket clients in the bench process, joined as realtime-js joins, on the first server directly; one upsert until every socket has its ' +
    `event, ${FANOUT_ROUNDS} rounds interleaved with the floor: a bare \`ws\` server (bench/floors/ws-broadcast.mjs) POSTed Sprout's own frame ` +
    `and broadcasting it to ${SOCKETS.toLocaleString('en-US')} clients held by the same bench process, so both carry the clients' cost. The server main thread's CPU time (/proc schedstat) ` +
    `from the write to the last socket's event, beside the bare server's per broadcast. Memory per socket: the server's RSS before and after opening them. API scaling: ${API_CLIENTS} clients in the bench process alternating a list of 50 and a one-note ` +
    'upsert, through nginx in front of 1, 2 and 3 servers and directly to one, interleaved. Servers, nginx, PostgreSQL, Chromium and the ' +
    "load share the machine's 2 cores, so the scaling ratios show what this machine allows, not a core per server.",
  run,
};
