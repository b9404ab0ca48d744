// The messages between the request thread and the worker thread that owns PGlite (pglite-worker.ts,
// pglite-thread.ts). Plain data only: everything crosses by structured clone.

/** What the worker opens: a data directory, or an in-memory database from a dumped image (tests). */
export type PGliteSource = { kind: 'dir'; dir: string } | { kind: 'memory'; image?: ArrayBuffer };

export interface WorkerStart {
  source: PGliteSource;
  /** Settings of the one session (database.ts's SessionSettings), set once after the migrations. */
  settings: Record<string, string>;
}

export type WorkerRequest =
  /**
   * `settings`: set for a transaction of the statement's own, which the worker opens and ends around it
   * (a user's statement: its role and claims, db/as-user.ts).
   */
  | { id: number; kind: 'query'; sql: string; params: readonly unknown[]; settings?: Record<string, string> }
  | { id: number; kind: 'exec'; sql: string }
  | { id: number; kind: 'listen'; channel: string }
  | { id: number; kind: 'unlisten'; channel: string }
  | { id: number; kind: 'close' };

export interface QueryOutcome {
  rows: unknown[];
  affectedRows: number | undefined;
}

/** A database error's own fields (code, detail, hint, ...), never the statement or its parameters. */
export type SerializedError = { message: string; name: string } & Record<string, unknown>;

export type WorkerMessage =
  | { kind: 'ready' }
  | { kind: 'failed'; error: SerializedError }
  | { kind: 'result'; id: number; value: QueryOutcome | null }
  | { kind: 'error'; id: number; error: SerializedError }
  | { kind: 'notify'; channel: string; payload: string };

// A failed statement's text and values would carry passwords' hashes and e-mails into any log.
const WITHHELD = new Set(['query', 'params', 'stack']);

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const fields: SerializedError = { name: error.name, message: error.message };
  for (const [key, value] of Object.entries(error)) {
    if (WITHHELD.has(key) || value === undefined || typeof value === 'function') continue;
    if (typeof value === 'object' && value !== null) continue;
    fields[key] = value;
  }
  return fields;
}

export function deserializeError(fields: SerializedError): Error {
  const error = new Error(fields.message);
  Object.assign(error, fields);
  return error;
}
