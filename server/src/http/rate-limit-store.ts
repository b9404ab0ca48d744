// Where @fastify/rate-limit keeps its counters. One process (PGlite) keeps them in memory, the plugin's
// default. Several servers on one PostgreSQL share them in its `rate_limits` table (migration 006), or
// in Redis when REDIS_URL is set (the plugin's own Redis store), so a limit allows its quota once across
// all servers, not once per server. Every limit (config.rateLimit on a route, app.rateLimit()) goes
// through the store chosen here; none needs to know which it is.
import type {
  FastifyRateLimitOptions,
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
  RateLimitPluginOptions,
} from '@fastify/rate-limit';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

export interface RateLimitBackend {
  /** Options for `app.register(rateLimit, ...)`. */
  options: Pick<RateLimitPluginOptions, 'store' | 'redis' | 'nameSpace'>;
  close(): Promise<void>;
}

/** Redis if configured, else the database when several servers can share it, else memory. */
export async function rateLimitBackend(options: {
  redisUrl: string | undefined;
  db: Kysely<DB>;
  shared: boolean;
}): Promise<RateLimitBackend> {
  if (options.redisUrl) {
    // Loaded only when configured: the client is a tenth of the server's start-up imports.
    const { Redis } = await import('ioredis');
    // Fail fast: a request waits for its counter, so an unreachable Redis must not hold it for long.
    const redis = new Redis(options.redisUrl, {
      connectTimeout: 1000,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: true,
    });
    redis.on('error', () => undefined);
    return {
      options: { redis, nameSpace: 'sprout-rate-limit-' },
      close: async () => void (await redis.quit().catch(() => redis.disconnect())),
    };
  }
  if (options.shared) return { options: { store: postgresRateLimitStore(options.db) }, close: async () => undefined };
  return { options: {}, close: async () => undefined };
}

/** Expired counters are deleted every this many increments (any server may do it). */
const CLEANUP_EVERY = 500;

interface RouteInfo {
  routeInfo?: { method?: unknown; url?: unknown };
}

/** A counter's window after an increment: its count so far (this increment included) and ms left. */
export interface WindowCount {
  current: number;
  ttl: number;
}

/**
 * Fixed windows, several keys' in one upsert (PostgreSQL's row lock orders concurrent increments of a
 * key), each raised by `by`: the count returned is the last of the `by`
 * numbers it hands out. The time left is read on the clock, not at the transaction's start: a statement
 * that waited for another's row lock may have started before the other, whose window then ends more
 * than a window after this one's now(). Keys are distinct, and locked in their sorted order, so two servers' batches
 * over the same keys queue behind each other instead of deadlocking.
 */
export async function incrementWindows(
  db: Kysely<DB>,
  increments: readonly { key: string; by: number; windowMs: number }[],
): Promise<Map<string, WindowCount>> {
  const sorted = [...increments].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const { rows } = await sql<{ key: string; count: number; ttl: number }>`
    INSERT INTO private.rate_limits AS r (key, count, expires_at)
    SELECT k, n, now() + w * interval '1 millisecond'
    FROM unnest(${sorted.map((i) => i.key)}::text[], ${sorted.map((i) => i.by)}::int[], ${sorted.map((i) => i.windowMs)}::float8[]) WITH ORDINALITY AS t(k, n, w, o)
    ORDER BY o
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN r.expires_at <= now() THEN EXCLUDED.count ELSE r.count + EXCLUDED.count END,
      expires_at = CASE WHEN r.expires_at <= now() THEN EXCLUDED.expires_at ELSE r.expires_at END
    RETURNING key, count, greatest(0, ceil(extract(epoch FROM (expires_at - clock_timestamp())) * 1000))::int8 AS ttl`.execute(
    db,
  );
  return new Map(rows.map((row) => [row.key, { current: Number(row.count), ttl: Number(row.ttl) }]));
}

type Callback = (error: Error | null, result?: WindowCount) => void;
interface Waiting {
  key: string;
  windowMs: number;
  callback: Callback;
}

/**
 * Counts increments in batches: those that arrive while a batch is in flight go together in the next
 * one, one statement for all of them. Under concurrent requests the counters cost the database one
 * upsert per round trip rather than one per request (a write was two statements, the counter's and its
 * own), and requests of one user no longer queue one by one on their counter's row lock. A key counted
 * k times in a batch is raised by k and its k numbers are handed out in arrival order, so every request
 * gets the number it would have got alone: the limits stay exact across servers.
 */
export class WindowBatcher {
  #waiting: Waiting[] = [];
  #inFlight = false;

  constructor(private readonly db: Kysely<DB>) {}

  increment(key: string, windowMs: number, callback: Callback): void {
    this.#waiting.push({ key, windowMs, callback });
    if (!this.#inFlight) this.#flush();
  }

  #flush(): void {
    const batch = this.#waiting;
    if (batch.length === 0) return;
    this.#waiting = [];
    this.#inFlight = true;
    const byKey = new Map<string, Waiting[]>();
    for (const waiting of batch) {
      const same = byKey.get(waiting.key);
      if (same) same.push(waiting);
      else byKey.set(waiting.key, [waiting]);
    }
    // A key's window is its limiter's; two limiters never share a key (each has its own prefix).
    const increments = [...byKey].map(([key, list]) => ({ key, by: list.length, windowMs: list[0]!.windowMs }));
    incrementWindows(this.db, increments)
      .then(
        (counts) => {
          for (const [key, list] of byKey) {
            const counted = counts.get(key);
            list.forEach((waiting, index) =>
              counted
                ? waiting.callback(null, { current: counted.current - list.length + 1 + index, ttl: counted.ttl })
                : waiting.callback(new Error('rate limit upsert returned no row')),
            );
          }
        },
        (error: unknown) => {
          const failure = error instanceof Error ? error : new Error(String(error));
          for (const waiting of batch) waiting.callback(failure);
        },
      )
      .finally(() => {
        this.#inFlight = false;
        this.#flush();
      });
  }
}

/** The store class @fastify/rate-limit instantiates, over this database. */
export function postgresRateLimitStore(db: Kysely<DB>): FastifyRateLimitStoreCtor {
  let increments = 0;
  const batcher = new WindowBatcher(db);
  // Limiters made with app.rateLimit() carry no route: they are numbered in registration order, which
  // is the same on every server running this build.
  let unnamed = 0;

  class PostgresStore implements FastifyRateLimitStore {
    constructor(
      _options: FastifyRateLimitOptions,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      if (++increments % CLEANUP_EVERY === 0) {
        void sql`DELETE FROM private.rate_limits WHERE expires_at < now() - interval '1 minute'`
          .execute(db)
          .catch(() => undefined);
      }
      batcher.increment(`${this.prefix}${key}`, timeWindow, callback);
    }

    child(routeOptions: FastifyRateLimitOptions & RouteInfo): FastifyRateLimitStore {
      const { method, url } = routeOptions.routeInfo ?? {};
      const name = typeof method === 'string' && typeof url === 'string' ? `${method} ${url}` : `limiter-${++unnamed}`;
      return new PostgresStore(routeOptions, `${name}|`);
    }
  }
  return PostgresStore;
}
