// 200 users at once (issue 14, item 5), on the embedded database and on PostgreSQL: each user signs in
// and then works like a client (list, insert, update, list, one request at a time), while a health
// probe opens a fresh TCP connection every 250 ms. The review found new connections waiting 22-41 s in
// the accept queue on PGlite and requests left without an answer in 30 s. Floors in the same rounds:
// bare Fastify answering the same requests with Sprout's own bytes under the same 200 users, and the
// probe against the same Sprout at rest.
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { NoteWritable } from '#core/note';
import type { BenchGroup, GroupOptions } from '../lib/group';
import { postgresTarget } from '../lib/databases';
import { freePort, sleep, spawnUntilAnswer, stop } from '../lib/processes';
import { interleave, quantile, toRow, type Row } from '../lib/row';
import { settings } from '../lib/settings';
import { root, startSprout, tempDir, type SproutServer } from '../lib/sprout';
import { probeHealth, type LoadUser, type UserLoadJob, type UserLoadResult } from '../lib/user-load';

const USERS = Number(process.env.BENCH_USERS) || 200;
const TIMEOUT_MS = 30_000;
const IDLE_PROBE_MS = 5_000;
const DEFAULTS = { rounds: 3, seconds: 20 };

type Kind = 'PGlite' | 'PostgreSQL';

/** The limits a person never meets but 200 users from one address do; the limits are not what is measured. */
const LIMITS = {
  RATE_LIMIT_SIGNUP: '100000',
  RATE_LIMIT_TOKEN: '100000',
  RATE_LIMIT_WRITE: '1000000',
};

async function signUpAll(url: string, anonKey: string, count: number): Promise<LoadUser[]> {
  const users: LoadUser[] = [];
  const queue = Array.from({ length: count }, (_, i) => i);
  // A few at a time: each sign-up is an Argon2id hash.
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let i = queue.shift(); i !== undefined; i = queue.shift()) {
        const user = { email: `load-${i}-${crypto.randomUUID()}@example.com`, password: `pw-${crypto.randomUUID()}` };
        const response = await fetch(`${url}/auth/v1/signup`, {
          method: 'POST',
          headers: { apikey: anonKey, 'Content-Type': 'application/json' },
          body: JSON.stringify(user),
        });
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`sign-up failed: ${response.status}`);
        users.push(user);
      }
    }),
  );
  return users;
}

/** What Sprout answers a sign-in, a list and an insert with: the bare floor sends these bytes. */
async function captureBodies(url: string, anonKey: string, user: LoadUser): Promise<string> {
  const dir = tempDir('bodies');
  const json = { apikey: anonKey, 'Content-Type': 'application/json' };
  const token = await fetch(`${url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify(user),
  });
  const tokenBody = await token.text();
  fs.writeFileSync(path.join(dir, 'token.json'), tokenBody);
  const session = JSON.parse(tokenBody) as { access_token: string; user: { id: string } };
  const auth = { apikey: anonKey, Authorization: `Bearer ${session.access_token}` };
  const now = new Date().toISOString();
  const note = await fetch(`${url}/rest/v1/notes`, {
    method: 'POST',
    headers: { ...auth, 'Content-Type': 'application/json', Prefer: 'return=representation' },
    body: JSON.stringify({
      id: crypto.randomUUID(),
      user_id: session.user.id,
      title: 'Captured',
      content: 'A short paragraph.',
      created_at: now,
      updated_at: now,
      last_mutation_id: crypto.randomUUID(),
    } satisfies Partial<NoteWritable>),
  });
  fs.writeFileSync(path.join(dir, 'note.json'), await note.text());
  const list = await fetch(`${url}/rest/v1/notes?select=*&deleted_at=is.null&order=updated_at.desc&limit=50`, {
    headers: auth,
  });
  fs.writeFileSync(path.join(dir, 'list.json'), await list.text());
  return dir;
}

function runInWorker(job: UserLoadJob): Promise<UserLoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('../lib/user-load-worker.ts', import.meta.url), {
      workerData: job,
      execArgv: ['--import', 'tsx'],
    });
    worker.once('message', (result: UserLoadResult) => resolve(result));
    worker.once('error', reject);
    worker.once('exit', (code) => code !== 0 && reject(new Error(`load worker exited with ${code}`)));
  });
}

interface Step {
  load: UserLoadResult;
  probeMax: number;
  probeP50: number;
}

/** The load in a worker thread, the probe on this thread, until the load ends. */
async function loadWithProbe(url: string, anonKey: string, users: LoadUser[], seconds: number): Promise<Step> {
  let loading = true;
  const load = runInWorker({ url, anonKey, users, durationMs: seconds * 1000, timeoutMs: TIMEOUT_MS }).finally(
    () => (loading = false),
  );
  const waits: number[] = [];
  const probing = (async () => {
    // The probe keeps going while requests are still in flight after the deadline.
    while (loading) waits.push(...(await probeHealth(url, performance.now() + 1)));
  })();
  const [result] = await Promise.all([load, probing]);
  return { load: result, probeMax: Math.max(...waits), probeP50: quantile(waits, 0.5) };
}

async function measure(kind: Kind, server: SproutServer, options: GroupOptions): Promise<Row[]> {
  const { rounds, seconds } = settings(options.smoke, DEFAULTS);
  const { anonKey } = (await (await fetch(`${server.url}/api/config`)).json()) as { anonKey: string };
  options.log(`${kind}: signing up ${USERS} users`);
  const users = await signUpAll(server.url, anonKey, USERS);
  const bodies = await captureBodies(server.url, anonKey, users[0]!);
  const port = await freePort();
  const bareUrl = `http://127.0.0.1:${port}`;
  const bare = await spawnUntilAnswer(
    ['bench/floors/bare-api.mjs'],
    { ...process.env, PORT: String(port), BODY_DIR: bodies },
    `${bareUrl}/api/health`,
    root,
  );
  const sprout: Step[] = [];
  const floor: Step[] = [];
  const idle: { max: number; p50: number }[] = [];
  try {
    options.log(`${kind}: ${rounds} rounds of ${seconds} s, ${USERS} users, beside bare Fastify and an idle probe`);
    await interleave(rounds, {
      sprout: async () => (sprout.push(await loadWithProbe(server.url, anonKey, users, seconds)), 0),
      bare: async () => (floor.push(await loadWithProbe(bareUrl, anonKey, users, seconds)), 0),
      idle: async () => {
        await sleep(1000);
        const waits = await probeHealth(server.url, performance.now() + IDLE_PROBE_MS);
        idle.push({ max: Math.max(...waits), p50: quantile(waits, 0.5) });
        return 0;
      },
    });
  } finally {
    await stop(bare.child);
    fs.rmSync(bodies, { recursive: true, force: true });
  }
  const label = `${USERS} users, ${kind}`;
  return [
    toRow({
      name: `${label}: throughput (sign-in, then list / insert / update)`,
      unit: 'req/s',
      values: sprout.map((s) => s.load.rps),
      floorName: 'bare Fastify sending the same bytes, same users',
      floorValues: floor.map((s) => s.load.rps),
      better: 'higher',
    }),
    toRow({
      name: `${label}: list / insert / update, p50`,
      unit: 'ms',
      values: sprout.map((s) => s.load.p50),
      floorName: 'bare Fastify p50',
      floorValues: floor.map((s) => s.load.p50),
      better: 'lower',
    }),
    toRow({
      name: `${label}: list / insert / update, p99`,
      unit: 'ms',
      values: sprout.map((s) => s.load.p99),
      floorName: 'bare Fastify p99',
      floorValues: floor.map((s) => s.load.p99),
      better: 'lower',
    }),
    // No floor: a sign-in's cost is the Argon2id verification, which bare Fastify does not do.
    toRow({
      name: `${label}: sign-in (all ${USERS} at the start of the round), p50`,
      unit: 'ms',
      values: sprout.map((s) => s.load.signInP50),
      better: 'lower',
    }),
    toRow({ name: `${label}: sign-in, p99`, unit: 'ms', values: sprout.map((s) => s.load.signInP99), better: 'lower' }),
    toRow({
      name: `${label}: requests without an answer in 30 s, per round`,
      unit: 'requests',
      values: sprout.map((s) => s.load.unanswered),
      floorName: 'bare Fastify',
      floorValues: floor.map((s) => s.load.unanswered),
      better: 'lower',
      goal: '0',
      meets: (v) => v === 0,
    }),
    toRow({
      name: `${label}: errors (non-2xx or connection), per round`,
      unit: 'requests',
      values: sprout.map((s) => s.load.errors),
      floorName: 'bare Fastify',
      floorValues: floor.map((s) => s.load.errors),
      better: 'lower',
      goal: '0',
      meets: (v) => v === 0,
    }),
    toRow({
      name: `${label}: health probe on a fresh TCP connection during the load, longest wait`,
      unit: 'ms',
      values: sprout.map((s) => s.probeMax),
      floorName: 'the same probe, the server at rest',
      floorValues: idle.map((s) => s.max),
      better: 'lower',
      goal: '< 1.5 s (PostgreSQL drained in 1.5 s; PGlite waited 22-41 s)',
      meets: (v) => v < 1500,
    }),
    toRow({
      name: `${label}: health probe during the load, p50`,
      unit: 'ms',
      values: sprout.map((s) => s.probeP50),
      floorName: 'the same probe, the server at rest, p50',
      floorValues: idle.map((s) => s.p50),
      better: 'lower',
    }),
  ];
}

async function onPglite(options: GroupOptions): Promise<Row[]> {
  const server = await startSprout({ env: LIMITS });
  try {
    return await measure('PGlite', server, options);
  } finally {
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
}

async function onPostgres(options: GroupOptions): Promise<Row[]> {
  const target = await postgresTarget(options.log);
  if (!target) return [];
  const server = await startSprout({ databaseUrl: target.url, env: LIMITS });
  try {
    return await measure('PostgreSQL', server, options);
  } finally {
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
    await target.release();
  }
}

export const group: BenchGroup = {
  name: 'load200',
  title: '200 users at once',
  order: 25,
  smoke: false,
  method:
    `${USERS} users signed up beforehand; each round every user signs in (password grant) and then, one request at a time on its own ` +
    `keep-alive connection, cycles list 50 / insert one / update one of its own / list 50, for ${settings(false, DEFAULTS).seconds} s (requests started before the end may ` +
    'run on: a request with no answer in 30 s counts as unanswered). The load runs in a worker thread of the bench; on its main thread a ' +
    'health probe opens a fresh TCP connection to /api/health every 250 ms until the load ends. Against `node scripts/start.mjs` on a ' +
    'temporary file-backed DATA_DIR (PGlite), and on PostgreSQL. Floors in interleaved rounds: bare Fastify (bench/floors/bare-api.mjs) ' +
    "answering the same requests with Sprout's own captured bytes under the same users, and the probe against the same server at rest. " +
    'The sign-up, sign-in and write rate limits are raised (200 users share one address here). Latencies count 2xx answers only; throughput counts sign-ins too.',
  run: async (options) => [...(await onPglite(options)), ...(await onPostgres(options))],
};
