// Whether this server can serve requests now, for a proxy or an orchestrator that takes a server out of
// rotation (GET /api/ready; GET /api/health stays a cheap liveness probe). Ready means the database
// answers a query in time (on PGlite: its worker thread is alive; on PostgreSQL: the pool reaches the
// server) and the change feed that carries live changes between servers is connected. The migrations ran
// before the server listened, so a server that answers has them.
import { sql, type Kysely } from 'kysely';
import type { FeedStatus } from '../db/change-feed';
import type { DB } from '../db/schema';

export type DatabaseCheck = 'ok' | 'failed' | 'timeout' | 'starting';

export interface Readiness {
  ready: boolean;
  checks: { database: DatabaseCheck; changeFeed: FeedStatus | 'starting' };
}

/** A database that takes longer than this to answer `select 1` is as good as down for a probe. */
export const READINESS_TIMEOUT_MS = 2_000;

async function checkDatabase(db: Kysely<DB>, timeoutMs: number): Promise<DatabaseCheck> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<DatabaseCheck>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  try {
    return await Promise.race([
      sql`select 1`.execute(db).then(
        () => 'ok' as const,
        () => 'failed' as const,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export async function checkReadiness(deps: {
  db: Kysely<DB>;
  changeFeed: () => FeedStatus | 'starting';
  timeoutMs?: number;
}): Promise<Readiness> {
  const database = await checkDatabase(deps.db, deps.timeoutMs ?? READINESS_TIMEOUT_MS);
  const changeFeed = deps.changeFeed();
  return { ready: database === 'ok' && changeFeed === 'up', checks: { database, changeFeed } };
}
