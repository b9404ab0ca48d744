// Start-up and memory (issue 10, goal 6): the server's idle RSS after a first start on an empty DATA_DIR,
// after a restart, and on PostgreSQL, beside bare Fastify; the restart's time to the first answer beside
// PGlite opening the same data in a fresh process and bare Fastify starting.
import fs from 'node:fs';
import path from 'node:path';
import type { BenchGroup, GroupOptions } from '../lib/group';
import { postgresTarget } from '../lib/databases';
import { freePort, settledRssMiB, spawnUntilAnswer, stop, type Started } from '../lib/processes';
import { toRow, type Row } from '../lib/row';
import { settings } from '../lib/settings';
import { root, startSprout, type SproutServer } from '../lib/sprout';

/** Idle RSS: one answer, then a pause for the start-up's garbage to be collected as it would be at rest. */
async function idleRss(url: string, pid: number, settleMs: number): Promise<number> {
  await (await fetch(`${url}/api/health`)).arrayBuffer();
  return settledRssMiB(pid, settleMs);
}

async function startFloor(script: string, env: Record<string, string>): Promise<Started & { url: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = await spawnUntilAnswer(
    [script],
    { ...process.env, ...env, PORT: String(port) },
    `${url}/api/health`,
    root,
  );
  return { ...started, url };
}

async function run(options: GroupOptions): Promise<Row[]> {
  // One round in the smoke run: a first start alone takes seconds.
  const rounds = options.smoke ? 1 : settings(false).rounds;
  const settleMs = options.smoke ? 1000 : 3000;
  const first: number[] = [];
  const firstRss: number[] = [];
  const restart: number[] = [];
  const restartRss: number[] = [];
  const pgliteOpen: number[] = [];
  const pgliteRss: number[] = [];
  const bare: number[] = [];
  const bareRss: number[] = [];
  for (let round = 0; round < rounds; round++) {
    options.log(`round ${round + 1} of ${rounds}`);
    const fresh = await startSprout();
    first.push(fresh.startMs);
    firstRss.push(await idleRss(fresh.url, fresh.pid, settleMs));
    await fresh.stop();
    const dataDir = fresh.dataDir;
    const steps: (() => Promise<void>)[] = [
      async () => {
        const server = await startSprout({ dataDir });
        restart.push(server.startMs);
        restartRss.push(await idleRss(server.url, server.pid, settleMs));
        await server.stop();
      },
      async () => {
        const floor = await startFloor('bench/floors/pglite-open.mjs', { PGLITE_DIR: path.join(dataDir, 'pglite') });
        pgliteOpen.push(floor.startMs);
        pgliteRss.push(await idleRss(floor.url, floor.child.pid!, settleMs));
        await stop(floor.child);
      },
      async () => {
        const floor = await startFloor('bench/floors/bare-fastify.mjs', {});
        bare.push(floor.startMs);
        bareRss.push(await idleRss(floor.url, floor.child.pid!, settleMs));
        await stop(floor.child);
      },
    ];
    for (let i = 0; i < steps.length; i++) await steps[(i + round) % steps.length]!();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const rows: Row[] = [
    toRow({
      name: 'Restart to first answer (PGlite, existing DATA_DIR)',
      unit: 'ms',
      values: restart,
      floorName: 'PGlite opening the same data in a fresh process',
      floorValues: pgliteOpen,
      better: 'lower',
      goal: "< 1.5x PGlite's own open",
      meets: (v, f) => f !== null && v < 1.5 * f,
      smokeLimit: { ratioAtMost: 10 },
    }),
    toRow({
      name: 'Restart to first answer, beside bare Fastify',
      unit: 'ms',
      values: restart,
      floorName: 'bare Fastify start to first answer',
      floorValues: bare,
      better: 'lower',
    }),
    toRow({
      name: 'First start on an empty DATA_DIR (initdb, migrations) to first answer',
      unit: 'ms',
      values: first,
      floorName: 'PGlite opening existing data',
      floorValues: pgliteOpen,
      better: 'lower',
    }),
    toRow({
      name: 'Server RSS idle, PGlite, after a first start',
      unit: 'MiB',
      values: firstRss,
      floorName: 'bare Fastify idle',
      floorValues: bareRss,
      better: 'lower',
      goal: '< 200 MiB, no plateau after a first start',
      meets: (v) => v < 200,
      smokeLimit: { ratioAtMost: 20 },
    }),
    toRow({
      name: 'Server RSS idle, PGlite, after a restart',
      unit: 'MiB',
      values: restartRss,
      floorName: 'bare Fastify idle',
      floorValues: bareRss,
      better: 'lower',
      goal: '< 200 MiB',
      meets: (v) => v < 200,
      smokeLimit: { ratioAtMost: 15 },
    }),
    // The embedded database's own footprint, with the server's settings, is most of the goal's 200 MiB:
    // what Sprout adds on top of it stands beside what bare Fastify takes.
    toRow({
      name: 'Server RSS idle, PGlite, after a restart, beside PGlite alone',
      unit: 'MiB',
      values: restartRss,
      floorName: 'PGlite open on the same data (16 MB shared buffers), idle',
      floorValues: pgliteRss,
      better: 'lower',
    }),
    toRow({
      name: 'RSS Sprout adds to PGlite (restart minus PGlite alone, per round)',
      unit: 'MiB',
      values: restartRss.map((value, i) => value - (pgliteRss[i] ?? value)),
      floorName: 'bare Fastify idle',
      floorValues: bareRss,
      better: 'lower',
    }),
  ];
  if (!options.smoke) rows.push(...(await onPostgres(options, rounds, settleMs, bareRss)));
  return rows;
}

async function onPostgres(options: GroupOptions, rounds: number, settleMs: number, bareRss: number[]): Promise<Row[]> {
  const target = await postgresTarget(options.log);
  if (!target) return [];
  const rss: number[] = [];
  const starts: number[] = [];
  try {
    for (let round = 0; round < rounds; round++) {
      let server: SproutServer | null = null;
      try {
        server = await startSprout({ databaseUrl: target.url });
        starts.push(server.startMs);
        rss.push(await idleRss(server.url, server.pid, settleMs));
      } finally {
        await server?.stop();
        if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
      }
    }
  } finally {
    await target.release();
  }
  return [
    toRow({
      name: 'Server RSS idle, PostgreSQL',
      unit: 'MiB',
      values: rss,
      floorName: 'bare Fastify idle (rounds above)',
      floorValues: bareRss,
      better: 'lower',
    }),
    toRow({ name: 'Start to first answer, PostgreSQL', unit: 'ms', values: starts, better: 'lower' }),
  ];
}

export const group: BenchGroup = {
  name: 'memory',
  title: 'Start-up and memory',
  order: 60,
  smoke: true,
  method:
    'Each round: `node scripts/start.mjs` on a new temporary DATA_DIR (first start), stopped, then in rotating order: a restart on ' +
    "that DATA_DIR, a fresh Node process opening its PGlite data with the server's settings and answering one query (bench/floors/pglite-open.mjs), " +
    'and bare Fastify (bench/floors/bare-fastify.mjs). Times run from spawn to the first answered /api/health, polled every ' +
    "10 ms. RSS is the process tree's VmRSS, read after one answer, once it has held within 2 MiB for 2 s (at least 3 s, at most 33 s after the answer).",
  run,
};
