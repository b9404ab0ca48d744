// Floors and loads for the API benchmarks (issue 10 goal 2), as pure functions over an open database or
// a server URL, for `npm run bench` and bench/investigations/measure-server.ts:
// - rawSelectLoop: the SELECT behind GET 100 notes, straight through the same database handle, `concurrency` loops;
// - inProcessInsertLoop: the INSERT behind POST a note, the same way;
// - httpLoad: HTTP requests over `connections` keep-alive sockets (node:http, no client library);
// - seedNotes: n notes for a user, written directly.
// Each returns throughput and latency percentiles over a fixed duration.
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../server/src/db/schema';

export interface LoadResult {
  requests: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  errors: number;
  timeouts: number;
}

export interface LoopOptions {
  concurrency: number;
  durationMs: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** Runs `once` in `concurrency` loops until `durationMs` has passed; each call's outcome is timed. */
export async function loop(once: () => Promise<'ok' | 'error' | 'timeout'>, options: LoopOptions): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  let timeouts = 0;
  const began = performance.now();
  const end = began + options.durationMs;
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (performance.now() < end) {
        const start = performance.now();
        const outcome = await once().catch(() => 'error' as const);
        if (outcome === 'ok') latencies.push(performance.now() - start);
        else if (outcome === 'timeout') timeouts += 1;
        else errors += 1;
      }
    }),
  );
  const elapsed = performance.now() - began;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    perSecond: (latencies.length * 1000) / elapsed,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    maxMs: latencies.at(-1) ?? Number.NaN,
    errors,
    timeouts,
  };
}

/** The floor of GET 100 notes: the same SELECT on the same database, rows parsed, no HTTP and no JSON. */
export function rawSelectLoop(db: Kysely<DB>, userId: string, options: LoopOptions): Promise<LoadResult> {
  return loop(async () => {
    await db.selectFrom('notes').selectAll().where('user_id', '=', userId).orderBy('updated_at', 'desc').limit(100).execute();
    return 'ok';
  }, options);
}

/** A note row as the app writes it, for the insert floor and the POST load alike. */
export function noteRow(userId: string): Record<string, unknown> {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    user_id: userId,
    title: 'A benchmark note',
    content: 'Some text that a person might write in a note, about as long as a short paragraph is.',
    expanded_content: null,
    is_checklist: false,
    checklist_items: null,
    chat_history: null,
    created_at: now,
    updated_at: now,
    last_mutation_id: randomUUID(),
  };
}

/** The floor of POST a note: the same INSERT on the same database, one statement per note. */
export function inProcessInsertLoop(db: Kysely<DB>, userId: string, options: LoopOptions): Promise<LoadResult> {
  return loop(async () => {
    await db.insertInto('notes').values(noteRow(userId) as never).execute();
    return 'ok';
  }, options);
}

/** The floor of PATCH a note: the same UPDATE by id on the same database. */
export function inProcessUpdateLoop(db: Kysely<DB>, userId: string, ids: string[], options: LoopOptions): Promise<LoadResult> {
  let next = 0;
  return loop(async () => {
    const id = ids[next++ % ids.length] ?? '';
    await db
      .updateTable('notes')
      .set({ title: `edited ${next}`, updated_at: new Date(), base_revision: null })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .execute();
    return 'ok';
  }, options);
}

export async function seedNotes(db: Kysely<DB>, userId: string, count: number): Promise<string[]> {
  const rows = Array.from({ length: count }, () => noteRow(userId));
  await db.insertInto('notes').values(rows as never).execute();
  return rows.map((row) => String(row.id));
}

export interface HttpRequestSpec {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface HttpLoadOptions extends LoopOptions {
  url: string;
  /** A request that takes longer counts as a timeout (the socket is dropped). */
  timeoutMs: number;
  /** Statuses that count as success. */
  ok: (status: number) => boolean;
}

/** `concurrency` keep-alive connections, each sending `next()` requests back to back. */
export async function httpLoad(next: () => HttpRequestSpec, options: HttpLoadOptions): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency });
  const target = new URL(options.url);
  try {
    return await loop(
      () =>
        new Promise((resolve) => {
          const spec = next();
          const request = http.request(
            { host: target.hostname, port: target.port, method: spec.method, path: spec.path, headers: spec.headers, agent, timeout: options.timeoutMs },
            (response) => {
              response.resume();
              response.on('end', () => resolve(options.ok(response.statusCode ?? 0) ? 'ok' : 'error'));
            },
          );
          request.on('timeout', () => {
            request.destroy();
            resolve('timeout');
          });
          request.on('error', () => resolve('error'));
          request.end(spec.body);
        }),
      options,
    );
  } finally {
    agent.destroy();
  }
}
