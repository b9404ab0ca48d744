// Where @fastify/rate-limit keeps its counters. One process (PGlite) keeps them in memory, the plugin's
// default. Several servers on one PostgreSQL share them in its `rate_limits` table (migration 006), or
// in Redis when REDIS_URL is set (the plugin's own Redis store), so a limit allows its quota once across
// all servers, not once per server. Every limit (config.rateLimit on a route, app.rateLimit()) goes
// through the store chosen here; none needs to know which it is.
import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor, RateLimitPluginOptions } from '@fastify/rate-limit';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

export interface RateLimitBackend {
  /** Options for `app.register(rateLimit, ...)`. */
  options: Pick<RateLimitPluginOptions, 'store' | 'redis' | 'nameSpace'>;
  close(): Promise<void>;
}

/** Redis if configured, else the database when several servers can share it, else memory. */
export async function rateLimitBackend(options: { redisUrl: string | undefined; db: Kysely<DB>; shared: boolean }): Promise<RateLimitBackend> {
  if (options.redisUrl) {
    // Loaded only when configured: the client is a tenth of the server's start-up imports.
    const { Redis } = await import('ioredis');
    // Fail fast: a request waits for its counter, so an unreachable Redis must not hold it for long.
    const redis = new Redis(options.redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1, enableOfflineQueue: true });
    redis.on('error', () => undefined);
    return { options: { redis, nameSpace: 'sprout-rate-limit-' }, close: async () => void (await redis.quit().catch(() => redis.disconnect())) };
  }
  if (options.shared) return { options: { store: postgresRateLimitStore(options.db) }, close: async () => undefined };
  return { options: {}, close: async () => undefined };
}

/** Expired counters are deleted every this many increments (any server may do it). */
const CLEANUP_EVERY = 500;

interface RouteInfo {
  routeInfo?: { method?: unknown; url?: unknown };
}

/** A fixed window per key, counted atomically by one upsert (PostgreSQL's row lock orders concurrent increments). */
export async function incrementWindow(db: Kysely<DB>, key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
  const { rows } = await sql<{ count: number; ttl: number }>`
    INSERT INTO rate_limits AS r (key, count, expires_at)
    VALUES (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN r.expires_at <= now() THEN 1 ELSE r.count + 1 END,
      expires_at = CASE WHEN r.expires_at <= now() THEN EXCLUDED.expires_at ELSE r.expires_at END
    RETURNING count, greatest(0, ceil(extract(epoch FROM (expires_at - now())) * 1000))::int8 AS ttl`.execute(db);
  const row = rows[0];
  if (!row) throw new Error('rate limit upsert returned no row');
  return { current: Number(row.count), ttl: Number(row.ttl) };
}

/** The store class @fastify/rate-limit instantiates, over this database. */
export function postgresRateLimitStore(db: Kysely<DB>): FastifyRateLimitStoreCtor {
  let increments = 0;
  // Limiters made with app.rateLimit() carry no route: they are numbered in registration order, which
  // is the same on every server running this build.
  let unnamed = 0;

  class PostgresStore implements FastifyRateLimitStore {
    constructor(
      _options: FastifyRateLimitOptions,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      if (++increments % CLEANUP_EVERY === 0) {
        void sql`DELETE FROM rate_limits WHERE expires_at < now() - interval '1 minute'`.execute(db).catch(() => undefined);
      }
      incrementWindow(db, `${this.prefix}${key}`, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: FastifyRateLimitOptions & RouteInfo): FastifyRateLimitStore {
      const { method, url } = routeOptions.routeInfo ?? {};
      const name = typeof method === 'string' && typeof url === 'string' ? `${method} ${url}` : `limiter-${++unnamed}`;
      return new PostgresStore(routeOptions, `${name}|`);
    }
  }
  return PostgresStore;
}
