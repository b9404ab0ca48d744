// Liveness and readiness as a proxy sees them: /api/health answers with the version whatever the
// database does; /api/ready answers 503 with Retry-After while the database does not answer or the
// change feed is down, and 200 again once they are back.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import type { DB } from '../src/db/schema';
import { checkReadiness } from '../src/startup/readiness';
import { startTestServer, type TestServer } from '../../test/kit/test-server';

const onPostgres = process.env.SPROUT_TEST_DATABASE === 'postgres';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const ready = async () => {
  const res = await fetch(`${server.url}/api/ready`);
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as unknown };
};

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('/api/health', () => {
  it('says the server is alive, with the package version and the commit of this checkout', async () => {
    const res = await fetch(`${server.url}/api/health`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const root = path.resolve(import.meta.dirname, '../..');
    const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
    let commit: string | null = null;
    try {
      commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim().slice(0, 12);
    } catch {
      // Not a checkout (an unpacked release): the server says null too.
    }
    expect(await res.json()).toEqual({ ok: true, version, commit });
  });
});

describe('/api/ready', () => {
  it('is ready once the database answers and the change feed listens', async () => {
    expect(await ready()).toEqual({
      status: 200,
      retryAfter: null,
      body: { ready: true, checks: { database: 'ok', changeFeed: 'up' } },
    });
  });

  it.runIf(onPostgres)(
    'is not ready while the change feed connection is down, and ready again once it reconnects',
    async () => {
      await sql`select pg_terminate_backend(pid) from pg_stat_activity
                where application_name = 'sprout-change-feed' and datname = current_database()`.execute(server.ctx.db);
      const down = await until(ready, (r) => r.status === 503);
      expect(down).toEqual({
        status: 503,
        retryAfter: '5',
        body: { ready: false, checks: { database: 'ok', changeFeed: 'down' } },
      });
      // Liveness is not readiness: the process still answers.
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
      expect((await until(ready, (r) => r.status === 200)).body).toEqual({
        ready: true,
        checks: { database: 'ok', changeFeed: 'up' },
      });
    },
    30_000,
  );
});

// Once: the check is the same code on either database (the pglite project runs it).
describe.skipIf(onPostgres)('the readiness check of a database', () => {
  it('fails a database that cannot be reached', async () => {
    // A PostgreSQL pool aimed at a port where nothing listens, as after the database server stopped.
    const unreachable = new Kysely<DB>({
      dialect: new PostgresDialect({
        pool: new pg.Pool({ host: '127.0.0.1', port: 1, connectionTimeoutMillis: 1000 }),
      }),
    });
    try {
      expect(await checkReadiness({ db: unreachable, changeFeed: () => 'up' })).toEqual({
        ready: false,
        checks: { database: 'failed', changeFeed: 'up' },
      });
    } finally {
      await unreachable.destroy();
    }
  });

  it('times out a database that does not answer in time', async () => {
    // A statement that holds the server's only connection to this PGlite makes the probe wait behind it.
    const slow = await openDatabase({ kind: 'memory', image: fs.readFileSync(inject('pgliteImage')) });
    try {
      const held = sql`select pg_sleep(0.6)`.execute(slow.db);
      expect(await checkReadiness({ db: slow.db, changeFeed: () => 'up', timeoutMs: 200 })).toEqual({
        ready: false,
        checks: { database: 'timeout', changeFeed: 'up' },
      });
      await held;
      expect(await checkReadiness({ db: slow.db, changeFeed: () => 'starting' })).toEqual({
        ready: false,
        checks: { database: 'ok', changeFeed: 'starting' },
      });
    } finally {
      await slow.close();
    }
  }, 60_000);
});
