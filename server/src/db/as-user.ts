// Ownership enforced by the database (migration 015, docs/decisions.md): a user's request runs its
// statements in one transaction as the role sprout_user with the user's claims, as PostgREST runs each
// request, so the row-level security policies let them see and change only that user's rows, whatever
// their WHERE says. The server's own upkeep (purges, sign-in, the admin command, backups) runs as the
// tables' owner and is not subject to the policies.
import {
  CompiledQuery,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
} from 'kysely';
import type { Database } from './database';
import type { DB } from './schema';
import { setConfigStatement, type LocalSettings } from './set-config';

export type { LocalSettings };

/** How a user's request reaches the database: as that user, under row-level security. */
export interface UserScope {
  /**
   * Each statement `work` runs, as `userId`, in a transaction of its own (Database.queryWithSettings):
   * for reads, and a write of one statement. The handle refuses to open a transaction.
   */
  statements<T>(userId: string, work: (db: Kysely<DB>) => Promise<T>): Promise<T>;
  /**
   * `work` in one transaction as `userId`, with `settings` (its writer's session, say) set beside the
   * role and claims in its first statement.
   */
  transaction<T>(userId: string, work: (trx: Kysely<DB>) => Promise<T>, settings?: LocalSettings): Promise<T>;
}

/**
 * The server's UserScope. Without a role (REQUEST_ROLE=owner) the statements run as the server's own
 * account, as before migration 015, and a read needs no transaction: the benchmarks' floor for what the
 * role and claims cost.
 */
export function userScope(database: Pick<Database, 'db' | 'queryWithSettings'>, role: string | null): UserScope {
  const { db } = database;
  const claims = (userId: string): LocalSettings =>
    role === null ? {} : { role, 'request.jwt.claims': JSON.stringify({ sub: userId, role }) };
  return {
    statements(userId, work) {
      if (role === null) return work(db);
      return work(new Kysely<DB>({ dialect: new StatementsWithSettings(database, claims(userId)) }));
    },
    transaction(userId, work, settings = {}) {
      return db.transaction().execute(async (trx) => {
        await setLocal(trx, { ...claims(userId), ...settings });
        return work(trx);
      });
    },
  };
}

/** Sets each setting for the rest of the transaction, in one statement. */
export async function setLocal(trx: Kysely<DB>, settings: LocalSettings): Promise<void> {
  if (Object.keys(settings).length === 0) return;
  const { text, values } = setConfigStatement(settings);
  await trx.executeQuery(CompiledQuery.raw(text, values));
}

/** A dialect whose every statement goes through Database.queryWithSettings with the same settings. */
class StatementsWithSettings implements Dialect {
  constructor(
    private readonly database: Pick<Database, 'queryWithSettings'>,
    private readonly settings: LocalSettings,
  ) {}

  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    const { database, settings } = this;
    const connection: DatabaseConnection = {
      async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
        const result = await database.queryWithSettings(settings, compiled.sql, compiled.parameters);
        return {
          rows: result.rows as R[],
          numAffectedRows: result.affectedRows !== undefined ? BigInt(result.affectedRows) : undefined,
        };
      },
      // eslint-disable-next-line require-yield -- the interface requires a generator
      async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
        throw new Error('a statement as a user cannot stream');
      },
    };
    const refuse = async () => {
      throw new Error('a transaction as a user goes through UserScope.transaction');
    };
    return {
      init: async () => undefined,
      acquireConnection: async () => connection,
      releaseConnection: async () => undefined,
      beginTransaction: refuse,
      commitTransaction: refuse,
      rollbackTransaction: refuse,
      destroy: async () => undefined,
    };
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}
