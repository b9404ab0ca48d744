// Server benchmark: start-up times of the real process, sign-in latency, and notes API latency and
// throughput on embedded PGlite (and on PostgreSQL when BENCH_DATABASE_URL is set).
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../../server/src/config';
import { openDatabase, type Database } from '../../server/src/db/database';
import { createServer } from '../../server/src/app';
import { summarize, writeBenchmarkSection } from './report';

const root = path.resolve(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Milliseconds from spawning `node scripts/start.mjs` to the first answered health check. */
async function timeProcessStart(dataDir: string): Promise<number> {
  const port = await freePort();
  const began = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SPROUT_SKIP_BUILD: '1', LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: 'ignore',
  });
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  const elapsed = performance.now() - began;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
  return elapsed;
}

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const began = performance.now();
  const result = await fn();
  return [result, performance.now() - began];
}

async function measureApi(label: string, database: Database): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sprout-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: randomBytes(32).toString('hex'), LOG_LEVEL: 'silent', STATIC_DIR: path.join(dataDir, 'none'), RATE_LIMIT_TOKEN: '1000000', RATE_LIMIT_SIGNUP: '1000000', RATE_LIMIT_WRITE: '1000000' });
  const { app, ctx } = await createServer(config, database);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const headers = { apikey: ctx.anonKey, 'content-type': 'application/json' };
  const email = `bench-${randomUUID()}@example.com`;
  const password = 'benchmark password';
  const signup = (await (await fetch(`${url}/auth/v1/signup`, { method: 'POST', headers, body: JSON.stringify({ email, password }) })).json()) as { access_token: string; user: { id: string } };
  const auth = { ...headers, authorization: `Bearer ${signup.access_token}` };

  const signIns: number[] = [];
  for (let i = 0; i < 20; i++) {
    const [, ms] = await timed(() => fetch(`${url}/auth/v1/token?grant_type=password`, { method: 'POST', headers, body: JSON.stringify({ email, password }) }));
    signIns.push(ms);
  }

  const now = Date.now();
  const note = (i: number) => ({
    id: randomUUID(),
    user_id: signup.user.id,
    title: `Note ${i}`,
    content: `An idea worth keeping, number ${i}. `.repeat(4),
    expanded_content: i % 3 === 0 ? `Goal Summary\n...\nAction Steps:\n1. One\n2. Two\n3. Three` : null,
    is_checklist: i % 5 === 0,
    checklist_items: i % 5 === 0 ? [{ id: 'auto-0', text: 'One', completed: false }] : null,
    updated_at: new Date(now - i * 1000).toISOString(),
  });
  const upserts: number[] = [];
  for (let batch = 0; batch < 100; batch++) {
    const rows = Array.from({ length: 100 }, (_, i) => note(batch * 100 + i));
    const [res, ms] = await timed(() =>
      fetch(`${url}/rest/v1/notes?on_conflict=id`, { method: 'POST', headers: { ...auth, prefer: 'resolution=merge-duplicates,return=minimal' }, body: JSON.stringify(rows) }),
    );
    if (res.status >= 300) throw new Error(`upsert failed: ${res.status} ${await res.text()}`);
    upserts.push(ms);
  }
  const fullReads: number[] = [];
  for (let i = 0; i < 5; i++) {
    const [res, ms] = await timed(() => fetch(`${url}/rest/v1/notes?select=*&user_id=eq.${signup.user.id}&order=updated_at.desc`, { headers: auth }));
    const rows = (await res.json()) as unknown[];
    if (rows.length !== 10_000) throw new Error(`expected 10000 rows, got ${rows.length}`);
    fullReads.push(ms);
  }
  // Throughput: concurrent incremental pulls (what every open tab does), 20 in flight at a time.
  const total = 1000;
  let sent = 0;
  const began = performance.now();
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      while (sent < total) {
        sent += 1;
        const res = await fetch(`${url}/rest/v1/notes?select=*&revision=gt.999999999&order=revision.asc&limit=100`, { headers: auth });
        await res.arrayBuffer();
      }
    }),
  );
  const pullsPerSecond = Math.round(total / ((performance.now() - began) / 1000));
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });

  const s = summarize(signIns);
  const u = summarize(upserts);
  const r = summarize(fullReads);
  return [
    `| ${label}: sign-in (argon2id verify + session) | ${s.median} ms | ${s.p95} ms |`,
    `| ${label}: upsert of 100 notes | ${u.median} ms | ${u.p95} ms |`,
    `| ${label}: read all 10,000 notes of a user | ${r.median} ms | ${r.p95} ms |`,
    `| ${label}: incremental pulls with nothing new, 20 concurrent | ${pullsPerSecond} req/s | |`,
  ].join('\n');
}

const starts = fs.mkdtempSync(path.join(os.tmpdir(), 'sprout-bench-start-'));
const first = await timeProcessStart(starts);
const restarts: number[] = [];
for (let i = 0; i < 5; i++) restarts.push(await timeProcessStart(starts));
fs.rmSync(starts, { recursive: true, force: true });
const restart = summarize(restarts);

const rows = [await measureApi('PGlite', await openDatabase({ kind: 'memory' }))];
const pgUrl = process.env.BENCH_DATABASE_URL;
if (pgUrl) {
  const name = `sprout_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  rows.push(await measureApi('PostgreSQL 15', database));
  await database.close();
  await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
  await admin.end();
}

const markdown = `## Server

\`npm run bench:server\` (set \`BENCH_DATABASE_URL\` to include PostgreSQL).

| Measure | Median | p95 |
|---|---|---|
| First start on an empty DATA_DIR (\`node scripts/start.mjs\`, PGlite initdb + migrations, to first answered request) | ${Math.round(first)} ms | |
| Restart on an existing DATA_DIR (5 runs) | ${restart.median} ms | ${restart.p95} ms |
${rows.join('\n')}
`;
writeBenchmarkSection('server', markdown);
console.info(markdown);
