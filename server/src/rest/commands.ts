// The SQL behind /rest/v1/notes. Every statement is scoped to the caller's user_id (row-level security
// in the server, ARCHITECTURE 9.6); identifiers come only from the column whitelist, values are parameters.
import { sql, type Insertable, type Kysely, type RawBuilder, type SqlBool, type Transaction, type Updateable } from 'kysely';
import type { DB, NotesTable } from '../db/schema';
import type { NoteColumn } from './columns';
import type { Filter, OrderTerm } from './query-parser';
import type { InsertRows, SqlRow } from './write-body';

export type NoteRecord = Partial<Record<NoteColumn, unknown>>;

export interface ReadOptions {
  columns: NoteColumn[];
  filters: Filter[];
  order: OrderTerm[];
  limit: number | null;
  offset: number | null;
}

/**
 * Runs one request's statements in a transaction, in UTC so that a timestamp without a zone means the
 * same on PGlite and on any PostgreSQL server. A thrown error rolls everything back.
 */
export function inTransaction<T>(db: Kysely<DB>, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`select set_config('TimeZone', 'UTC', true)`.execute(trx);
    return work(trx);
  });
}

export async function selectNotes(trx: Transaction<DB>, userId: string, options: ReadOptions): Promise<NoteRecord[]> {
  let query = trx.selectFrom('notes').select(options.columns).where(scope(userId, options.filters));
  for (const term of options.order) {
    query = query.orderBy(sql.ref(`notes.${term.column}`), (item) => {
      const directed = term.direction === 'desc' ? item.desc() : item.asc();
      if (term.nulls === 'first') return directed.nullsFirst();
      return term.nulls === 'last' ? directed.nullsLast() : directed;
    });
  }
  if (options.limit !== null) query = query.limit(options.limit);
  if (options.offset !== null) query = query.offset(options.offset);
  return (await query.execute()) as NoteRecord[];
}

export async function countNotes(trx: Transaction<DB>, userId: string, filters: Filter[]): Promise<number> {
  const row = await trx
    .selectFrom('notes')
    .select((eb) => eb.fn.countAll().as('count'))
    .where(scope(userId, filters))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * INSERT, or an upsert on id. A merge updates only the caller's rows: a conflicting row of another user
 * is neither changed nor returned, which the caller of this function detects by the returned ids.
 */
export async function insertNotes(
  trx: Transaction<DB>,
  userId: string,
  input: InsertRows,
  resolution: 'merge-duplicates' | 'ignore-duplicates' | null,
  returning: NoteColumn[],
): Promise<NoteRecord[]> {
  const merge = resolution === 'merge-duplicates';
  // base_revision guards the update half of an upsert only; a plain insert has nothing to compare with.
  const rows = merge ? input.rows : input.rows.map(({ base_revision: _unused, ...row }) => row);
  let query = trx.insertInto('notes').values(rows as Insertable<NotesTable>[]);
  if (merge) {
    const set: Record<string, RawBuilder<unknown>> = {};
    for (const column of input.columns) {
      if (column !== 'id' && column !== 'user_id') set[column] = sql.ref(`excluded.${column}`);
    }
    // Always set it: a row inserted by an earlier upsert may still hold a stale base_revision.
    if (!input.columns.includes('base_revision')) set.base_revision = sql`null`;
    query = query.onConflict((conflict) =>
      conflict
        .column('id')
        .doUpdateSet(set as Updateable<NotesTable>)
        .where('notes.user_id', '=', userId),
    );
  } else if (resolution === 'ignore-duplicates') {
    query = query.onConflict((conflict) => conflict.column('id').doNothing());
  }
  return (await query.returning(withId(returning)).execute()) as NoteRecord[];
}

export async function updateNotes(
  trx: Transaction<DB>,
  userId: string,
  set: SqlRow,
  filters: Filter[],
  returning: NoteColumn[],
): Promise<NoteRecord[]> {
  // base_revision is set on every update, so a value left in the row never guards this write.
  const values = { ...set, base_revision: set.base_revision ?? null };
  return (await trx
    .updateTable('notes')
    .set(values as Updateable<NotesTable>)
    .where(scope(userId, filters))
    .returning(withId(returning))
    .execute()) as NoteRecord[];
}

/** DELETE keeps a tombstone (docs/sync.md): deleted_at is set and the trigger clears the content. */
export async function tombstoneNotes(trx: Transaction<DB>, userId: string, filters: Filter[], returning: NoteColumn[]): Promise<NoteRecord[]> {
  return (await trx
    .updateTable('notes')
    .set({ deleted_at: sql<Date>`now()`, base_revision: null })
    .where(scope(userId, filters))
    .where('notes.deleted_at', 'is', null)
    .returning(withId(returning))
    .execute()) as NoteRecord[];
}

function withId(columns: NoteColumn[]): NoteColumn[] {
  return columns.includes('id') ? columns : [...columns, 'id'];
}

/** The caller's rows, narrowed by the request's filters (combined with AND, as in PostgREST). */
function scope(userId: string, filters: Filter[]): RawBuilder<SqlBool> {
  const conditions = [sql<SqlBool>`notes.user_id = ${userId}`, ...filters.map(condition)];
  return sql<SqlBool>`${sql.join(conditions, sql` and `)}`;
}

function condition(filter: Filter): RawBuilder<SqlBool> {
  const column = sql.ref(`notes.${filter.column}`);
  let expression: RawBuilder<SqlBool>;
  switch (filter.operator) {
    case 'in':
      expression = filter.values.length === 0 ? sql<SqlBool>`false` : sql<SqlBool>`${column} in (${sql.join(filter.values)})`;
      break;
    case 'is':
      expression = sql<SqlBool>`${column} ${sql.raw(IS_SQL[filter.value])}`;
      break;
    case 'like':
    case 'ilike':
      // PostgREST lets `*` stand for `%`, which is awkward to put in a URL.
      expression = sql<SqlBool>`${column} ${sql.raw(filter.operator)} ${filter.value.replaceAll('*', '%')}`;
      break;
    default:
      expression = sql<SqlBool>`${column} ${sql.raw(COMPARISON_SQL[filter.operator])} ${filter.value}`;
  }
  return filter.negated ? sql<SqlBool>`not (${expression})` : sql<SqlBool>`(${expression})`;
}

const COMPARISON_SQL = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=', isdistinct: 'is distinct from' } as const;
const IS_SQL = { null: 'is null', not_null: 'is not null', true: 'is true', false: 'is false', unknown: 'is unknown' } as const;
