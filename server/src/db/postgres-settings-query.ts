// One statement with transaction-local settings (a user's role and claims, db/as-user.ts) on PostgreSQL
// in one exchange: node-postgres's own Query, preceded in the same write by the settings' statement, with
// one Sync after both. PostgreSQL runs everything before a Sync as one implicit transaction, so
// set_config(..., true) holds for the statement and ends with it: no BEGIN and no COMMIT, which, sent as
// statements of their own (even pipelined), cost a read a sixth of its rate. The statement's parameters
// and rows go through node-postgres exactly as for any other query (its value mapping, the pool's type
// parsers); the results of both statements come back as node-postgres's multi-result array.
import type pg from 'pg';
import { isDatabaseError } from './database-error';
import type { QueryOutcome } from './pglite-worker-protocol';
import { setConfigStatement, type LocalSettings } from './set-config';

type Pg = typeof pg;

/** What the subclass uses of node-postgres's Connection (pg/lib/connection.js). */
interface ProtocolWriter {
  parse(message: { text: string; name?: string; types?: number[] }): void;
  bind(message: { portal?: string; statement?: string; values: unknown[] }): void;
  describe(message: { type: 'P' | 'S'; name?: string }): void;
  execute(message: { portal?: string; rows?: number }): void;
}

type ResultLike = { rows: Record<string, unknown>[]; rowCount: number | null };

/** A runner of statements with settings on connections of `pool` (its own Query subclass, made once). */
export function settingsQueryRunner(
  pgModule: Pg,
  pool: pg.Pool,
): (settings: LocalSettings, sql: string, params: readonly unknown[]) => Promise<QueryOutcome> {
  const Base = pgModule.Query as unknown as new (
    config: { text: string; values: unknown[]; queryMode: 'extended' },
    callback: (error: Error | undefined, result: ResultLike | ResultLike[]) => void,
  ) => { submit: (connection: unknown) => void };

  class SettingsThenQuery extends Base {
    constructor(
      private readonly settings: LocalSettings,
      text: string,
      values: unknown[],
      callback: (error: Error | undefined, result: ResultLike | ResultLike[]) => void,
    ) {
      super({ text, values, queryMode: 'extended' }, callback);
    }

    // Called by Query.submit with the socket corked: these four messages and the query's own go out in one write.
    prepare(connection: ProtocolWriter): void {
      const set = setConfigStatement(this.settings);
      connection.parse({ text: set.text });
      connection.bind({ values: set.values });
      // Described, so its row comes as a result of its own before the statement's.
      connection.describe({ type: 'P' });
      connection.execute({});
      (Base.prototype as unknown as { prepare: (this: unknown, connection: ProtocolWriter) => void }).prepare.call(
        this,
        connection,
      );
    }
  }

  return async (settings, sql, params) => {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      const results = await new Promise<ResultLike | ResultLike[]>((resolve, reject) => {
        const query = new SettingsThenQuery(settings, sql, [...params], (error, result) =>
          error ? reject(error) : resolve(result),
        );
        void client.query(query as unknown as pg.QueryConfig);
      });
      // The settings' row, then the statement's result.
      const result = Array.isArray(results) ? results[1] : undefined;
      if (!result) throw new Error('the statement gave no result');
      return { rows: result.rows, affectedRows: result.rowCount ?? undefined };
    } catch (error) {
      // A connection that failed mid-exchange is not given back to the pool.
      if (!isDatabaseError(error)) broken = error as Error;
      throw error;
    } finally {
      client.release(broken);
    }
  };
}
