// Starts the real server on a fresh database for one test file: in-memory PGlite, or a new database on
// the PostgreSQL server at TEST_DATABASE_URL when the suite runs in its `server-postgres` project.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { loadConfig, type Config } from '../../server/src/config';
import { openDatabase, type Database, type SessionSettings } from '../../server/src/db/database';
import { leaseMemoryDatabase } from './pglite-pool';
import type { AppContext } from '../../server/src/http/context';
import { Writable } from 'node:stream';
import { createServer, loggerOptions } from '../../server/src/app';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of a migrated PGlite data-directory image, made once per run by test/setup/pglite-image.ts. */
    pgliteImage: string;
  }
}

export interface TestServer {
  url: string;
  anonKey: string;
  app: FastifyInstance;
  ctx: AppContext;
  database: Database;
  config: Config;
  /** A supabase-js client for this server, with no stored session and no background refresh. */
  client(): SupabaseClient;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** Collects the server's log lines (JSON, at info level, through the server's own redacting logger options). */
  logs?: string[];
}

export async function startTestServer(
  env: Record<string, string> = {},
  options: TestServerOptions = {},
): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sprout-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    STATIC_DIR: path.join(dataDir, 'no-client'),
    // High limits by default; tests of the limits set their own.
    RATE_LIMIT_TOKEN: '10000',
    RATE_LIMIT_TOKEN_REFRESH: '10000',
    RATE_LIMIT_SIGNUP: '10000',
    RATE_LIMIT_AI: '10000',
    RATE_LIMIT_VERIFY: '10000',
    RATE_LIMIT_WRITE: '100000',
    // The test files share one process's event loop on a busy machine: its stalls are not a server's
    // overload. The load-shedding tests set their own.
    LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS: '0',
    ...env,
  });
  const { database, dropDatabase } = await openTestDatabase({ notesQuota: config.notesQuota });
  const { logs } = options;
  const logger = logs
    ? {
        ...(loggerOptions('info') as object),
        stream: new Writable({
          write(chunk, _encoding, done) {
            logs.push(String(chunk));
            done();
          },
        }),
      }
    : undefined;
  const { app, ctx } = await createServer(config, database, logger ? { logger } : {});
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no port');
  const url = `http://127.0.0.1:${address.port}`;
  return {
    url,
    anonKey: ctx.anonKey,
    app,
    ctx,
    database,
    config,
    client: () =>
      createClient(url, ctx.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      }),
    async close() {
      await app.close();
      await database.close();
      await dropDatabase();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let image: Uint8Array | undefined;

/** The migrated PGlite image, read once per worker: files share a worker's modules (isolate: false). */
function memoryImage(): Uint8Array {
  image ??= fs.readFileSync(inject('pgliteImage'));
  return image;
}

async function openTestDatabase(
  settings: SessionSettings,
): Promise<{ database: Database; dropDatabase: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (process.env.SPROUT_TEST_DATABASE !== 'postgres' || !adminUrl) {
    return { database: await leaseMemoryDatabase(memoryImage(), settings), dropDatabase: async () => undefined };
  }
  const name = `sprout_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() }, settings);
  return {
    database,
    async dropDatabase() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

let counter = 0;

/** A unique, valid email address for a test user. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

export const TEST_PASSWORD = 'correct horse battery staple';

/** Signs up a new user through supabase-js and returns a client signed in as them. */
export async function signedInClient(server: TestServer, email = uniqueEmail()) {
  const client = server.client();
  const { data, error } = await client.auth.signUp({ email, password: TEST_PASSWORD });
  if (error || !data.session || !data.user) throw new Error(`sign-up failed: ${error?.message ?? 'no session'}`);
  return { client, user: data.user, session: data.session, email };
}
