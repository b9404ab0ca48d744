// Applies the SQL files in migrations/ in name order, each once, each in its own transaction.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** The two things a migration run needs from a driver: a query and a multi-statement script. */
export interface MigrationTarget {
  query(sql: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  exec(script: string): Promise<void>;
}

export interface Migration {
  name: string;
  sql: string;
}

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((name) => ({ name, sql: fs.readFileSync(path.join(dir, name), 'utf8') }));
}

/** Returns the names of the migrations it applied. */
export async function migrate(target: MigrationTarget, migrations = readMigrations()): Promise<string[]> {
  await target.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const { rows } = await target.query('SELECT name FROM schema_migrations');
  const applied = new Set(rows.map((r) => String(r.name)));
  const done: string[] = [];
  for (const migration of migrations) {
    if (applied.has(migration.name)) continue;
    const record = `INSERT INTO schema_migrations (name) VALUES ('${migration.name.replace(/'/g, "''")}');`;
    await target.exec(`BEGIN;\n${migration.sql}\n;${record}\nCOMMIT;`).catch(async (error: unknown) => {
      await target.exec('ROLLBACK').catch(() => undefined);
      throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`, { cause: error });
    });
    done.push(migration.name);
  }
  return done;
}
