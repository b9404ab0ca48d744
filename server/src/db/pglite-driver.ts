// A Kysely dialect for PGlite that hands out its single connection to one user at a time, so that a
// transaction never sees (or swallows) another request's queries. Kysely's own PGliteDialect routes
// every query into whichever transaction is open. The database itself runs in a worker thread
// (pglite-thread.ts); this driver, on the request thread, decides the order of its queries.
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
  query(sql: string, params: readonly unknown[]): Promise<{ rows: unknown[]; affectedRows?: number | undefined }>;
  close(): Promise<void>;
}

class SerialPGliteConnection implements DatabaseConnection {
  constructor(private readonly pglite: SerialDatabase) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.pglite.query(compiled.sql, compiled.parameters);
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
  readonly #mutex = new Mutex();
  readonly #connection: SerialPGliteConnection;
  readonly #releases = new Map<DatabaseConnection, () => void>();

  constructor(private readonly pglite: SerialDatabase) {
    this.#connection = new SerialPGliteConnection(pglite);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.#mutex.acquire();
    this.#releases.set(this.#connection, release);
    return this.#connection;
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const release = this.#releases.get(connection);
    this.#releases.delete(connection);
    release?.();
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
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
    const release = await this.#mutex.acquire();
    try {
      if (!this.pglite.closed) await this.pglite.close();
    } finally {
      release();
    }
  }
}

export class SerialPGliteDialect implements Dialect {
  constructor(private readonly pglite: SerialDatabase) {}
  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new SerialPGliteDriver(this.pglite);
  }
  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
}
