// Backups (issue 36, item 1): `npm run admin -- backup` and `restore` of an account of 10,000 notes, as an
// operator runs them (a fresh process, the server stopped), beside the databases' own tools on the same
// data: PGlite's dumpDataDir and loadDataDir (bench/floors/pglite-dump.mjs) on the embedded database,
// pg_dump and pg_restore on PostgreSQL. The floors copy the physical files or use PostgreSQL's native
// format; Sprout's backup is a portable logical one (JSON lines), which is what the ratio prices.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { BenchGroup, GroupOptions } from '../lib/group';
import { interleave, toRow, type Row } from '../lib/row';
import { settings } from '../lib/settings';
import { root, seedNotes, signUp, startSprout, tempDir } from '../lib/sprout';

const NOTES = 10_000;
const ADMIN_URL = process.env.BENCH_POSTGRES_ADMIN_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** Runs a command to its end; its wall time in ms, or the command's output in the error. */
function timed(command: string, args: string[], env: Record<string, string> = {}): Promise<number> {
  const began = performance.now();
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) =>
    child.once('close', (code) =>
      code === 0
        ? resolve(performance.now() - began)
        : reject(new Error(`${command} ${args.join(' ')} exited with ${code}: ${output.slice(-2000)}`)),
    ),
  );
}

const admin = (args: string[], place: { DATA_DIR?: string; DATABASE_URL?: string }) =>
  timed(process.execPath, ['scripts/admin.mjs', ...args], { DATABASE_URL: '', LOG_LEVEL: 'warn', ...place });

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A new, empty PostgreSQL database; dropped by the returned function. */
async function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `sprout_bench_${randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

async function run(options: GroupOptions): Promise<Row[]> {
  const { rounds } = settings(options.smoke, { rounds: 3, seconds: 0 });
  const work = tempDir('backup');
  const file = (name: string) => path.join(work, `${name}-${randomBytes(3).toString('hex')}`);
  const server = await startSprout();
  const dataDir = server.dataDir;
  try {
    const user = await signUp(server.url);
    options.log(`writing ${NOTES} notes`);
    await seedNotes(user, NOTES);
  } finally {
    await server.stop();
  }
  try {
    // Warm-up, not counted: builds the admin bundle when stale, fills the page cache.
    const sample = file('sample.gz');
    await admin(['backup', sample], { DATA_DIR: dataDir });
    const dumped = file('dump.tgz');
    await timed(process.execPath, ['bench/floors/pglite-dump.mjs', 'dump', path.join(dataDir, 'pglite'), dumped]);
    const sizes = { backup: fs.statSync(sample).size, dump: fs.statSync(dumped).size };

    options.log(`${rounds} rounds on the embedded database`);
    const embedded = await interleave(rounds, {
      backup: () => admin(['backup', file('b.gz')], { DATA_DIR: dataDir }),
      dump: () =>
        timed(process.execPath, ['bench/floors/pglite-dump.mjs', 'dump', path.join(dataDir, 'pglite'), file('d.tgz')]),
      restore: () => admin(['restore', sample], { DATA_DIR: file('restored') }),
      load: () =>
        timed(process.execPath, ['bench/floors/pglite-dump.mjs', 'load', dumped, path.join(file('loaded'), 'pglite')]),
    });
    const rows = [
      toRow({
        name: `Backup of ${NOTES.toLocaleString('en-US')} notes, embedded database (npm run admin -- backup, server stopped)`,
        unit: 'ms',
        values: embedded.backup,
        floorName: "PGlite's dumpDataDir in a fresh process",
        floorValues: embedded.dump,
        better: 'lower',
      }),
      toRow({
        name: 'Restore of that backup into an empty DATA_DIR (npm run admin -- restore)',
        unit: 'ms',
        values: embedded.restore,
        floorName: "PGlite's loadDataDir of the dump in a fresh process",
        floorValues: embedded.load,
        better: 'lower',
      }),
      toRow({
        name: 'Size of the backup file',
        unit: 'KiB',
        values: [sizes.backup / 1024],
        floorName: "dumpDataDir's gzipped tarball",
        floorValues: [sizes.dump / 1024],
        better: 'lower',
      }),
    ];

    let source: { url: string; drop: () => Promise<void> };
    try {
      source = await freshDatabase();
    } catch (error) {
      options.log(`PostgreSQL rows skipped: ${(error as Error).message} (set BENCH_POSTGRES_ADMIN_URL)`);
      return rows;
    }
    const made: { drop: () => Promise<void> }[] = [source];
    try {
      await admin(['restore', sample], { DATABASE_URL: source.url });
      const pgDump = file('pg.dump');
      await timed('pg_dump', ['-Fc', '-f', pgDump, source.url]);
      const into = async (restore: (url: string) => Promise<number>) => {
        const target = await freshDatabase();
        made.push(target);
        return restore(target.url);
      };
      options.log(`${rounds} rounds on PostgreSQL`);
      const postgres = await interleave(rounds, {
        backup: () => admin(['backup', file('pb.gz')], { DATABASE_URL: source.url }),
        dump: () => timed('pg_dump', ['-Fc', '-f', file('pd.dump'), source.url]),
        restore: () => into((url) => admin(['restore', sample], { DATABASE_URL: url })),
        load: () => into((url) => timed('pg_restore', ['--no-owner', '-d', url, pgDump])),
      });
      rows.push(
        toRow({
          name: `Backup of ${NOTES.toLocaleString('en-US')} notes, PostgreSQL (npm run admin -- backup)`,
          unit: 'ms',
          values: postgres.backup,
          floorName: 'pg_dump -Fc',
          floorValues: postgres.dump,
          better: 'lower',
        }),
        toRow({
          name: 'Restore of that backup into an empty PostgreSQL database (npm run admin -- restore)',
          unit: 'ms',
          values: postgres.restore,
          floorName: 'pg_restore of the pg_dump',
          floorValues: postgres.load,
          better: 'lower',
        }),
      );
    } finally {
      for (const database of made) await database.drop().catch(() => undefined);
    }
    return rows;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export const group: BenchGroup = {
  name: 'backup',
  title: 'Backup and restore (issue 36)',
  order: 36,
  smoke: false,
  method:
    "An account of 10,000 notes written through the API of a server on file-backed PGlite, then the server stopped. Each figure is the wall time of a fresh process, as an operator runs it: `node scripts/admin.mjs backup FILE` (opening DATA_DIR, one snapshot, gzip JSON lines, then reading the file back to check it) beside `bench/floors/pglite-dump.mjs dump` (opening the same directory and writing `dumpDataDir('gzip')`); `restore` into a new DATA_DIR beside `loadDataDir` of the dump into a new directory. On PostgreSQL (the local server, or BENCH_POSTGRES_ADMIN_URL): the backup restored into a database, then `admin backup` beside `pg_dump -Fc`, and `admin restore` into a new empty database beside `pg_restore` into a new empty database. Rounds interleaved; median and range.",
  run,
};
