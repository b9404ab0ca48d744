// The database floors: the same statements the server runs, issued in this process with no HTTP around
// them. PGlite opens a copy of the server's data (one process at a time may hold a PGlite directory);
// PostgreSQL is a database the bench creates and drops, or BENCH_DATABASE_URL / TEST_DATABASE_URL.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { tempDir } from './sprout';

export interface Sql {
  query: (text: string, params: unknown[]) => Promise<unknown[]>;
  close: () => Promise<void>;
}

/** Opens a copy of a stopped server's PGlite data in this process. */
export async function openPgliteCopy(dataDir: string): Promise<Sql> {
  const copy = tempDir('pglite-floor');
  fs.cpSync(path.join(dataDir, 'pglite'), path.join(copy, 'pglite'), { recursive: true });
  const db = new PGlite(path.join(copy, 'pglite'));
  await db.waitReady;
  return {
    query: async (text, params) => (await db.query(text, params)).rows,
    close: async () => {
      await db.close();
      fs.rmSync(copy, { recursive: true, force: true });
    },
  };
}

/** A pool like the server's (10 connections). */
export function openPostgres(url: string): Sql {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  return {
    query: async (text, params) => (await pool.query(text, params)).rows,
    close: () => pool.end(),
  };
}

export interface PostgresTarget {
  url: string;
  /** Drops the database when the bench created it. */
  release: () => Promise<void>;
}

const LOCAL_ADMIN = 'postgres://postgres@127.0.0.1:5432/postgres';

/** The PostgreSQL to measure on, or null (with the reason logged) when none is reachable. */
export async function postgresTarget(log: (message: string) => void): Promise<PostgresTarget | null> {
  const given = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (given) return { url: given, release: async () => undefined };
  const adminUrl = process.env.BENCH_POSTGRES_ADMIN_URL || LOCAL_ADMIN;
  const name = `sprout_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
  } catch (error) {
    log(`PostgreSQL rows skipped: ${(error as Error).message} (set BENCH_DATABASE_URL)`);
    await admin.end().catch(() => undefined);
    return null;
  }
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    release: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
