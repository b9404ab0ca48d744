// The server's purges: old tombstones (docs/sync.md [S10], purge_old_tombstones of migration 011), notes
// in the Trash past their owner's retention ([S31], purge_expired_trash of migration 012) and versions past
// the history's (docs/history.md, purge_old_versions of migration 013), in batches, and
// the schedule each server runs them on. Safe with several servers on one database: one purge runs at a
// time there (an advisory lock both take), and a server that finds it taken does nothing.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { HISTORY_MIN_VERSIONS, HISTORY_RETENTION_DAYS } from '#core/history';
import { TOMBSTONE_RETENTION_DAYS } from '#core/sync-rules';
import type { DB } from './schema';

/** Rows removed (or turned into tombstones) per statement: on PGlite every other statement waits for it. */
export const PURGE_BATCH_ROWS = 1000;

export interface PurgeOptions {
  /** How long a tombstone is kept (days; fractions allowed, for tests). */
  retentionDays?: number;
  batchRows?: number;
}

/** Removes every tombstone older than the retention, a batch at a time; resolves with how many. */
export async function purgeOldTombstones(db: Kysely<DB>, options: PurgeOptions = {}): Promise<number> {
  const retention = `${(options.retentionDays ?? TOMBSTONE_RETENTION_DAYS) * 86_400} seconds`;
  return inBatches(
    db,
    options.batchRows ?? PURGE_BATCH_ROWS,
    (limit) =>
      sql<{ purged: number }>`select private.purge_old_tombstones(${retention}::interval, ${limit}::integer) as purged`,
  );
}

/**
 * Deletes for good every note that has been in the Trash longer than its owner keeps it, a batch at a
 * time: each becomes a tombstone, which devices pull [S31]. Resolves with how many.
 */
export async function purgeExpiredTrash(
  db: Kysely<DB>,
  options: Pick<PurgeOptions, 'batchRows'> = {},
): Promise<number> {
  return inBatches(
    db,
    options.batchRows ?? PURGE_BATCH_ROWS,
    (limit) => sql<{ purged: number }>`select private.purge_expired_trash(${limit}::integer) as purged`,
  );
}

/**
 * Removes the versions kept longer ago than the history's retention, except each note's newest
 * `HISTORY_MIN_VERSIONS`, a batch at a time; resolves with how many.
 */
export async function purgeOldVersions(
  db: Kysely<DB>,
  options: Pick<PurgeOptions, 'batchRows'> & { keepDays?: number } = {},
): Promise<number> {
  const keepDays = options.keepDays ?? HISTORY_RETENTION_DAYS;
  return inBatches(
    db,
    options.batchRows ?? PURGE_BATCH_ROWS,
    (limit) =>
      sql<{
        purged: number;
      }>`select private.purge_old_versions(${keepDays}::integer, ${HISTORY_MIN_VERSIONS}::integer, ${limit}::integer) as purged`,
  );
}

/** Runs a purge's batches until one comes back short: each statement is a transaction of its own. */
async function inBatches(
  db: Kysely<DB>,
  batchRows: number,
  batch: (limit: number) => RawBuilder<{ purged: number }>,
): Promise<number> {
  let total = 0;
  for (;;) {
    const { rows } = await batch(batchRows).execute(db);
    const purged = Number(rows[0]?.purged ?? 0);
    total += purged;
    if (purged < batchRows) return total;
  }
}

/** What one run of the schedule removed. */
export interface PurgeCounts {
  /** Tombstones removed [S10]. */
  tombstones: number;
  /** Notes in the Trash deleted for good, now tombstones [S31]. */
  trash: number;
  /** Versions past the history's retention. */
  versions: number;
}

/**
 * The three purges, the tombstones' first as before the Trash. Each marks the hour itself and takes the same
 * lock, so neither needs the other; the tombstones the trash purge makes are new, and wait out their own
 * retention.
 */
async function purgeAll(db: Kysely<DB>, options: PurgeOptions = {}): Promise<PurgeCounts> {
  const tombstones = await purgeOldTombstones(db, options);
  const trash = await purgeExpiredTrash(db, options);
  const versions = await purgeOldVersions(db, options);
  return { tombstones, trash, versions };
}

export interface PurgeSchedule {
  /** The first purge after start. */
  firstDelayMs: number;
  intervalMs: number;
  /** Told of each run that removed something, and of each failure (the next run tries again). */
  onPurged(counts: PurgeCounts): void;
  onError(error: unknown): void;
}

/**
 * The first purge soon after start, out of the way of its first requests; then hourly, as often as the
 * purges mark the revision sequence (migrations 011 and 012).
 */
export const DEFAULT_PURGE_SCHEDULE = { firstDelayMs: 10_000, intervalMs: 60 * 60_000 } as const;

/**
 * Runs both purges `firstDelayMs` after now and then every `intervalMs`, never two runs at once; returns
 * the function that stops it. The timers do not keep the process alive.
 */
export function schedulePurge(db: Kysely<DB>, schedule: PurgeSchedule, options: PurgeOptions = {}): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const run = async () => {
    try {
      const counts = await purgeAll(db, options);
      if (counts.tombstones > 0 || counts.trash > 0 || counts.versions > 0) schedule.onPurged(counts);
    } catch (error) {
      if (!stopped) schedule.onError(error);
    }
    if (!stopped) next(schedule.intervalMs);
  };
  const next = (delay: number) => {
    timer = setTimeout(() => void run(), delay);
    timer.unref?.();
  };
  next(schedule.firstDelayMs);
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
