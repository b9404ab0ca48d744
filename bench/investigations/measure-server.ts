// Measures the notes API under load beside its floors, with a health probe on fresh connections during
// the reads: the server as `npm start` runs it (lib/sprout.ts), the HTTP load in a worker thread
// (http-load-worker.ts), the floors on this thread on the same data (lib/databases.ts: a copy of the
// server's PGlite directory, which one process at a time may hold, or a pool on its PostgreSQL).
// Interleaved rounds; prints medians and spreads as JSON lines.
//   node --import tsx bench/investigations/measure-server.ts [pglite|postgres] [rounds] [seconds] [connections]
import fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import { openPgliteCopy, openPostgres, postgresTarget, type Sql } from '../lib/databases';
import { treeRssMiB } from '../lib/processes';
import { postNotes, signUp, startSprout, type BenchUser, type SproutServer } from '../lib/sprout';
import { inProcessInsertLoop, inProcessUpdateLoop, noteRow, rawSelectLoop, type LoadResult } from './server-floors';
import type { LoadJob } from './http-load-worker';

const [mode = 'pglite', roundsArg = '3', secondsArg = '5', connectionsArg = '50'] = process.argv.slice(2);
if (mode !== 'pglite' && mode !== 'postgres') throw new Error(`unknown mode ${mode}: pglite or postgres`);
const rounds = Number(roundsArg);
const durationMs = Number(secondsArg) * 1000;
const concurrency = Number(connectionsArg);
const log = (message: string) => console.error(`[measure-server] ${message}`);

/** Signs up a user and writes `count` notes through the API; returns the user and the notes' ids. */
async function seed(server: SproutServer, count: number): Promise<{ user: BenchUser; ids: string[] }> {
  const user = await signUp(server.url);
  const rows = Array.from({ length: count }, () => noteRow(user.userId));
  await postNotes(user, rows);
  return { user, ids: rows.map((row) => row.id) };
}

interface Setup {
  server: SproutServer;
  sql: Sql;
  user: BenchUser;
  ids: string[];
  release: () => Promise<void>;
}

async function onPglite(): Promise<Setup> {
  const first = await startSprout();
  const { user, ids } = await seed(first, 100);
  // The floors open a copy of the same data: PGlite holds its directory for one process.
  await first.stop();
  const sql = await openPgliteCopy(first.dataDir);
  const server = await startSprout({ dataDir: first.dataDir });
  return { server, sql, user, ids, release: async () => fs.rmSync(server.dataDir, { recursive: true, force: true }) };
}

async function onPostgres(): Promise<Setup> {
  const target = await postgresTarget(log);
  if (!target) throw new Error('no PostgreSQL to measure on (set BENCH_DATABASE_URL)');
  const server = await startSprout({ databaseUrl: target.url });
  const { user, ids } = await seed(server, 100);
  return {
    server,
    sql: openPostgres(target.url),
    user,
    ids,
    release: async () => {
      fs.rmSync(server.dataDir, { recursive: true, force: true });
      await target.release();
    },
  };
}

function runLoad(job: LoadJob): Promise<{ result: LoadResult; probes: number[] }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./http-load-worker.ts', import.meta.url), {
      workerData: job,
      execArgv: ['--import', 'tsx'],
    });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const spread = (values: number[]) => `${Math.round(Math.min(...values))}-${Math.round(Math.max(...values))}`;

const { server, sql, user, ids, release } = mode === 'postgres' ? await onPostgres() : await onPglite();
try {
  const job = (kind: LoadJob['kind'], probe = false, connections = concurrency): LoadJob => ({
    url: server.url,
    concurrency: connections,
    durationMs,
    timeoutMs: 10_000,
    kind,
    token: user.token,
    anonKey: user.anonKey,
    userId: user.userId,
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
    log(`round ${round + 1} of ${rounds}`);
    record('select floor', await rawSelectLoop(sql, user.userId, { concurrency, durationMs }));
    const get = await runLoad(job('get', true));
    record('GET 100 notes', get.result);
    probeWaits.push(...get.probes);
    // The updates target the seeded notes only, so the read above always reads the same 100.
    record('update floor', await inProcessUpdateLoop(sql, user.userId, ids, { concurrency, durationMs }));
    record('PATCH a note', (await runLoad(job('patch'))).result);
    record('insert floor', await inProcessInsertLoop(sql, user.userId, { concurrency, durationMs }));
    record('POST a note', (await runLoad(job('post'))).result);
  }
  if (process.env.MEASURE_USERS) {
    const heavy = await runLoad(job('get', true, Number(process.env.MEASURE_USERS)));
    record(`GET with ${process.env.MEASURE_USERS} connections`, heavy.result);
    console.log(
      JSON.stringify({
        heavyProbeMs: { median: Math.round(median(heavy.probes)), max: Math.round(Math.max(...heavy.probes)) },
      }),
    );
  }

  const summary = Object.fromEntries(
    Object.entries(figures).map(([name, f]) => [
      name,
      {
        perSecond: Math.round(median(f.perSecond)),
        spread: spread(f.perSecond),
        p99Ms: Math.round(median(f.p99)),
        timeouts: f.timeouts.reduce((a, b) => a + b, 0),
        errors: f.errors.reduce((a, b) => a + b, 0),
      },
    ]),
  );
  const ratio = (a: string, b: string) =>
    Number(((summary[a]?.perSecond ?? 0) / (summary[b]?.perSecond ?? 1)).toFixed(2));
  console.log(
    JSON.stringify(
      {
        mode,
        rounds,
        seconds: durationMs / 1000,
        connections: concurrency,
        serverRssMiB: Math.round(treeRssMiB(server.pid)),
        summary,
      },
      null,
      1,
    ),
  );
  console.log(
    JSON.stringify({
      ratios: {
        get: ratio('GET 100 notes', 'select floor'),
        patch: ratio('PATCH a note', 'update floor'),
        post: ratio('POST a note', 'insert floor'),
      },
      healthProbeMs: { median: Math.round(median(probeWaits)), max: Math.round(Math.max(...probeWaits)) },
    }),
  );
} finally {
  await sql.close();
  await server.stop();
  await release();
}
