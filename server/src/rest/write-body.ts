// Validates POST and PATCH bodies against the note schema (core/note.ts) before any SQL runs, and turns
// them into statement-ready rows: jsonb as JSON text, user_id filled in or checked against the caller.
import { noteWritableSchema } from '#core/note';
import { NOTE_FIELDS } from '#core/note-fields';
import type { z } from 'zod';
import { checkJsonValue, type JsonValueBounds } from '../http/json-value';
import {
  COLUMN_TYPES,
  invalidInput,
  isUuidInput,
  isWritableColumn,
  type SqlType,
  type WritableColumn,
} from './columns';
import { restErrors, TABLE } from './errors';
import { isRepresentableTimestamp } from './timestamp-range';

/** More rows than this in one request is refused (the client pushes at most 100, ARCHITECTURE 9.3). */
export const MAX_ROWS_PER_REQUEST = 1000;

/** A row ready for SQL. A column absent from a row gets its DEFAULT (only with Prefer: missing=default). */
export type SqlRow = Partial<Record<WritableColumn, unknown>>;

export interface InsertRows {
  columns: WritableColumn[];
  rows: SqlRow[];
}

/** Checklist items and chat messages are two levels deep; anything deeper is not a note. */
const STORED_VALUE_BOUNDS: JsonValueBounds = { maxDepth: 8 };

/** The database sets these (core/note-fields.ts, writer 'server'); a client sending one back, e.g. in a row it read, is not an error. */
const SET_BY_DATABASE = (column: WritableColumn) => NOTE_FIELDS[column].writer === 'server';

// ISO-8601 as PostgreSQL reads it (date, optional time, optional zone). Four-digit years only: 'infinity',
// BC and five-digit years would not survive the trip back to a JavaScript Date.
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?)?\s*(Z|[+-]\d{2}(:?\d{2})?)?$/i;

/** PostgreSQL's names of the types in its input errors. */
const TYPE_NAMES: Record<SqlType, string> = {
  uuid: 'uuid',
  text: 'text',
  boolean: 'boolean',
  jsonb: 'json',
  timestamptz: 'timestamp with time zone',
  bigint: 'bigint',
};
/** What a column of each type takes, for the hint of a type mismatch. */
const EXPECTED: Record<SqlType, string> = {
  uuid: 'a uuid string',
  text: 'a string',
  boolean: 'true or false',
  jsonb: 'a JSON array or null',
  timestamptz: 'an ISO-8601 timestamp string',
  bigint: 'a non-negative integer',
};

export function parseInsertBody(
  body: unknown,
  options: { columns: WritableColumn[] | null; missingDefault: boolean; userId: string },
): InsertRows {
  if (body === undefined) throw restErrors.invalidBody('Empty or invalid json');
  const objects = Array.isArray(body) ? body : [body];
  if (!objects.every(isPlainObject)) {
    throw restErrors.invalidBody('The request body must be a JSON object or an array of JSON objects');
  }
  if (objects.length > MAX_ROWS_PER_REQUEST) {
    throw restErrors.invalidBody(`Too many rows in one request: at most ${MAX_ROWS_PER_REQUEST}`, 413);
  }
  let columns: WritableColumn[];
  if (options.columns) {
    // As PostgREST: `columns=` names the keys to use; other keys in the objects are ignored.
    columns = [...new Set(options.columns)];
  } else {
    const first = Object.keys(objects[0] ?? {});
    for (const key of first) if (!isWritableColumn(key)) throw restErrors.unknownBodyColumn(key);
    const signature = [...first].sort().join(',');
    if (objects.some((object) => Object.keys(object).sort().join(',') !== signature)) {
      throw restErrors.invalidBody('All object keys must match');
    }
    columns = first as WritableColumn[];
  }
  columns = columns.filter((column) => !SET_BY_DATABASE(column));
  if (!columns.includes('user_id')) columns.push('user_id');

  const rows = objects.map((object) => {
    const row: SqlRow = {};
    for (const column of columns) {
      if (column === 'user_id') row.user_id = checkOwner(object.user_id, options.userId);
      else if (Object.hasOwn(object, column)) row[column] = toSqlValue(column, object[column]);
      else if (!options.missingDefault) row[column] = toSqlValue(column, null);
    }
    return row;
  });
  return { columns, rows };
}

/** The SET of a PATCH. `user_id` may be sent only as the caller's own; the database's own columns are ignored. */
export function parsePatchBody(body: unknown, userId: string): SqlRow {
  if (body === undefined) throw restErrors.invalidBody('Empty or invalid json');
  if (!isPlainObject(body)) throw restErrors.invalidBody('The body of a PATCH must be one JSON object');
  const set: SqlRow = {};
  for (const [key, value] of Object.entries(body)) {
    if (!isWritableColumn(key)) throw restErrors.unknownBodyColumn(key);
    if (SET_BY_DATABASE(key)) continue;
    if (key === 'user_id') checkOwner(value, userId);
    else set[key] = toSqlValue(key, value);
  }
  return set;
}

function checkOwner(value: unknown, userId: string): string {
  // A missing user_id is the caller's; any other user's id is refused, never silently rewritten.
  if (value === undefined) return userId;
  if (value === null) throw notNull('user_id');
  if (typeof value !== 'string' || !isUuidInput(value)) throw invalidInput('uuid', value);
  if (normaliseUuid(value) !== normaliseUuid(userId)) throw restErrors.rowLevelSecurity();
  return userId;
}

function normaliseUuid(value: string): string {
  return value.replace(/[{}\s-]/g, '').toLowerCase();
}

function notNull(column: string) {
  return restErrors.invalidValue(
    '23502',
    `null value in column "${column}" of relation "${TABLE}" violates not-null constraint`,
  );
}

/** Checks one value for its column and returns it as the SQL parameter to bind. */
export function toSqlValue(column: WritableColumn, value: unknown): unknown {
  if (value === null) {
    if (!NOTE_FIELDS[column].nullable) throw notNull(column);
    return null;
  }
  const type = COLUMN_TYPES[column];
  if (type === 'text' || type === 'jsonb') checkStorable(column, value);
  const mismatch = () => {
    const error = invalidInput(TYPE_NAMES[type], value);
    return restErrors.invalidValue(error.code, error.message, `column "${column}" expects ${EXPECTED[type]}`);
  };
  switch (type) {
    case 'uuid':
      if (typeof value !== 'string' || !isUuidInput(value)) throw mismatch();
      return value;
    case 'timestamptz':
      if (typeof value !== 'string') throw mismatch();
      if (!ISO_TIMESTAMP.test(value.trim())) {
        throw restErrors.invalidValue(
          '22007',
          `invalid input syntax for type timestamp with time zone: "${value}"`,
          'Send an ISO-8601 timestamp, e.g. 2024-05-01T12:00:00.000Z',
        );
      }
      if (!isRepresentableTimestamp(value)) {
        throw restErrors.invalidValue(
          '22008',
          `timestamp out of range: "${value}"`,
          `column "${column}" takes instants from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59Z`,
        );
      }
      return value;
    case 'boolean':
      if (typeof value !== 'boolean') throw mismatch();
      return value;
    case 'text':
      if (typeof value !== 'string') throw mismatch();
      break;
    case 'bigint':
      if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw mismatch();
      break;
    case 'jsonb':
      if (!Array.isArray(value)) throw mismatch();
      break;
  }
  checkSchema(column, value);
  return type === 'jsonb' ? JSON.stringify(value) : value;
}

/** The shared JSON-value rules (http/json-value.ts), with the SQLSTATE PostgreSQL would have given. */
function checkStorable(column: WritableColumn, value: unknown): void {
  const problem = checkJsonValue(value, STORED_VALUE_BOUNDS);
  if (!problem) return;
  const code = problem.issue.includes('NUL') ? '22P05' : '22P02';
  const where = problem.path ? `${column}${problem.path.startsWith('[') ? '' : '.'}${problem.path}` : column;
  throw restErrors.invalidValue(code, `invalid value for column "${column}"`, `${where} ${problem.issue}`);
}

function checkSchema(column: WritableColumn, value: unknown): void {
  const schema: z.ZodType = noteWritableSchema.shape[column];
  const result = schema.safeParse(value);
  if (result.success) return;
  const issue = result.error.issues[0];
  const where =
    issue && issue.path.length > 0
      ? `${column}${issue.path.map((part) => `[${JSON.stringify(part)}]`).join('')}`
      : column;
  const details = `${where}: ${issue?.message ?? 'invalid value'}`;
  if (issue?.code === 'too_big' && typeof value === 'string') {
    throw restErrors.invalidValue(
      '22001',
      `value too long for column "${column}" (at most ${String(issue.maximum)} characters)`,
      details,
    );
  }
  if (issue?.code === 'too_small' && COLUMN_TYPES[column] === 'bigint') {
    throw restErrors.invalidValue('22003', `value for column "${column}" is out of range`, details);
  }
  throw restErrors.invalidValue(
    '23514',
    `new row for relation "${TABLE}" violates the rules of column "${column}"`,
    details,
  );
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
