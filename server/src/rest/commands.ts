// The SQL behind /rest/v1/notes. Every statement is scoped to the caller's user_id (row-level security
// in the server, ARCHITECTURE 9.6); identifiers come only from the column whitelist, values are parameters.
import {
  sql,
  type Insertable,
  type Kysely,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
  type Updateable,
} from 'kysely';
import type { LocalSettings } from '../db/as-user';
import type { DB, NotesTable } from '../db/schema';
import { NOTE_COLUMNS, NOTE_FIELD_NAMES } from '#core/note-fields';
import { COLUMN_TYPES, type NoteColumn } from './columns';
import type { Filter, OrderTerm } from './query-parser';
import { wireRowFromJson } from './table-row-json';
import type { InsertRows, SqlRow } from './write-body';

export type NoteRecord = Partial<Record<NoteColumn, unknown>>;

/**
 * What a write returns: the named columns, presented in JavaScript (presenters.ts), or each whole row as
 * the JSON text the wire wants, built by the database as a read builds it (selectNotesJson), for an
 * answer with every column and its nulls, which is how the app's sync asks. Parsing a row's twelve
 * columns into values (three Dates, two jsonb documents), handing them across threads and writing them
 * out again was the larger part of a write's cost beside its statement.
 */
export type Returning = NoteColumn[] | 'wire-json';
/** A written row: its columns, or `wire_json` when the write returned 'wire-json'. */
export type WrittenRow = NoteRecord & { wire_json?: string };

/** Whether an answer of these members can be the whole row as the database writes it. */
export function isWholeRow(fields: WireField[], stripNulls: boolean): boolean {
  return !stripNulls && isEveryColumn(fields);
}

export interface ReadOptions {
  columns: NoteColumn[];
  filters: Filter[];
  order: OrderTerm[];
  limit: number | null;
  offset: number | null;
}

/** Who writes in a transaction, and what they ask of the change hints and the history. */
export interface Writer {
  sessionId: string;
  /** `Sprout-Echo: none`: the change hints skip this session (migration 008). */
  quiet: boolean;
  /** Notes whose replaced content their history keeps, and why (`Sprout-History`, migration 013). */
  history: ReadonlyMap<string, string>;
}

/**
 * Names the caller's session as the writer of a transaction's rows (settings for asUser): for the
 * history, which keeps a version when another session's content is replaced (migration 013), and, when
 * quiet, for the change hints, which the realtime hub then sends to every socket of the user but that
 * session's (migration 008).
 */
export function writerSettings(writer: Writer): LocalSettings {
  return {
    'sprout.session': writer.sessionId,
    'sprout.writer_session': writer.quiet ? writer.sessionId : '',
    'sprout.history_marks': writer.history.size > 0 ? JSON.stringify(Object.fromEntries(writer.history)) : '',
  };
}

/** One JSON member of a row on the wire: its key (a column's name or alias) and the column it shows. */
export interface WireField {
  key: string;
  column: NoteColumn;
}

export interface JsonPage {
  /** The rows as the JSON array the client receives, built by the database. */
  body: string;
  rows: number;
  /** The count of every matching row, when asked for. */
  total: number | null;
  /** The user's purge horizon (migration 011, docs/sync.md [S10]), when asked for; 0 for none. */
  purgedThrough: number | null;
}

/**
 * A read in one statement, its JSON built in SQL (as PostgREST does): no per-row parsing and
 * re-serialising in JavaScript, and the optional total and purge horizon read in the same snapshot (a
 * purge that removed a tombstone the rows lack always shows in the horizon beside them). The bytes are
 * those of JSON.stringify over presenters.ts's presentNote, except inside jsonb values, which keep
 * PostgreSQL's spacing.
 *
 * Each row comes back as its own JSON text and the array is joined here: one aggregated text of a whole
 * page (string_agg or json_agg) measured four times slower on PostgreSQL than the same bytes sent as
 * rows, because the server builds and sends one large value where rows stream.
 */
export async function selectNotesJson(
  db: Kysely<DB>,
  userId: string,
  options: Omit<ReadOptions, 'columns'> & { count: boolean; horizon: boolean },
  fields: WireField[],
  stripNulls: boolean,
): Promise<JsonPage> {
  // The page's rows are chosen first and only they are formatted: the planner computes a select list
  // before a top-N sort, so formatting in the same query as the ORDER BY ... LIMIT would format every
  // matching row to keep a hundred. A subquery with an ORDER BY or a LIMIT is never flattened, its rows
  // come out in its order, and it keeps the name `notes`, so the members below read its columns. It
  // selects every column in ROW_ORDER, whatever the table's own order.
  const chosen = ordered(db.selectFrom('notes').select(ROW_COLUMNS).where(scope(userId, options.filters)), options);
  // Every column under its own name (select=*, what the app reads): the subquery's whole row as
  // row_to_json writes it, finished in table-row-json.ts, costs the database half of formatting each
  // member in SQL.
  const whole = !stripNulls && isEveryColumn(fields);
  const page = (json: RawBuilder<string>) =>
    [
      json.as('j'),
      sql<number | null>`null::int`.as('total'),
      sql<number | null>`null::bigint`.as('purged_through'),
    ] as const;
  let rows: PageQuery;
  if (whole) {
    rows = db.selectFrom(chosen.as('notes')).select(page(sql<string>`row_to_json(notes)::text`));
  } else {
    // row_to_json names each member after its column in the page: a key that cannot be a column name
    // (empty, or long enough for PostgreSQL to truncate) is written by concatenation instead, which costs more.
    const named =
      fields.length > 0 && fields.every(({ key }) => key.length > 0 && Buffer.byteLength(key) <= MAX_IDENTIFIER_BYTES);
    const members = named
      ? fields.map(({ key, column }) => sql`${wireValue(column)}`.as(key))
      : [sql<string>`${rowJson(fields, stripNulls)}`.as('j')];
    const row = named ? sql<string>`row_to_json(page)` : sql<string>`page.j`;
    const json = named && stripNulls ? sql<string>`json_strip_nulls(${row})::text` : sql<string>`${row}::text`;
    rows = db.selectFrom(db.selectFrom(chosen.as('notes')).select(members).as('page')).select(page(json));
  }
  const wire = whole ? wireRowFromJson : (text: string) => text;
  if (!options.count && !options.horizon) {
    const texts = (await rows.execute()).map((result) => wire(result.j));
    return { body: `[${texts.join(',')}]`, rows: texts.length, total: null, purgedThrough: null };
  }
  // The total and the horizon lead as a row of their own (UNION ALL keeps its branches' order), so they
  // are there even for an empty page.
  const head = db.selectNoFrom([
    sql<string | null>`null::text`.as('j'),
    (options.count
      ? sql<number | null>`(select count(*) from notes where ${scope(userId, options.filters)})::int`
      : sql<number | null>`null::int`
    ).as('total'),
    (options.horizon
      ? sql<number | null>`coalesce((select purged_through from purge_horizons where user_id = ${userId}), 0)`
      : sql<number | null>`null::bigint`
    ).as('purged_through'),
  ]);
  const [first, ...results] = await head.unionAll(rows).execute();
  const texts = results.map((result) => (result.j === null ? 'null' : wire(result.j)));
  return {
    body: `[${texts.join(',')}]`,
    rows: texts.length,
    total: options.count ? (first?.total ?? 0) : null,
    purgedThrough: options.horizon ? Number(first?.purged_through ?? 0) : null,
  };
}

/** The two ways of building a page differ only in the type of their FROM, which no caller reads. */
type PageQuery = Pick<
  SelectQueryBuilder<DB, never, { j: string; total: number | null; purged_through: number | null }>,
  'execute' | 'compile' | 'isSelectQueryBuilder' | 'toOperationNode' | 'expressionType'
>;

/**
 * Every column, the readable ones in the wire's order (core/note-fields.ts) and then the write-only ones,
 * which table-row-json.ts drops. Up to migration 011 that was the table's own order, so PostgreSQL passed
 * its rows on as they are stored; a column added since (012's trashed_at) is stored after base_revision,
 * and each row is rebuilt in this order.
 */
const ROW_ORDER = [...NOTE_COLUMNS, ...NOTE_FIELD_NAMES.filter((name) => !(NOTE_COLUMNS as string[]).includes(name))];
const ROW_COLUMNS = ROW_ORDER.map((column) => `notes.${column}` as const);

function isEveryColumn(fields: WireField[]): boolean {
  return (
    fields.length === NOTE_COLUMNS.length &&
    fields.every(({ key, column }, index) => key === NOTE_COLUMNS[index] && column === key)
  );
}

const MAX_IDENTIFIER_BYTES = 63;

/** A column as its JSON wants it: timestamps as toISOString writes them, the rest as they are. */
function wireValue(column: NoteColumn): RawBuilder<unknown> {
  const ref = sql.ref(`notes.${column}`);
  if (COLUMN_TYPES[column] !== 'timestamptz') return sql`${ref}`;
  // Date.prototype.toISOString's format for the years it writes with four digits; PostgreSQL's own ISO
  // text (the same instant) outside them.
  return sql`case when ${ref} >= '0001-01-01T00:00:00Z' and ${ref} < '10000-01-01T00:00:00Z'
    then to_char(${ref} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    else to_json(${ref}) #>> '{}' end`;
}

/** A row as a JSON object text by concatenation, for keys too long to be column names. */
function rowJson(fields: WireField[], stripNulls: boolean): RawBuilder<string> {
  if (fields.length === 0) return sql<string>`'{}'`;
  const members = fields.map(({ key, column }) => {
    const name = `${JSON.stringify(key)}:`;
    const value = sql<string>`to_json(${wireValue(column)})::text`;
    return stripNulls
      ? sql`case when ${sql.ref(`notes.${column}`)} is null then null else ${name}::text || ${value} end`
      : sql`${name}::text || coalesce(${value}, 'null')`;
  });
  return sql<string>`'{' || concat_ws(',', ${sql.join(members)}) || '}'`;
}

export async function selectNotes(trx: Kysely<DB>, userId: string, options: ReadOptions): Promise<NoteRecord[]> {
  const query = ordered(trx.selectFrom('notes').select(options.columns).where(scope(userId, options.filters)), options);
  return (await query.execute()) as NoteRecord[];
}

function ordered<Q extends SelectQueryBuilder<DB, 'notes', object>>(
  query: Q,
  options: Omit<ReadOptions, 'columns'>,
): Q {
  let result = query;
  for (const term of options.order) {
    result = result.orderBy(sql.ref(`notes.${term.column}`), (item) => {
      const directed = term.direction === 'desc' ? item.desc() : item.asc();
      if (term.nulls === 'first') return directed.nullsFirst();
      return term.nulls === 'last' ? directed.nullsLast() : directed;
    }) as Q;
  }
  if (options.limit !== null) result = result.limit(options.limit) as Q;
  if (options.offset !== null) result = result.offset(options.offset) as Q;
  return result;
}

/**
 * INSERT, or an upsert on id. A merge updates only the caller's rows: a conflicting row of another user
 * is neither changed nor returned, which the caller of this function detects by the returned ids.
 */
export async function insertNotes(
  trx: Kysely<DB>,
  userId: string,
  input: InsertRows,
  resolution: 'merge-duplicates' | 'ignore-duplicates' | null,
  returning: Returning,
): Promise<WrittenRow[]> {
  const merge = resolution === 'merge-duplicates';
  // base_revision guards the update half of an upsert only; a new row has nothing to compare with. It is
  // kept out of the inserted rows and handed to the update half by id: stored, every new row needed a
  // second write to clear it again (migration 002), which made a large push several times slower
  // (docs/decisions.md, 'An upsert's base_revision is not stored with the rows it inserts').
  const rows = input.rows.map(({ base_revision: _unused, ...row }) => row);
  let query = trx.insertInto('notes').values(rows as Insertable<NotesTable>[]);
  if (merge) {
    const set: Record<string, RawBuilder<unknown>> = {};
    for (const column of input.columns) {
      if (column !== 'id' && column !== 'user_id' && column !== 'base_revision')
        set[column] = sql.ref(`excluded.${column}`);
    }
    // Always set it: null when the row came without one, so a base left in a row never guards this write.
    const bases = basesById(input.rows);
    set.base_revision = bases ? sql`(${bases}::jsonb ->> replace(excluded.id::text, '-', ''))::bigint` : sql`null`;
    query = query.onConflict((conflict) =>
      conflict
        .column('id')
        .doUpdateSet(set as Updateable<NotesTable>)
        .where('notes.user_id', '=', userId),
    );
  } else if (resolution === 'ignore-duplicates') {
    query = query.onConflict((conflict) => conflict.column('id').doNothing());
  }
  return written(trx, query, returning);
}

/** The rows' base revisions keyed by id as 32 lower-case hex digits (ids may come in any form PostgreSQL reads); null for none. */
function basesById(rows: readonly SqlRow[]): string | null {
  const bases: Record<string, unknown> = {};
  let any = false;
  for (const row of rows) {
    if (row.base_revision === null || row.base_revision === undefined || typeof row.id !== 'string') continue;
    bases[row.id.replace(/[{}-]/g, '').toLowerCase()] = row.base_revision;
    any = true;
  }
  return any ? JSON.stringify(bases) : null;
}

export async function updateNotes(
  trx: Kysely<DB>,
  userId: string,
  set: SqlRow,
  filters: Filter[],
  returning: Returning,
): Promise<WrittenRow[]> {
  // base_revision is set on every update, so a value left in the row never guards this write.
  const values = { ...set, base_revision: set.base_revision ?? null };
  return written(
    trx,
    trx
      .updateTable('notes')
      .set(values as Updateable<NotesTable>)
      .where(scope(userId, filters)),
    returning,
  );
}

/**
 * DELETE moves the caller's live notes to the Trash, content kept (docs/sync.md [S30]): no verb destroys
 * what the user could still restore. A note in the Trash, or a tombstone, is left as it is and not
 * returned; deleting for good is a write of deleted_at on a note in the Trash. The database's DELETE
 * trigger does the same for a plain SQL DELETE; an UPDATE here returns the rows as they now are.
 */
export async function trashNotes(
  trx: Kysely<DB>,
  userId: string,
  filters: Filter[],
  returning: Returning,
): Promise<WrittenRow[]> {
  const query = trx
    .updateTable('notes')
    .set({ trashed_at: sql<Date>`now()`, base_revision: null })
    .where(scope(userId, filters))
    .where('notes.deleted_at', 'is', null)
    .where('notes.trashed_at', 'is', null);
  return written(trx, query, returning);
}

/**
 * Runs a write and returns what `returning` asks for; 'wire-json' as a read's JSON of each row as written
 * (after triggers), built by the database from the write's RETURNING list in ROW_ORDER.
 */
async function written(trx: Kysely<DB>, query: unknown, returning: Returning): Promise<WrittenRow[]> {
  // An INSERT or UPDATE of notes; the builders' overloads type each kind of RETURNING list apart.
  const write = query as { returning(columns: readonly string[]): { execute(): Promise<unknown[]> } };
  if (returning !== 'wire-json')
    return (await write
      .returning(returning.includes('id') ? returning : [...returning, 'id'])
      .execute()) as WrittenRow[];
  const rows = await trx
    .with('written', () => write.returning(ROW_ORDER) as never)
    .selectFrom('written' as never)
    .select(sql<string>`row_to_json(written)::text`.as('wire_json'))
    .execute();
  return rows as WrittenRow[];
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
      expression =
        filter.values.length === 0 ? sql<SqlBool>`false` : sql<SqlBool>`${column} in (${sql.join(filter.values)})`;
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

const COMPARISON_SQL = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  isdistinct: 'is distinct from',
} as const;
const IS_SQL = {
  null: 'is null',
  not_null: 'is not null',
  true: 'is true',
  false: 'is false',
  unknown: 'is unknown',
} as const;
