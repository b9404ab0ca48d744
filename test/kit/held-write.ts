// A write held open on PostgreSQL while something else runs into it: for tests of what a statement does
// with a row another transaction is writing (the purges re-check such a row in its new version).
import { sql, type Kysely, type Transaction } from 'kysely';
import { expect, vi } from 'vitest';

/**
 * Runs `write` in a transaction and holds it open; starts `action`, waits until PostgreSQL shows it
 * blocked on a lock (not a sleep), then commits the write. Resolves with what `action` resolved with.
 */
export async function againstHeldWrite<DB, T>(
  db: Kysely<DB>,
  write: (trx: Transaction<DB>) => Promise<unknown>,
  action: () => Promise<T>,
): Promise<T> {
  let release!: () => void;
  let written!: () => void;
  const wrote = new Promise<void>((resolve) => (written = resolve));
  const writer = db.transaction().execute(async (trx) => {
    await write(trx);
    written();
    await new Promise<void>((resolve) => (release = resolve));
  });
  await wrote;
  const acting = action();
  await vi.waitFor(
    async () => {
      const { rows } = await sql<{ waiting: number }>`
        SELECT count(*)::int AS waiting FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(db);
      expect(rows[0]?.waiting).toBe(1);
    },
    { timeout: 10_000, interval: 20 },
  );
  release();
  await writer;
  return acting;
}
