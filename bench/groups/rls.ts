// What ownership in the database costs (issue 36, item 4): the API rows of issue 10 (GET 100 notes, POST
// and PATCH one note, 50 connections) through a server that runs users' statements as sprout_user with
// their claims (db/as-user.ts, the default), beside the same build with REQUEST_ROLE=owner (the
// server's own account, no row-level security, a read without a transaction), interleaved in one run,
// on file-backed PGlite and on PostgreSQL.
import fs from 'node:fs';
import type { BenchGroup, GroupOptions } from '../lib/group';
import { postgresTarget } from '../lib/databases';
import { httpLoad, type HttpLoad } from '../lib/load';
import { interleave, toRow, type Row } from '../lib/row';
import { settings } from '../lib/settings';
import { NEW_NOTE, READ_QUERY, seedLoadUser } from '../lib/api-load';
import { startSprout, tempDir, type BenchUser, type SproutServer } from '../lib/sprout';

const CONNECTIONS = 50;
const GOAL = 0.9;

type Kind = 'PGlite' | 'PostgreSQL';

/** The three loads of issue 10 against one server. */
function loads(server: SproutServer, user: BenchUser, patchId: string, seconds: number) {
  const writeHeaders = { ...user.headers, 'Content-Type': 'application/json', Prefer: 'return=representation' };
  return {
    get: { url: `${server.url}/rest/v1/notes?${READ_QUERY}`, headers: user.headers, connections: CONNECTIONS, seconds },
    post: {
      url: `${server.url}/rest/v1/notes`,
      method: 'POST',
      headers: writeHeaders,
      body: JSON.stringify(NEW_NOTE),
      connections: CONNECTIONS,
      seconds,
    },
    patch: {
      url: `${server.url}/rest/v1/notes?id=eq.${patchId}`,
      method: 'PATCH',
      headers: writeHeaders,
      body: JSON.stringify({ title: 'Renamed under load' }),
      connections: CONNECTIONS,
      seconds,
    },
  } satisfies Record<string, HttpLoad>;
}

async function measure(
  kind: Kind,
  servers: { on: SproutServer; off: SproutServer },
  user: BenchUser,
  patchId: string,
  options: GroupOptions,
): Promise<Row[]> {
  const { rounds, seconds } = settings(options.smoke);
  const on = loads(servers.on, user, patchId, seconds);
  const off = loads(servers.off, user, patchId, seconds);
  const failures: number[] = [];
  const rate = async (load: HttpLoad) => {
    const result = await httpLoad(load);
    failures.push(result.errors + result.timeouts);
    return result.rps;
  };
  // Warm-up of both: JIT and caches, not counted.
  for (const load of [on.get, off.get]) await httpLoad({ ...load, seconds: 1 });
  // Reads first, then writes: a thousand renames of one note leave dead index entries at the newest end
  // of the list the read scans, which slowed the reads of the rounds after them by up to 4x until a
  // vacuum, whichever server came next (as issue 10's API rows run them).
  options.log(`${kind}: GET with row-level security on and off, ${rounds} rounds of ${seconds} s per step`);
  const reads = await interleave(rounds, { getOn: () => rate(on.get), getOff: () => rate(off.get) });
  options.log(`${kind}: POST and PATCH with row-level security on and off, ${rounds} rounds of ${seconds} s per step`);
  const writes = await interleave(rounds, {
    postOn: () => rate(on.post),
    postOff: () => rate(off.post),
    patchOn: () => rate(on.patch),
    patchOff: () => rate(off.patch),
  });
  const samples = { ...reads, ...writes };
  const failed = failures.reduce((sum, n) => sum + n, 0);
  if (failed > 0) options.log(`${kind}: ${failed} requests failed or timed out`);
  const row = (name: string, values: number[], floorValues: number[]) =>
    toRow({
      name: `${name}, ${CONNECTIONS} connections, ${kind}, row-level security on`,
      unit: 'req/s',
      values,
      floorName: 'the same build with REQUEST_ROLE=owner (off)',
      floorValues,
      better: 'higher',
      goal: `>= ${GOAL}x off`,
      meets: (value, floor) => floor !== null && value >= GOAL * floor,
      smokeLimit: { ratioAtLeast: 0.3 },
    });
  return [
    row('GET 100 notes', samples.getOn, samples.getOff),
    row('POST one note', samples.postOn, samples.postOff),
    row('PATCH one note', samples.patchOn, samples.patchOff),
  ];
}

async function onPglite(options: GroupOptions): Promise<Row[]> {
  const first = await startSprout();
  const { user, patchId } = await seedLoadUser(first.url, options.smoke ? 200 : 1000);
  await first.stop();
  // PGlite holds its directory for one process: the server without row-level security gets a copy.
  const copy = tempDir('data-owner');
  fs.cpSync(first.dataDir, copy, { recursive: true });
  const on = await startSprout({ dataDir: first.dataDir });
  const off = await startSprout({ dataDir: copy, env: { REQUEST_ROLE: 'owner' } });
  try {
    return await measure('PGlite', { on, off }, user, patchId, options);
  } finally {
    await Promise.all([on.stop(), off.stop()]);
    for (const dir of [first.dataDir, copy]) fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function onPostgres(options: GroupOptions): Promise<Row[]> {
  const target = await postgresTarget(options.log);
  if (!target) return [];
  // Two servers on one database: same rows, same secrets, so the same user's token works on both.
  const on = await startSprout({ databaseUrl: target.url });
  const off = await startSprout({ databaseUrl: target.url, env: { REQUEST_ROLE: 'owner' } });
  try {
    const { user, patchId } = await seedLoadUser(on.url, options.smoke ? 200 : 1000);
    return await measure('PostgreSQL', { on, off }, user, patchId, options);
  } finally {
    await Promise.all([on.stop(), off.stop()]);
    for (const server of [on, off]) fs.rmSync(server.dataDir, { recursive: true, force: true });
    await target.release();
  }
}

export const group: BenchGroup = {
  name: 'rls',
  title: 'Row-level security: on beside off',
  order: 21,
  smoke: false,
  method:
    `autocannon, ${CONNECTIONS} connections, against two \`node scripts/start.mjs\` of the same build: one as shipped (each ` +
    "user request in a transaction as sprout_user with the user's claims, db/as-user.ts), one with REQUEST_ROLE=owner " +
    "(the server's own account, no row-level security; a read without a transaction). PGlite: the second server on a " +
    "copy of the first one's DATA_DIR; PostgreSQL: both on one database. GET reads `" +
    READ_QUERY +
    '` of 1,000 notes; POST inserts one note, PATCH renames one. The two GET steps interleaved per round, then the four ' +
    'write steps; medians of the rounds; request rates count 2xx answers only.',
  run: async (options) => [...(await onPglite(options)), ...(await onPostgres(options))],
};
