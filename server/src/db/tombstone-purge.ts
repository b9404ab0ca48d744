// The purge of old tombstones (docs/sync.md [S10]): the database's purge_old_tombstones (migration 011),
// in batches, and the schedule each server runs it on. Safe with several servers on one database: one
// purge runs at a time there (an advisory lock), and a server that finds it taken does nothing.
import { sql, type Kysely } from 'kysely';
import { TOMBSTONE_RETENTION_DAYS } from '#core/sync-rules';
import type { DB } from './schema';

/** Tombstones removed per statement: on PGlite every other statement waits for it. */
export const PURGE_BATCH_ROWS = 1000;

export interface PurgeOptions {
  /** How long a tombstone is kept (days; fractions allowed, for tests). */
  retentionDays?: number;
  batchRows?: number;
}

/** Removes every tombstone older than the retention, a batch at a time; resolves with how many. */
export async function purgeOldTombstones(db: Kysely<DB>, options: PurgeOptions = {}): Promise<number> {
  const retention = `${(options.retentionDays ?? TOMBSTONE_RETENTION_DAYS) * 86_400} seconds`;
  const batchRows = options.batchRows ?? PURGE_BATCH_ROWS;
  let total = 0;
  for (;;) {
    const { rows } = await sql<{
      purged: number;
    }>`select purge_old_tombstones(${retention}::interval, ${batchRows}::integer) as purged`.execute(db);
    const purged = Number(rows[0]?.purged ?? 0);
    total += purged;
    if (purged < batchRows) return total;
  }
}

export interface PurgeSchedule {
  /** The first purge after start. */
  firstDelayMs: number;
  intervalMs: number;
  /** Told of each purge that removed something, and of each failure (the next one tries again). */
  onPurged(count: number): void;
  onError(error: unknown): void;
}

/**
 * The first purge soon after start, out of the way of its first requests; then hourly, as often as the
 * purge marks the revision sequence (migration 011).
 */
export const DEFAULT_PURGE_SCHEDULE = { firstDelayMs: 10_000, intervalMs: 60 * 60_000 } as const;

/**
 * Runs the purge `firstDelayMs` after now and then every `intervalMs`, never two at once; returns the
 * function that stops it. The timers do not keep the process alive.
 */
export function schedulePurge(db: Kysely<DB>, schedule: PurgeSchedule, options: PurgeOptions = {}): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const run = async () => {
    try {
      const purged = await purgeOldTombstones(db, options);
      if (purged > 0) schedule.onPurged(purged);
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
