// A Kysely dialect for PGlite's single connection. A transaction has the connection to itself: no other
// request's query runs between its BEGIN and its COMMIT (Kysely's own PGliteDialect routes every query
// into whichever transaction is open). A statement outside a transaction is sent to the database at
// once: the worker thread (pglite-thread.ts) runs what it receives in arrival order, so statements queue
// there, and the database never idles while this thread is busy elsewhere before it sends the next one.
// Handing the connection to one statement at a time kept the worker waiting on the request thread's
// turn around every result: under 50 concurrent requests, single-note writes ran at a third of the
// database's own rate.
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type { LocalSettings } from './set-config';

/** A FIFO lock: each holder runs alone, waiters go in arrival order. */
class Mutex {
  #tail: Promise<void> = Promise.resolve();

  acquire(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => (release = resolve));
    const ready = this.#tail.then(() => release);
    this.#tail = this.#tail.then(() => next);
    return ready;
  }
}

/** What the driver needs of PGlite: one connection's queries, in order, and a close. */
export interface SerialDatabase {
  readonly closed: boolean;
  /** `settings`: set first, in a transaction of the statement's own (db/as-user.ts). */
  query(
    sql: string,
    params: readonly unknown[],
    settings?: LocalSettings,
  ): Promise<{ rows: unknown[]; affectedRows?: number | undefined }>;
  close(): Promise<void>;
}

class SerialPGliteConnection implements DatabaseConnection {
  /** Set while this connection runs a transaction: its statements go straight to the database. */
  inTransaction = false;

  constructor(private readonly driver: SerialPGliteDriver) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.driver.send(compiled, this.inTransaction);
    return {
      rows: result.rows as R[],
      numAffectedRows: result.affectedRows !== undefined ? BigInt(result.affectedRows) : undefined,
    };
  }

  // eslint-disable-next-line require-yield -- the interface requires a generator; PGlite cannot stream.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not supported by PGlite');
  }
}

class SerialPGliteDriver implements Driver {
  /** One transaction at a time. */
  readonly #transactions = new Mutex();
  /** While a transaction runs: resolves when it ends. Statements outside it wait for that. */
  #transaction: { ended: Promise<void>; end: () => void; release: () => void; owner: SerialPGliteConnection } | null =
    null;

  constructor(
    private readonly pglite: SerialDatabase,
    private readonly counts: { heldBack: number },
  ) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new SerialPGliteConnection(this);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    // After Kysely's COMMIT or ROLLBACK, or a BEGIN that failed.
    const transaction = this.#transaction;
    if (transaction?.owner !== connection) return;
    this.#transaction = null;
    (connection as SerialPGliteConnection).inTransaction = false;
    transaction.end();
    transaction.release();
  }

  /**
   * A statement of a transaction goes at once; any other waits while a transaction runs, then goes in
   * the same tick as it checked, so nothing slips between a BEGIN and its COMMIT.
   */
  send(
    compiled: CompiledQuery,
    inTransaction: boolean,
  ): Promise<{ rows: unknown[]; affectedRows?: number | undefined }> {
    const sendNow = () => this.pglite.query(compiled.sql, compiled.parameters);
    return inTransaction ? sendNow() : this.#outsideTransactions(sendNow);
  }

  /** A statement in a transaction of its own that sets `settings` first: it waits as any statement outside one. */
  sendWithSettings(
    sql: string,
    params: readonly unknown[],
    settings: LocalSettings,
  ): Promise<{ rows: unknown[]; affectedRows?: number | undefined }> {
    return this.#outsideTransactions(() => this.pglite.query(sql, params, settings));
  }

  /** Calls `sendNow` once no transaction runs, in the very tick it last checked. */
  async #outsideTransactions<T>(sendNow: () => Promise<T>): Promise<T> {
    if (this.#transaction) {
      this.counts.heldBack++;
      try {
        while (this.#transaction) await this.#transaction.ended;
      } finally {
        this.counts.heldBack--;
      }
    }
    return sendNow();
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const release = await this.#transactions.acquire();
    let end!: () => void;
    const ended = new Promise<void>((resolve) => (end = resolve));
    const owner = connection as SerialPGliteConnection;
    this.#transaction = { ended, end, release, owner };
    owner.inTransaction = true;
    const isolation = settings.isolationLevel ? ` ISOLATION LEVEL ${settings.isolationLevel.toUpperCase()}` : '';
    await connection.executeQuery(CompiledQuery.raw(`BEGIN${isolation}`));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('COMMIT'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('ROLLBACK'));
  }

  async destroy(): Promise<void> {
    const release = await this.#transactions.acquire();
    try {
      // Statements already sent run first: the worker closes after what it has received.
      if (!this.pglite.closed) await this.pglite.close();
    } finally {
      release();
    }
  }
}

export class SerialPGliteDialect implements Dialect {
  readonly #counts = { heldBack: 0 };
  #driver: SerialPGliteDriver | null = null;

  constructor(private readonly pglite: SerialDatabase) {}

  /** Statements outside a transaction waiting for one to end (the metrics' queue depth counts them). */
  get heldBack(): number {
    return this.#counts.heldBack;
  }

  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    this.#driver = new SerialPGliteDriver(this.pglite, this.#counts);
    return this.#driver;
  }

  /** One statement with `settings` set for a transaction of its own (Database.queryWithSettings). */
  queryWithSettings(
    sql: string,
    params: readonly unknown[],
    settings: LocalSettings,
  ): Promise<{ rows: unknown[]; affectedRows?: number | undefined }> {
    if (!this.#driver) throw new Error('the dialect has no driver yet');
    return this.#driver.sendWithSettings(sql, params, settings);
  }
  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
}
