// Restores a backup (backup-format.ts) into an empty DATA_DIR or an empty PostgreSQL database, either
// kind from either kind: that is how an embedded instance moves to PostgreSQL and back. The file is read
// whole and checked before anything is written; then the schema is migrated to where the backup's was,
// the rows go in with the tables' triggers off (revisions, counters and history stay as they were) in
// one transaction, the sequences are set, and the migrations the backup's Sprout did not have yet run
// last, as they do on any upgrade.
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { lockDataDir } from '../db/data-dir-lock';
import { securePrivateDir } from '../db/data-dir-permissions';
import { migrate, readMigrations, type MigrationTarget } from '../db/migrate';
import { decodeKey, encryptionKeyId } from '../secrets';
import { BackupError, readBackup, type BackupHeader, type CheckedBackup } from './backup-format';

export type RestoreTarget = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

export interface RestoreOptions {
  /** Leave users' provider keys out (when the key that encrypted them is not at hand); users enter them again. */
  dropAiKeys: boolean;
  config: Pick<Config, 'encryptionKey' | 'jwtSecret'>;
}

export interface RestoreSummary {
  header: BackupHeader;
  rows: Record<string, number>;
  /** Migrations newer than the backup's, applied after its rows. */
  upgraded: string[];
  warnings: string[];
}

// Users' provider keys: in `public` in a backup made before migration 016 moved them.
const isAiKeysTable = (table: string) => table === 'private.user_ai_keys' || table === 'public.user_ai_keys';
const INSERT_BATCH_ROWS = 500;

export async function restoreBackup(
  file: string,
  target: RestoreTarget,
  options: RestoreOptions,
): Promise<RestoreSummary> {
  const checked = await readBackup(file);
  const { header } = checked;
  const known = readMigrations();
  const unknown = header.migrations.filter((name) => !known.some((migration) => migration.name === name));
  if (unknown.length > 0)
    throw new BackupError(
      `${file} was made by a newer Sprout (its database has migrations this one does not know: ${unknown.join(', ')}). Restore it with that version or a later one.`,
    );
  const keyPlan = planEncryptionKey(checked, options);
  const warnings = [...keyPlan.warnings];
  if (options.config.jwtSecret && options.config.jwtSecret !== header.secrets.jwtSecret)
    warnings.push(
      'JWT_SECRET here is not the secret the backed-up Sprout signed with: every session ends and users sign in again.',
    );
  const opened = await openEmptyTarget(target);
  let rows: Record<string, number>;
  let upgraded: string[];
  try {
    await migrate(
      opened.sql,
      known.filter((migration) => header.migrations.includes(migration.name)),
    );
    rows = await loadRows(opened.sql, file, header, { skipAiKeys: keyPlan.dropAiKeys });
    upgraded = await migrate(opened.sql);
    await opened.finish(header.secrets.jwtSecret, keyPlan.storeKey);
  } catch (error) {
    await opened.abandon();
    throw error;
  }
  return { header, rows, upgraded, warnings };
}

interface KeyPlan {
  /** The key to store in the target's database (the backup's, when it holds one and no ENCRYPTION_KEY overrides it). */
  storeKey: string | null;
  dropAiKeys: boolean;
  warnings: string[];
}

/**
 * Users' provider keys are readable after the restore only under the key that encrypted them: the one in
 * the backup, or ENCRYPTION_KEY set to the same key. Anything else is refused before a byte is written,
 * unless the operator chose to leave the keys out.
 */
function planEncryptionKey(checked: CheckedBackup, options: RestoreOptions): KeyPlan {
  const { secrets } = checked.header;
  const aiKeys = Object.entries(checked.rows)
    .filter(([table]) => isAiKeysTable(table))
    .reduce((sum, [, n]) => sum + n, 0);
  const envKeyId = options.config.encryptionKey ? encryptionKeyId(decodeKey(options.config.encryptionKey)) : null;
  const storeKey = envKeyId === null ? secrets.encryptionKey : null;
  const usable = envKeyId === secrets.encryptionKeyId || (envKeyId === null && secrets.encryptionKey !== null);
  if (aiKeys === 0 || usable) return { storeKey, dropAiKeys: false, warnings: [] };
  if (options.dropAiKeys)
    return {
      storeKey,
      dropAiKeys: true,
      warnings: [`Left out ${aiKeys} users' provider keys (--drop-ai-keys): those users enter their keys again.`],
    };
  const needed = `the key whose id is ${secrets.encryptionKeyId}`;
  throw new BackupError(
    envKeyId !== null
      ? `ENCRYPTION_KEY here is not the key that encrypted the ${aiKeys} users' provider keys in this backup (${needed}). Set ENCRYPTION_KEY to that key, or restore with --drop-ai-keys to leave those keys out.`
      : `This backup holds ${aiKeys} users' provider keys but not the key that encrypted them (${needed}). Set ENCRYPTION_KEY to that key, take the backup again with --include-encryption-key, or restore with --drop-ai-keys to leave those keys out.`,
  );
}

interface OpenedTarget {
  sql: MigrationTarget;
  /** Stores the secrets, closes the database and makes its files private. */
  finish(jwtSecret: string, encryptionKey: string | null): Promise<void>;
  /** After a failure: closes, and removes what the restore created where it can. */
  abandon(): Promise<void>;
}

async function openEmptyTarget(target: RestoreTarget): Promise<OpenedTarget> {
  return target.kind === 'pglite' ? openEmptyPGlite(target.dataDir) : openEmptyPostgres(target.url);
}

async function openEmptyPGlite(dataDir: string): Promise<OpenedTarget> {
  const dir = path.join(dataDir, 'pglite');
  if (fs.existsSync(path.join(dir, 'PG_VERSION')))
    throw new BackupError(
      `${dataDir} already holds a Sprout database: restore into an empty DATA_DIR (a new directory, or move this one away first).`,
    );
  const lock = lockDataDir(dataDir);
  const { PGlite } = await import('@electric-sql/pglite');
  const { pgliteStartParams } = await import('../db/pglite-settings');
  let pglite: InstanceType<typeof PGlite>;
  try {
    pglite = new PGlite(dir, { startParams: pgliteStartParams() });
    await pglite.waitReady;
  } catch (error) {
    lock.release();
    throw error;
  }
  const close = async () => {
    if (!pglite.closed) await pglite.close();
  };
  const target: MigrationTarget = {
    query: (text, params) => pglite.query<Record<string, unknown>>(text, params),
    exec: async (script) => void (await pglite.exec(script)),
  };
  return {
    sql: target,
    async finish(jwtSecret, encryptionKey) {
      if (encryptionKey) await storeSecret(target, 'encryption_key', encryptionKey);
      await close();
      // The embedded server keeps its JWT secret in DATA_DIR (secrets.ts), beside the database.
      fs.writeFileSync(path.join(dataDir, 'jwt-secret'), jwtSecret, { mode: 0o600 });
      securePrivateDir(dataDir);
      lock.release();
    },
    async abandon() {
      await close().catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
      lock.release();
    },
  };
}

async function openEmptyPostgres(url: string): Promise<OpenedTarget> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, options: '-c TimeZone=UTC' });
  await client.connect();
  const occupied = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname IN ('public', 'private') AND c.relkind IN ('r', 'p', 'v', 'm', 'S') LIMIT 3`,
  );
  if (occupied.rows.length > 0) {
    await client.end();
    throw new BackupError(
      `The database at DATABASE_URL is not empty (it has ${occupied.rows.map((row) => row.name).join(', ')}...): restore into a new, empty database (createdb), before Sprout starts on it.`,
    );
  }
  const target: MigrationTarget = {
    query: (text, params) => client.query(text, params),
    exec: async (script) => void (await client.query(script)),
  };
  return {
    sql: target,
    async finish(jwtSecret, encryptionKey) {
      // Servers on PostgreSQL share their secrets through the database (secrets.ts).
      await storeSecret(target, 'jwt_secret', jwtSecret);
      if (encryptionKey) await storeSecret(target, 'encryption_key', encryptionKey);
      await client.end();
    },
    async abandon() {
      await client.end().catch(() => undefined);
    },
  };
}

async function storeSecret(target: MigrationTarget, name: string, value: string): Promise<void> {
  await target.query(
    'INSERT INTO private.server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value',
    [name, value],
  );
}

const quoteName = (qualified: string) =>
  qualified
    .split('.')
    .map((part) => `"${part.replace(/"/g, '""')}"`)
    .join('.');

/** The second pass over the file: every row in, in one transaction, with the tables' own triggers off. */
async function loadRows(
  target: MigrationTarget,
  file: string,
  header: BackupHeader,
  { skipAiKeys }: { skipAiKeys: boolean },
): Promise<Record<string, number>> {
  const columns = new Map<string, string>();
  for (const table of header.tables) {
    const result = await target.query(
      `SELECT string_agg(quote_ident(attname), ', ' ORDER BY attnum) AS columns FROM pg_attribute
       WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = ''`,
      [quoteName(table)],
    );
    columns.set(table, String(result.rows[0]?.columns));
  }
  const loaded: Record<string, number> = Object.fromEntries(header.tables.map((table) => [table, 0]));
  let batch: unknown[] = [];
  let batchTable = '';
  const flush = async () => {
    if (batch.length === 0) return;
    const cols = columns.get(batchTable);
    await target.query(
      `INSERT INTO ${quoteName(batchTable)} (${cols}) OVERRIDING SYSTEM VALUE
       SELECT ${cols} FROM jsonb_populate_recordset(NULL::${quoteName(batchTable)}, $1::jsonb)`,
      [JSON.stringify(batch)],
    );
    loaded[batchTable] = (loaded[batchTable] ?? 0) + batch.length;
    batch = [];
  };
  await target.exec('BEGIN');
  try {
    for (const table of header.tables) await target.exec(`ALTER TABLE ${quoteName(table)} DISABLE TRIGGER USER`);
    await readBackup(file, async (table, row) => {
      if (skipAiKeys && isAiKeysTable(table)) return;
      if (table !== batchTable || batch.length >= INSERT_BATCH_ROWS) await flush();
      batchTable = table;
      batch.push(row);
    });
    await flush();
    for (const sequence of header.sequences)
      await target.query('SELECT setval($1::regclass, $2, $3)', [
        quoteName(sequence.name),
        sequence.value,
        sequence.isCalled,
      ]);
    for (const table of header.tables) await target.exec(`ALTER TABLE ${quoteName(table)} ENABLE TRIGGER USER`);
    await target.exec('COMMIT');
  } catch (error) {
    await target.exec('ROLLBACK').catch(() => undefined);
    throw error;
  }
  return loaded;
}
