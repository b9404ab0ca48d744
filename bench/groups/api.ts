// API under load (issue 10, goal 2): GET 100 notes, POST and PATCH one note, 50 connections, through
// the real server on file-backed PGlite and on PostgreSQL, each beside the same statement in an
// in-process loop on the same data (and the GET beside bare Fastify sending the same bytes).
import fs from 'node:fs';
import path from 'node:path';
import { postgresCpu, postgresCpuBetween, processCpuMs } from '../lib/cpu';
import type { BenchGroup, GroupOptions } from '../lib/group';
import { openPgliteCopy, openPostgres, postgresTarget, type Sql } from '../lib/databases';
import { httpLoad, loopLoad, type HttpLoad, type LoadResult } from '../lib/load';
import { freePort, spawnUntilAnswer, stop, treeRssMiB } from '../lib/processes';
import { interleave, toRow, type Row } from '../lib/row';
import { settings } from '../lib/settings';
import { root, startSprout, tempDir, type BenchUser, type SproutServer } from '../lib/sprout';
import { NEW_NOTE, READ_QUERY, seedLoadUser } from '../lib/api-load';

const CONNECTIONS = 50;
const READ_SQL = 'select * from notes where user_id = $1 and deleted_at is null order by updated_at desc limit 100';
const INSERT_SQL = 'insert into notes (user_id, title, content) values ($1, $2, $3) returning *';
const UPDATE_SQL = 'update notes set title = $1 where id = $2 and user_id = $3 returning *';

type Kind = 'PGlite' | 'PostgreSQL';

/** Runs an HTTP load while sampling the server's RSS every 250 ms; keeps the peak. */
async function loadWithRss(load: HttpLoad, pid: number, peaks: number[]): Promise<LoadResult> {
  let peak = treeRssMiB(pid);
  const timer = setInterval(() => (peak = Math.max(peak, treeRssMiB(pid))), 250);
  try {
    return await httpLoad(load);
  } finally {
    clearInterval(timer);
    peaks.push(peak);
  }
}

/**
 * Runs a load step and records the CPU time per successful operation of the processes that carry it: this
 * bench process (the load generator, or the floor's loop and, on PGlite, the floor's database), the
 * server's process when there is one, and PostgreSQL's processes on PostgreSQL.
 */
async function withCpu(
  step: () => Promise<LoadResult>,
  seconds: number,
  pids: number[],
  postgres: boolean,
  perOperation: number[],
): Promise<LoadResult> {
  const own = () => [process.pid, ...pids].reduce((sum, pid) => sum + processCpuMs(pid), 0);
  const ownBefore = own();
  const postgresBefore = postgres ? postgresCpu() : null;
  const result = await step();
  const spent = own() - ownBefore + (postgresBefore ? postgresCpuBetween(postgresBefore, postgresCpu()) : 0);
  perOperation.push(spent / (result.rps * seconds));
  return result;
}

function collect(results: LoadResult[]): (result: LoadResult) => number {
  return (result) => {
    results.push(result);
    return result.rps;
  };
}

async function measure(
  kind: Kind,
  server: SproutServer,
  user: BenchUser,
  sql: Sql,
  patchId: string,
  options: GroupOptions,
): Promise<Row[]> {
  const { rounds, seconds } = settings(options.smoke);
  // A read slower than autocannon's 10 s timeout only counts as one in a step longer than that.
  const readSeconds = options.smoke ? seconds : Math.max(seconds, 12);
  const auth = { ...user.headers };
  const readUrl = `${server.url}/rest/v1/notes?${READ_QUERY}`;

  // The bare floor sends the bytes the server sent.
  const bodyFile = path.join(tempDir('body'), 'notes.json');
  const answer = await fetch(readUrl, { headers: auth });
  fs.writeFileSync(bodyFile, Buffer.from(await answer.arrayBuffer()));
  const barePort = await freePort();
  const bare = await spawnUntilAnswer(
    ['bench/floors/bare-fastify.mjs'],
    { ...process.env, PORT: String(barePort), BODY_FILE: bodyFile },
    `http://127.0.0.1:${barePort}/api/health`,
    root,
  );

  const sprout: LoadResult[] = [];
  const raw: LoadResult[] = [];
  const bareResults: LoadResult[] = [];
  const rssPeaks: number[] = [];
  const bareRssPeaks: number[] = [];
  const sproutCpu: number[] = [];
  const rawCpu: number[] = [];
  const isPostgres = kind === 'PostgreSQL';
  try {
    // Warm-up: JIT and caches of all three, not counted.
    await httpLoad({ url: readUrl, headers: auth, connections: CONNECTIONS, seconds: 1 });
    await loopLoad(() => sql.query(READ_SQL, [user.userId]), CONNECTIONS, 1);
    await httpLoad({ url: `http://127.0.0.1:${barePort}/rest/v1/notes`, connections: CONNECTIONS, seconds: 1 });

    options.log(`${kind}: GET 100 notes, ${rounds} rounds of ${readSeconds} s`);
    await interleave(rounds, {
      sprout: () =>
        withCpu(
          () =>
            loadWithRss(
              { url: readUrl, headers: auth, connections: CONNECTIONS, seconds: readSeconds },
              server.pid,
              rssPeaks,
            ),
          readSeconds,
          [server.pid],
          isPostgres,
          sproutCpu,
        ).then(collect(sprout)),
      raw: () =>
        withCpu(
          () => loopLoad(() => sql.query(READ_SQL, [user.userId]), CONNECTIONS, readSeconds),
          readSeconds,
          [],
          isPostgres,
          rawCpu,
        ).then(collect(raw)),
      bare: () =>
        loadWithRss(
          { url: `http://127.0.0.1:${barePort}/rest/v1/notes`, connections: CONNECTIONS, seconds: readSeconds },
          bare.child.pid!,
          bareRssPeaks,
        ).then(collect(bareResults)),
    });
  } finally {
    await stop(bare.child);
    fs.rmSync(path.dirname(bodyFile), { recursive: true, force: true });
  }

  const rows: Row[] = [
    toRow({
      name: `GET 100 notes, ${CONNECTIONS} connections, ${kind}: throughput`,
      unit: 'req/s',
      values: sprout.map((r) => r.rps),
      floorName: `raw SELECT loop on the same ${kind}`,
      floorValues: raw.map((r) => r.rps),
      better: 'higher',
      goal: '>= 0.7x the raw SELECT',
      meets: (v, f) => f !== null && v >= 0.7 * f,
      smokeLimit: { ratioAtLeast: 0.1 },
    }),
    toRow({
      name: `GET 100 notes, ${kind}: throughput beside bare Fastify`,
      unit: 'req/s',
      values: sprout.map((r) => r.rps),
      floorName: 'bare Fastify sending the same bytes',
      floorValues: bareResults.map((r) => r.rps),
      better: 'higher',
    }),
    toRow({
      name: `GET 100 notes, ${kind}: CPU time per read on the cores (server${isPostgres ? ', PostgreSQL' : ''} and load generator)`,
      unit: 'ms',
      values: sproutCpu,
      floorName: `the raw SELECT's (its loop${isPostgres ? ' and PostgreSQL' : ', the database in it'})`,
      floorValues: rawCpu,
      better: 'lower',
    }),
    toRow({
      name: `GET 100 notes, ${kind}: p50`,
      unit: 'ms',
      values: sprout.map((r) => r.p50),
      floorName: 'raw SELECT p50',
      floorValues: raw.map((r) => r.p50),
      better: 'lower',
    }),
    toRow({
      name: `GET 100 notes, ${kind}: p99`,
      unit: 'ms',
      values: sprout.map((r) => r.p99),
      floorName: 'raw SELECT p99',
      floorValues: raw.map((r) => r.p99),
      better: 'lower',
      ...(kind === 'PostgreSQL' ? { goal: '< 50 ms', meets: (v: number) => v < 50 } : {}),
    }),
    toRow({
      name: `GET 100 notes, ${kind}: timeouts (10 s) and errors per round`,
      unit: 'requests',
      values: sprout.map((r) => r.timeouts + r.errors),
      better: 'lower',
      ...(kind === 'PGlite' ? { goal: 'none', meets: (v: number) => v === 0 } : {}),
    }),
    toRow({
      name: `Server RSS under the GET load, ${kind} (peak)`,
      unit: 'MiB',
      values: rssPeaks,
      floorName: 'bare Fastify under the same load',
      floorValues: bareRssPeaks,
      better: 'lower',
      goal: '< 300 MiB',
      meets: (v) => v < 300,
    }),
  ];
  if (options.smoke) return rows;

  const post: LoadResult[] = [];
  const insert: LoadResult[] = [];
  const patch: LoadResult[] = [];
  const update: LoadResult[] = [];
  const cpu = { post: [] as number[], insert: [] as number[], patch: [] as number[], update: [] as number[] };
  const writeHeaders = { ...auth, 'Content-Type': 'application/json', Prefer: 'return=representation' };
  const sproutStep = (load: HttpLoad, samples: number[]) =>
    withCpu(() => httpLoad(load), seconds, [server.pid], isPostgres, samples);
  const loopStep = (operation: () => Promise<unknown>, samples: number[]) =>
    withCpu(() => loopLoad(operation, CONNECTIONS, seconds), seconds, [], isPostgres, samples);
  options.log(`${kind}: POST / PATCH one note, ${rounds} rounds of ${seconds} s`);
  await interleave(rounds, {
    post: () =>
      sproutStep(
        {
          url: `${server.url}/rest/v1/notes`,
          method: 'POST',
          headers: writeHeaders,
          body: JSON.stringify(NEW_NOTE),
          connections: CONNECTIONS,
          seconds,
        },
        cpu.post,
      ).then(collect(post)),
    insert: () =>
      loopStep(() => sql.query(INSERT_SQL, [user.userId, NEW_NOTE.title, NEW_NOTE.content]), cpu.insert).then(
        collect(insert),
      ),
    patch: () =>
      sproutStep(
        {
          url: `${server.url}/rest/v1/notes?id=eq.${patchId}`,
          method: 'PATCH',
          headers: writeHeaders,
          body: JSON.stringify({ title: 'Renamed under load' }),
          connections: CONNECTIONS,
          seconds,
        },
        cpu.patch,
      ).then(collect(patch)),
    update: () =>
      loopStep(() => sql.query(UPDATE_SQL, ['Renamed under load', patchId, user.userId]), cpu.update).then(
        collect(update),
      ),
  });
  const write = (verb: string, results: LoadResult[], floorName: string, floor: LoadResult[]) =>
    toRow({
      name: `${verb} one note, ${CONNECTIONS} connections, ${kind}`,
      unit: 'req/s',
      values: results.map((r) => r.rps),
      floorName,
      floorValues: floor.map((r) => r.rps),
      better: 'higher',
      goal: '>= 0.8x the in-process loop',
      meets: (v, f) => f !== null && v >= 0.8 * f,
    });
  const writeCpu = (verb: string, values: number[], floorValues: number[]) =>
    toRow({
      name: `${verb} one note, ${kind}: CPU time per write on the cores (server${isPostgres ? ', PostgreSQL' : ''} and load generator)`,
      unit: 'ms',
      values,
      floorName: `the in-process loop's (${isPostgres ? 'the loop and PostgreSQL' : 'the loop, the database in it'})`,
      floorValues,
      better: 'lower',
    });
  rows.push(
    write('POST', post, 'the same INSERT in an in-process loop', insert),
    writeCpu('POST', cpu.post, cpu.insert),
    write('PATCH', patch, 'the same UPDATE in an in-process loop', update),
    writeCpu('PATCH', cpu.patch, cpu.update),
  );
  const failed = [...post, ...patch].reduce((sum, r) => sum + r.errors + r.timeouts, 0);
  if (failed > 0) options.log(`${kind}: ${failed} POST/PATCH requests failed or timed out`);
  return rows;
}

async function onPglite(options: GroupOptions): Promise<Row[]> {
  let server = await startSprout();
  let sql: Sql | null = null;
  try {
    const { user, patchId } = await seedLoadUser(server.url, options.smoke ? 200 : 1000);
    // The floor opens a copy of the same data: PGlite holds its directory for one process.
    await server.stop();
    sql = await openPgliteCopy(server.dataDir);
    server = await startSprout({ dataDir: server.dataDir });
    return await measure('PGlite', server, user, sql, patchId, options);
  } finally {
    await sql?.close();
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
}

async function onPostgres(options: GroupOptions): Promise<Row[]> {
  const target = await postgresTarget(options.log);
  if (!target) return [];
  const server = await startSprout({ databaseUrl: target.url });
  const sql = openPostgres(target.url);
  try {
    const { user, patchId } = await seedLoadUser(server.url, 1000);
    return await measure('PostgreSQL', server, user, sql, patchId, options);
  } finally {
    await sql.close();
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
    await target.release();
  }
}

export const group: BenchGroup = {
  name: 'api',
  title: 'API under load',
  order: 20,
  smoke: true,
  method:
    `autocannon, ${CONNECTIONS} connections, against \`node scripts/start.mjs\` (default log level, logs to /dev/null) on a ` +
    'temporary file-backed DATA_DIR, and on PostgreSQL. GET reads `' +
    READ_QUERY +
    "` of 1,000 notes (12 s steps, so that a read past autocannon's 10 s timeout counts as one; writes 6 s steps). Floors: the same SQL from " +
    `${CONNECTIONS} concurrent loops in the bench process (PGlite: on a copy of the server's data; PostgreSQL: a 10-connection ` +
    "pool like the server's), and bare Fastify sending the server's own answer bytes. Steps interleaved per round; " +
    "medians of the rounds. Request rates count 2xx answers only. CPU time per read (lib/cpu.ts): the scheduler's " +
    "count for the bench process (autocannon, or the floor's loop), the server's process (all its threads) and, on " +
    'PostgreSQL, its processes, over a load step, divided by the operations answered: where both keep the 2 cores busy, the ' +
    'throughput ratio cannot pass the inverse of this one.',
  run: async (options) => {
    const rows = await onPglite(options);
    if (!options.smoke) rows.push(...(await onPostgres(options)));
    return rows;
  },
};
