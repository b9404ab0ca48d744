// Floors and loads for measure-server.ts (issue 10 goal 2), as pure functions over a database handle of
// the bench's own (lib/databases.ts: a copy of the server's PGlite data, or a pool on its PostgreSQL) or
// a server URL:
// - rawSelectLoop: the SELECT behind GET 100 notes, on the same data, `concurrency` loops;
// - inProcessInsertLoop / inProcessUpdateLoop: the INSERT behind POST a note and the UPDATE behind PATCH;
// - httpLoad: HTTP requests over `connections` keep-alive sockets (node:http, no client library).
// Each returns throughput and latency percentiles over a fixed duration.
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import type { NoteWritable } from '#core/note';
import type { Sql } from '../lib/databases';

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

/** The floor of GET 100 notes: the same SELECT on the same data, rows parsed, no HTTP and no JSON. */
export function rawSelectLoop(sql: Sql, userId: string, options: LoopOptions): Promise<LoadResult> {
  return loop(async () => {
    await sql.query('select * from notes where user_id = $1 order by updated_at desc limit 100', [userId]);
    return 'ok';
  }, options);
}

/** A note row as the app writes it, for the insert floor and the POST load alike (typed by core's wire columns). */
export function noteRow(userId: string) {
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
  } satisfies Partial<NoteWritable>;
}

const INSERT_SQL =
  'insert into notes (id, user_id, title, content, expanded_content, is_checklist, checklist_items, chat_history, created_at, updated_at, last_mutation_id) ' +
  'values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)';

/** The floor of POST a note: the same INSERT on the same data, one statement per note. */
export function inProcessInsertLoop(sql: Sql, userId: string, options: LoopOptions): Promise<LoadResult> {
  return loop(async () => {
    const row = noteRow(userId);
    await sql.query(INSERT_SQL, [
      row.id,
      row.user_id,
      row.title,
      row.content,
      row.expanded_content,
      row.is_checklist,
      row.checklist_items,
      row.chat_history,
      row.created_at,
      row.updated_at,
      row.last_mutation_id,
    ]);
    return 'ok';
  }, options);
}

/** The floor of PATCH a note: the same UPDATE by id on the same data. */
export function inProcessUpdateLoop(
  sql: Sql,
  userId: string,
  ids: string[],
  options: LoopOptions,
): Promise<LoadResult> {
  let next = 0;
  return loop(async () => {
    const id = ids[next++ % ids.length] ?? '';
    await sql.query(
      'update notes set title = $1, updated_at = $2, base_revision = null where id = $3 and user_id = $4',
      [`edited ${next}`, new Date().toISOString(), id, userId],
    );
    return 'ok';
  }, options);
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
            {
              host: target.hostname,
              port: target.port,
              method: spec.method,
              path: spec.path,
              headers: spec.headers,
              agent,
              timeout: options.timeoutMs,
            },
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
