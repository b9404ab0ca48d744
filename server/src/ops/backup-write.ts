// Takes a backup (backup-format.ts) of a database the caller has open: a running server's own handle
// (through its admin socket, on PGlite) or a connection of the admin command's own. Every row is read in
// one read-only REPEATABLE READ transaction, one snapshot: a write committed during the backup is in it
// whole or not at all. On PGlite that transaction has the one connection to itself, so requests wait
// while it runs (README, "Backups").
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/schema';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, BackupLineWriter, type SequenceValue } from './backup-format';
import { backedUpTables, sequencesOf } from './catalog';

export interface BackupSource {
  db: Kysely<DB>;
  kind: 'pglite' | 'postgres';
  sprout: { version: string; commit: string | null };
  jwtSecret: string;
  encryption: { key: Buffer; keyId: string };
}

export interface BackupOptions {
  /** Put the encryption key in the file: anyone with the file can then read users' provider keys. */
  includeEncryptionKey: boolean;
}

export interface BackupSummary {
  rows: Record<string, number>;
  includesEncryptionKey: boolean;
}

const FETCH_ROWS = 500;

/** Writes the backup through `write` (which resolves when more may be written), ending with its last line. */
export async function writeBackup(
  source: BackupSource,
  options: BackupOptions,
  write: (chunk: string) => Promise<void>,
): Promise<BackupSummary> {
  const lines = new BackupLineWriter(write);
  await source.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      await sql`SET TRANSACTION READ ONLY`.execute(trx);
      // The first statement takes the snapshot; the sequences, read after it, are at least where its rows are.
      const migrations = await sql<{ name: string }>`SELECT name FROM schema_migrations ORDER BY name`.execute(trx);
      const tables = await backedUpTables(trx);
      const sequences: SequenceValue[] = await sequencesOf(trx);
      await lines.header({
        format: BACKUP_FORMAT,
        formatVersion: BACKUP_FORMAT_VERSION,
        createdAt: new Date().toISOString(),
        sprout: source.sprout,
        source: source.kind,
        migrations: migrations.rows.map((row) => row.name),
        tables: tables.map((table) => table.name),
        sequences,
        secrets: {
          jwtSecret: source.jwtSecret,
          encryptionKey: options.includeEncryptionKey ? source.encryption.key.toString('base64') : null,
          encryptionKeyId: source.encryption.keyId,
        },
      });
      for (const table of tables) await copyRows(trx, table, lines);
    });
  await lines.end();
  return { rows: { ...lines.rows }, includesEncryptionKey: options.includeEncryptionKey };
}

/** The table's rows in primary-key order (a parent row before the rows that point at it), through a cursor. */
async function copyRows(
  trx: Transaction<DB>,
  table: { name: string; orderBy: string[] },
  lines: BackupLineWriter,
): Promise<void> {
  const order =
    table.orderBy.length > 0 ? sql` ORDER BY ${sql.join(table.orderBy.map((c) => sql.ref(`t.${c}`)))}` : sql``;
  await sql`DECLARE sprout_backup NO SCROLL CURSOR FOR SELECT to_jsonb(t)::text AS row FROM ${sql.table(table.name)} t${order}`.execute(
    trx,
  );
  for (;;) {
    const batch = await sql<{ row: string }>`FETCH FORWARD ${sql.lit(FETCH_ROWS)} FROM sprout_backup`.execute(trx);
    for (const { row } of batch.rows) await lines.row(table.name, row);
    if (batch.rows.length < FETCH_ROWS) break;
  }
  await sql`CLOSE sprout_backup`.execute(trx);
}
