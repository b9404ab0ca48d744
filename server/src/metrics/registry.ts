// One app's Prometheus metrics: a registry of its own (tests and benchmarks build many apps in one
// process, and prom-client's global registry would mix them), the process's default metrics, and the
// series the server records or reads when scraped: requests, database time and load, the change feed,
// syncs, AI turns and provider latency. Who records what is wired in app.ts; nothing here knows Fastify.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseLoad, QueryObserver } from '../db/database';

/** What the registry reads at each scrape. */
export interface MetricSources {
  databaseLoad(): DatabaseLoad;
  realtimeSockets(): number;
  changeFeedUp(): boolean;
}

// Seconds. Requests and queries are mostly milliseconds; the tail up to 10 s is what an operator looks for.
const REQUEST_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
// A provider's first byte takes from a tenth of a second to tens of seconds (AI_TIMEOUT_MS is 60 s).
const PROVIDER_BUCKETS = [0.1, 0.25, 0.5, 1, 2, 4, 8, 16, 32, 64];

export type AppMetrics = ReturnType<typeof createMetrics>;

export function createMetrics(sources: MetricSources) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: 'sprout_http_request_duration_seconds',
    help: 'HTTP requests by route pattern, method and status, from arrival to the last byte of the answer',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: REQUEST_BUCKETS,
    registers: [registry],
  });
  const queries = new Histogram({
    name: 'sprout_db_query_duration_seconds',
    help: 'Database statements, from Kysely handing one to the driver to its result (waiting in the queue included)',
    labelNames: ['outcome'] as const,
    buckets: QUERY_BUCKETS,
    registers: [registry],
  });
  new Gauge({
    name: 'sprout_db_queued',
    help: 'Work waiting for the database: on PGlite, statements in its worker queue or held behind a transaction; on PostgreSQL, queries waiting for a pool connection',
    registers: [registry],
    collect() {
      const load = sources.databaseLoad();
      this.set(load.kind === 'pglite' ? load.queued : load.waiting);
    },
  });
  new Gauge({
    name: 'sprout_db_connections',
    help: "The database connections by state (PGlite has one, in use while its queue is not empty; PostgreSQL's pool has up to 10)",
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const load = sources.databaseLoad();
      const inUse = load.kind === 'pglite' ? Math.min(load.queued, 1) : load.inUse;
      const idle = load.kind === 'pglite' ? 1 - inUse : load.idle;
      this.set({ state: 'in_use' }, inUse);
      this.set({ state: 'idle' }, idle);
    },
  });
  new Gauge({
    name: 'sprout_realtime_sockets',
    help: 'Change-feed WebSockets open on this server',
    registers: [registry],
    collect() {
      this.set(sources.realtimeSockets());
    },
  });
  new Gauge({
    name: 'sprout_change_feed_up',
    help: "1 while this server's change feed (LISTEN) is connected, else 0",
    registers: [registry],
    collect() {
      this.set(sources.changeFeedUp() ? 1 : 0);
    },
  });
  const syncs = new Counter({
    name: 'sprout_sync_requests_total',
    help: 'Reads (GET) and writes (POST, PATCH, DELETE) of notes through /rest/v1/notes, by status',
    labelNames: ['op', 'status_code'] as const,
    registers: [registry],
  });
  const turns = new Counter({
    name: 'sprout_ai_turns_total',
    help: "AI turns by kind and outcome: done, fallback, aborted (the browser left) or the error event's code",
    labelNames: ['kind', 'outcome'] as const,
    registers: [registry],
  });
  const provider = new Histogram({
    name: 'sprout_ai_provider_seconds',
    help: 'AI provider calls: time to the first streamed text (first_byte) and to the end of the call (total)',
    labelNames: ['call', 'phase', 'outcome'] as const,
    buckets: PROVIDER_BUCKETS,
    registers: [registry],
  });

  const observeQuery: QueryObserver = (durationMs, failed) =>
    queries.observe({ outcome: failed ? 'error' : 'ok' }, durationMs / 1000);

  return {
    registry,
    observeQuery,
    request(method: string, route: string, statusCode: number, seconds: number): void {
      const status = String(statusCode);
      requests.observe({ method, route, status_code: status }, seconds);
      // The notes' sync traffic (supabase-js pulls and pushes), counted apart from the other REST routes.
      if (route === '/rest/v1/notes' && method !== 'HEAD' && method !== 'OPTIONS')
        syncs.inc({ op: method === 'GET' ? 'read' : 'write', status_code: status });
    },
    /** The structural AiObserver of ai/turn-observer.ts. */
    ai: {
      turnEnded(kind: string, outcome: string): void {
        turns.inc({ kind, outcome });
      },
      providerCall(call: string, outcome: string, seconds: { firstByte?: number; total: number }): void {
        if (seconds.firstByte !== undefined)
          provider.observe({ call, phase: 'first_byte', outcome }, seconds.firstByte);
        provider.observe({ call, phase: 'total', outcome }, seconds.total);
      },
    },
  };
}
