// Measures the notes API under load beside its floors, in one process: the database and the app here,
// the HTTP load in a worker thread (http-load-worker.ts), the floors on this thread with nothing else
// running. Interleaved rounds; prints medians and spreads as JSON lines.
//   node --import tsx bench/investigations/measure-server.ts [pglite|pglite-inline|postgres] [rounds] [seconds] [connections]
// pglite-inline runs PGlite on the request thread (as before the worker), to compare.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { randomBytes } from 'node:crypto';
import { Kysely } from 'kysely';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { loadConfig } from '../../server/src/config';
import { openDatabase, type Database } from '../../server/src/db/database';
import { listenOnPGlite } from '../../server/src/db/change-feed';
import { migrate } from '../../server/src/db/migrate';
import { SerialPGliteDialect } from '../../server/src/db/pglite-driver';
import type { DB } from '../../server/src/db/schema';
import { createServer } from '../../server/src/app';
import { inProcessInsertLoop, inProcessUpdateLoop, rawSelectLoop, seedNotes, type LoadResult } from './server-floors';
import type { LoadJob } from './http-load-worker';

const [mode = 'pglite', roundsArg = '3', secondsArg = '5', connectionsArg = '50'] = process.argv.slice(2);
const rounds = Number(roundsArg);
const durationMs = Number(secondsArg) * 1000;
const concurrency = Number(connectionsArg);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sprout-measure-'));

async function inlinePGlite(dir: string): Promise<Database> {
  const pglite = new PGlite(dir, { parsers: { 20: (v: string) => Number(v) } });
  await pglite.waitReady;
  await migrate({ query: (s, p) => pglite.query(s, p), exec: async (s) => void (await pglite.exec(s)) });
  await pglite.exec("SET TimeZone = 'UTC'");
  const serial = {
    get closed() {
      return pglite.closed;
    },
    query: (s: string, p: readonly unknown[]) => pglite.query(s, [...p], { rowMode: 'object' }),
    close: () => pglite.close(),
  };
  const db = new Kysely<DB>({ dialect: new SerialPGliteDialect(serial) });
  return { kind: 'pglite', db, listenChanges: (listener) => listenOnPGlite(pglite, listener), close: () => db.destroy() };
}

async function open(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (mode === 'postgres') {
    const admin = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const name = `sprout_measure_${randomBytes(4).toString('hex')}`;
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
    await client.end();
    const url = new URL(admin);
    url.pathname = `/${name}`;
    const database = await openDatabase({ kind: 'postgres', url: url.toString() });
    return {
      database,
      drop: async () => {
        const c = new pg.Client({ connectionString: admin });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      },
    };
  }
  if (mode === 'pglite-inline') return { database: await inlinePGlite(path.join(dataDir, 'pglite')), drop: async () => undefined };
  return { database: await openDatabase({ kind: 'pglite', dataDir }), drop: async () => undefined };
}

function runLoad(job: LoadJob): Promise<{ result: LoadResult; probes: number[] }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./http-load-worker.ts', import.meta.url), { workerData: job, execArgv: ['--import', 'tsx'] });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const spread = (values: number[]) => `${Math.round(Math.min(...values))}-${Math.round(Math.max(...values))}`;

const { database, drop } = await open();
const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: randomBytes(32).toString('hex'), STATIC_DIR: path.join(dataDir, 'none') });
// Default logging (info, one line per request), written where npm start would write it, minus the terminal.
const logStream = fs.createWriteStream('/dev/null');
const { app, ctx } = await createServer(config, database, { logger: { level: 'info', stream: logStream } });
await app.listen({ port: Number(process.env.MEASURE_PORT ?? 4403), host: '127.0.0.1' });
const url = `http://127.0.0.1:${Number(process.env.MEASURE_PORT ?? 4403)}`;
const signup = await fetch(`${url}/auth/v1/signup`, {
  method: 'POST',
  headers: { apikey: ctx.anonKey, 'content-type': 'application/json' },
  body: JSON.stringify({ email: `bench-${Date.now()}@example.com`, password: 'correct horse battery staple' }),
});
const session = (await signup.json()) as { access_token: string; user: { id: string } };
const userId = session.user.id;
const ids = await seedNotes(database.db, userId, 100);

const job = (kind: LoadJob['kind'], probe = false, connections = concurrency): LoadJob => ({
  url,
  concurrency: connections,
  durationMs,
  timeoutMs: 10_000,
  kind,
  token: session.access_token,
  anonKey: ctx.anonKey,
  userId,
  ids,
  probe,
});

const figures: Record<string, { perSecond: number[]; p99: number[]; timeouts: number[]; errors: number[] }> = {};
const record = (name: string, result: LoadResult) => {
  const entry = (figures[name] ??= { perSecond: [], p99: [], timeouts: [], errors: [] });
  entry.perSecond.push(result.perSecond);
  entry.p99.push(result.p99Ms);
  entry.timeouts.push(result.timeouts);
  entry.errors.push(result.errors);
};
const probeWaits: number[] = [];

for (let round = 0; round < rounds; round++) {
  record('select floor', await rawSelectLoop(database.db, userId, { concurrency, durationMs }));
  const get = await runLoad(job('get', true));
  record('GET 100 notes', get.result);
  probeWaits.push(...get.probes);
  // The updates target the seeded notes only, so the read above always reads the same 100.
  record('update floor', await inProcessUpdateLoop(database.db, userId, ids, { concurrency, durationMs }));
  record('PATCH a note', (await runLoad(job('patch'))).result);
  record('insert floor', await inProcessInsertLoop(database.db, userId, { concurrency, durationMs }));
  record('POST a note', (await runLoad(job('post'))).result);
}
if (process.env.MEASURE_USERS) {
  const heavy = await runLoad(job('get', true, Number(process.env.MEASURE_USERS)));
  record(`GET with ${process.env.MEASURE_USERS} connections`, heavy.result);
  console.log(JSON.stringify({ heavyProbeMs: { median: Math.round(median(heavy.probes)), max: Math.round(Math.max(...heavy.probes)) } }));
}

const summary = Object.fromEntries(
  Object.entries(figures).map(([name, f]) => [
    name,
    { perSecond: Math.round(median(f.perSecond)), spread: spread(f.perSecond), p99Ms: Math.round(median(f.p99)), timeouts: f.timeouts.reduce((a, b) => a + b, 0), errors: f.errors.reduce((a, b) => a + b, 0) },
  ]),
);
const ratio = (a: string, b: string) => Number(((summary[a]?.perSecond ?? 0) / (summary[b]?.perSecond ?? 1)).toFixed(2));
console.log(JSON.stringify({ mode, rounds, seconds: durationMs / 1000, connections: concurrency, rssMiB: Math.round(process.memoryUsage().rss / 1048576), summary }, null, 1));
console.log(JSON.stringify({ ratios: { get: ratio('GET 100 notes', 'select floor'), patch: ratio('PATCH a note', 'update floor'), post: ratio('POST a note', 'insert floor') }, healthProbeMs: { median: Math.round(median(probeWaits)), max: Math.round(Math.max(...probeWaits)) } }));
await app.close();
await database.close();
await drop();
fs.rmSync(dataDir, { recursive: true, force: true });
