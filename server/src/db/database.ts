// Opens the database: embedded PGlite under DATA_DIR by default (in a worker thread, pglite-thread.ts),
// a PostgreSQL server when DATABASE_URL is set. Either way the schema is migrated before the handle is
// returned, and only the driver of the mode in use is loaded. Every connection works in UTC, so a
// timestamp without a zone means the same on PGlite and on any PostgreSQL server.
import fs from 'node:fs';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { Kysely, PostgresDialect, type LogEvent } from 'kysely';
import {
  listenOnPGlite,
  listenOnPostgres,
  type ChangeListener,
  type PGliteListenable,
  type StopListening,
} from './change-feed';
import { lockDataDir, type DataDirLock } from './data-dir-lock';
import { securePrivateDir } from './data-dir-permissions';
import { migrate } from './migrate';
import { createPGliteDataDir } from './pglite-create';
import { SerialPGliteDialect, type SerialDatabase } from './pglite-driver';
import { PGliteThread } from './pglite-thread';
import { settingsQueryRunner } from './postgres-settings-query';
import type { PGliteSource, QueryOutcome } from './pglite-worker-protocol';
import type { DB } from './schema';
import type { LocalSettings } from './set-config';

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  readonly db: Kysely<DB>;
  /**
   * The change hints of migration 006 ([S21]): a dedicated LISTEN connection on PostgreSQL (reconnecting
   * with back-off), in process on PGlite. Call the returned function before close().
   */
  listenChanges(listener: ChangeListener): Promise<StopListening>;
  /**
   * One statement in a transaction of its own that sets `settings` first (set_config, local to it): a
   * user's statement with its role and claims (db/as-user.ts). It holds a connection about as long as the
   * statement alone would: the settings' statement and the statement go to the database together under
   * one Sync, one implicit transaction (postgres-settings-query.ts, pglite-settings-query.ts).
   */
  queryWithSettings(settings: LocalSettings, sql: string, params: readonly unknown[]): Promise<QueryOutcome>;
  /** How busy the database is now, for the metrics (metrics/registry.ts). */
  load(): DatabaseLoad;
  /**
   * Hands every statement's duration to `observer` (one app's metrics) until replaced or cleared with
   * null. A setter, not an option of the open: the database opens before the app that measures it.
   */
  observeQueries(observer: QueryObserver | null): void;
  /**
   * PGlite only: `listener` hears once if the worker thread that holds the database dies (every query
   * fails from then on). main.ts exits then, for a supervisor to restart the server (docs/decisions.md).
   */
  onLost?(listener: (error: Error) => void): void;
  close(): Promise<void>;
}

/** One statement's time through Kysely (queued time included), and whether it failed. */
export type QueryObserver = (durationMs: number, failed: boolean) => void;

export type DatabaseLoad =
  /** `queued`: statements sent to the worker and not yet answered, plus those held behind a transaction. */
  | { kind: 'pglite'; queued: number }
  /** The pool's connections checked out and idle, and the queries waiting for one. */
  | { kind: 'postgres'; inUse: number; idle: number; waiting: number };

/**
 * Kysely's `log` option, calling whichever observer is set at the time; `time` does the same for a
 * statement sent past Kysely.
 */
function queryTiming(): {
  log: (event: LogEvent) => void;
  observe: (observer: QueryObserver | null) => void;
  time: <T>(run: () => Promise<T>) => Promise<T>;
} {
  let current: QueryObserver | null = null;
  return {
    log: (event) => current?.(event.queryDurationMillis, event.level === 'error'),
    observe: (observer) => (current = observer),
    async time(run) {
      const started = performance.now();
      try {
        const result = await run();
        current?.(performance.now() - started, false);
        return result;
      } catch (error) {
        current?.(performance.now() - started, true);
        throw error;
      }
    },
  };
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string }
  /** `worker`: one from spawnPGliteWorker, started early (boot.ts); it opens this directory. */
  | { kind: 'pglite'; dataDir: string; worker?: Worker }
  /**
   * An in-memory PGlite, for tests. `image` is a data directory dumped by `migratedMemoryImage` (an
   * uncompressed tar): loading it takes a fraction of the initdb and migrations a fresh one runs. It is
   * copied once, and the copy handed to the worker thread.
   */
  | { kind: 'memory'; image?: Uint8Array };

/**
 * Settings every session of the server's connections carries from its start (read by the triggers with
 * current_setting): set at connect time, so no request pays a statement for them. Names are custom
 * `sprout.*` settings.
 */
export interface SessionSettings {
  /** NOTES_QUOTA, enforced by the insert trigger of migration 009; without it no quota applies (plain SQL, tests). */
  notesQuota?: number;
}

/** The session settings as PostgreSQL settings (name, value), set on every connection the server opens. */
export function sessionSettingValues(settings: SessionSettings): Record<string, string> {
  return settings.notesQuota === undefined ? {} : { 'sprout.notes_quota': String(settings.notesQuota) };
}

const INT8_OID = 20;
// Revisions are bigint in SQL but stay far below 2^53: return them as numbers, as JSON wants.
const parseInt8 = (value: string) => Number(value);

export async function openDatabase(options: DatabaseOptions, settings: SessionSettings = {}): Promise<Database> {
  const { database, ready } = await startDatabase(options, settings);
  await ready;
  return database;
}

/** A database whose opening is under way: `ready` settles once it is open and migrated, or with the failure. */
export interface StartingDatabase {
  database: Database;
  ready: Promise<void>;
}

/**
 * The embedded database's handle at once, its queries waiting until it is open and migrated, so the caller
 * builds the rest of the server meanwhile (at a restart, PGlite's open was the other half of the time).
 * The data-dir lock is taken before this resolves: a second server is refused at once. PostgreSQL opens
 * (and migrates) first, as its secrets come from the database.
 */
export async function startDatabase(
  options: DatabaseOptions,
  settings: SessionSettings = {},
): Promise<StartingDatabase> {
  if (options.kind === 'postgres')
    return { database: await openPostgres(options.url, sessionSettingValues(settings)), ready: Promise.resolve() };
  return startPGlite(options, sessionSettingValues(settings));
}

async function openPostgres(url: string, settings: Record<string, string>): Promise<Database> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // Set once per connection, at connect time: no statement per request for it.
    options: ['-c TimeZone=UTC', ...Object.entries(settings).map(([name, value]) => `-c ${name}=${value}`)].join(' '),
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID ? parseInt8 : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client's connection error (e.g. the server restarting) must not crash the process.
  pool.on('error', () => undefined);
  const withSettings = settingsQueryRunner(pg, pool);
  const client = await pool.connect();
  try {
    // Several servers may start at once against one database: migrate under an advisory lock.
    await client.query('SELECT pg_advisory_lock(727001)');
    await migrate({
      query: (sql, params) => client.query(sql, params as unknown[]),
      exec: async (script) => void (await client.query(script)),
    });
  } finally {
    await client.query('SELECT pg_advisory_unlock(727001)').catch(() => undefined);
    client.release();
  }
  const timing = queryTiming();
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), log: timing.log });
  return {
    kind: 'postgres',
    db,
    listenChanges: (listener) => listenOnPostgres(url, listener),
    queryWithSettings: (settings, sql, params) => timing.time(() => withSettings(settings, sql, params)),
    load: () => ({
      kind: 'postgres',
      inUse: pool.totalCount - pool.idleCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    observeQueries: timing.observe,
    close: () => db.destroy(),
  };
}

type PGliteOptions = Exclude<DatabaseOptions, { kind: 'postgres' }>;

function startPGlite(options: PGliteOptions, settings: Record<string, string>): StartingDatabase {
  let lock: DataDirLock | undefined;
  if (options.kind === 'pglite') {
    // A tree written under a looser umask (before this was enforced) is made private again first.
    try {
      securePrivateDir(options.dataDir);
      lock = lockDataDir(options.dataDir);
    } catch (error) {
      void options.worker?.terminate();
      throw error;
    }
  }
  const opening = openThread(options, settings).catch((error: unknown) => {
    lock?.release();
    throw error;
  });
  const thread = new OpeningThread(opening);
  const dialect = new SerialPGliteDialect(thread);
  const timing = queryTiming();
  const db = new Kysely<DB>({ dialect, log: timing.log });
  const database: Database = {
    kind: 'pglite',
    db,
    // LISTEN goes to the worker outside the driver's queue: it only ever runs at start-up.
    listenChanges: (listener) => listenOnPGlite(thread, listener),
    queryWithSettings: (settings, sql, params) =>
      timing.time(async () => {
        const { rows, affectedRows } = await dialect.queryWithSettings(sql, params, settings);
        return { rows, affectedRows };
      }),
    load: () => ({ kind: 'pglite', queued: thread.pending + dialect.heldBack }),
    observeQueries: timing.observe,
    onLost: (listener) =>
      void opening.then(
        (opened) => opened.onLost(listener),
        () => undefined,
      ),
    async close() {
      await db.destroy();
      lock?.release();
    },
  };
  openThreads.set(database, opening);
  return { database, ready: opening.then(() => undefined) };
}

const openThreads = new WeakMap<Database, Promise<PGliteThread>>();

async function openThread(options: PGliteOptions, settings: Record<string, string>): Promise<PGliteThread> {
  if (options.kind === 'memory') {
    // One copy, moved (not copied again) to the worker: each copy of the image costs noticeable CPU,
    // mostly page faults; Node's Blob.arrayBuffer() cost several times that.
    const source: PGliteSource = {
      kind: 'memory',
      image: options.image ? new Uint8Array(options.image).buffer : undefined,
    };
    return PGliteThread.open(source, settings);
  }
  const dir = path.join(options.dataDir, 'pglite');
  // A first start creates the database in a process of its own (pglite-create.ts says why); the worker
  // boot.ts started waits meanwhile, and opens it once it exists.
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    try {
      await createPGliteDataDir(dir);
    } catch (error) {
      void options.worker?.terminate();
      throw error;
    }
  }
  const thread = await PGliteThread.open({ kind: 'dir', dir }, settings, options.worker);
  // PGlite unpacks a new cluster with the modes of its archive (0666), whatever the umask: again. Not only
  // after a first start: every open rewrites the relation cache files (global/pg_internal.init and one per
  // database) as 0644, which the kill -9 test (server/test/adversarial/process.adversarial.ts) caught when
  // a restart skipped this walk.
  securePrivateDir(options.dataDir);
  return thread;
}

/**
 * The worker's handle while it opens: statements wait for the opening (in the order they came, which the
 * driver relies on) and fail with it; once open, they go straight to the worker.
 */
class OpeningThread implements SerialDatabase, PGliteListenable {
  #thread: PGliteThread | null = null;

  constructor(private readonly opening: Promise<PGliteThread>) {
    // Registered first: the handle is set before any waiting statement resumes.
    opening.then(
      (thread) => (this.#thread = thread),
      () => undefined,
    );
  }

  get closed(): boolean {
    return this.#thread?.closed ?? false;
  }

  /** Statements sent to the worker and not answered yet. */
  get pending(): number {
    return this.#thread?.pending ?? 0;
  }

  async query(sql: string, params: readonly unknown[], settings?: LocalSettings): Promise<QueryOutcome> {
    return (this.#thread ?? (await this.opening)).query(sql, params, settings);
  }

  async listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>> {
    return (await this.opening).listen(channel, handler);
  }

  async close(): Promise<void> {
    await (await this.opening.catch(() => null))?.close();
  }
}

/** Ends an embedded database's worker thread abruptly, as a crash in PGlite would (tests only). */
export async function crashPGliteWorkerForTests(database: Database): Promise<void> {
  const thread = openThreads.get(database);
  if (!thread) throw new Error('not an embedded database');
  await (await thread).crashForTests();
}

/** An in-memory PGlite's data directory with every migration applied, for `{ kind: 'memory', image }`. */
export async function migratedMemoryImage(): Promise<Blob> {
  const { PGlite } = await import('@electric-sql/pglite');
  const pglite = new PGlite();
  try {
    await migrate({
      query: (sql, params) => pglite.query<Record<string, unknown>>(sql, params as unknown[]),
      exec: async (script) => void (await pglite.exec(script)),
    });
    // Uncompressed: loading skips a gunzip, and the image lives in a temporary file only.
    return await pglite.dumpDataDir('none');
  } finally {
    await pglite.close();
  }
}
