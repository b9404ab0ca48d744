// [issue 36.3] The embedded database's worker thread dies (a crash in PGlite, here ended abruptly):
// /api/ready answers 503 with Retry-After at once, liveness still answers, and the database tells its
// owner, which exits for the supervisor to restart it (main.ts; docs/decisions.md says why not a respawn).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createServer } from '../src/app';
import { loadConfig } from '../src/config';
import { crashPGliteWorkerForTests, openDatabase, type Database } from '../src/db/database';
import type { FastifyInstance } from 'fastify';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sprout-worker-death-'));
let database: Database;
let app: FastifyInstance;
let url: string;

beforeAll(async () => {
  // A database of its own, not one of the test kit's pooled ones: this one is broken on purpose.
  database = await openDatabase({ kind: 'memory', image: fs.readFileSync(inject('pgliteImage')) });
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    STATIC_DIR: path.join(dataDir, 'none'),
  });
  ({ app } = await createServer(config, database));
  url = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(process.env.SPROUT_TEST_DATABASE === 'postgres')('when the PGlite worker dies', () => {
  it('is not ready (503), stays alive, and tells the database owner once', async () => {
    expect((await fetch(`${url}/api/ready`)).status).toBe(200);
    const lost: Error[] = [];
    database.onLost?.((error) => lost.push(error));
    await crashPGliteWorkerForTests(database);

    const ready = await fetch(`${url}/api/ready`);
    expect(ready.status).toBe(503);
    expect(ready.headers.get('retry-after')).toBe('5');
    expect(await ready.json()).toEqual({ ready: false, checks: { database: 'failed', changeFeed: 'up' } });
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    await expect.poll(() => lost.length).toBe(1);
    expect(lost[0]?.message).toMatch(/the database worker exited/);
    // Closing a database whose worker is gone does not wait for it.
    await database.close();
  });
});
