// The notes table as the REST layer exposes it: the readable and writable columns (a whitelist, the only
// source of identifiers that reach SQL) and their SQL types, from core/note-fields.ts, with checks of
// filter values by type.
import {
  NOTE_COLUMNS,
  NOTE_FIELD_NAMES,
  NOTE_FIELDS,
  type NoteColumn,
  type NoteField,
  type SqlType,
} from '#core/note-fields';
import { restErrors } from './errors';

export type { NoteColumn, SqlType };
export type WritableColumn = NoteField;

export const COLUMN_TYPES = Object.fromEntries(NOTE_FIELD_NAMES.map((name) => [name, NOTE_FIELDS[name].sql])) as Record<
  WritableColumn,
  SqlType
>;

const readable = new Set<string>(NOTE_COLUMNS);
const writable = new Set<string>(NOTE_FIELD_NAMES);

/** `base_revision` is write-only: it is never selectable, filterable or sortable. */
export function isReadableColumn(name: string): name is NoteColumn {
  return readable.has(name);
}

export function isWritableColumn(name: string): name is WritableColumn {
  return writable.has(name);
}

export function assertReadable(name: string): NoteColumn {
  if (!isReadableColumn(name)) throw restErrors.unknownColumn(name);
  return name;
}

// PostgreSQL's boolean input: these words and their unique prefixes, in any case.
const BOOLEAN_INPUT = /^\s*(t|tr|tru|true|y|ye|yes|on|1|f|fa|fal|fals|false|n|no|of|off|0)\s*$/i;
const INT8_INPUT = /^\s*[+-]?\d{1,19}\s*$/;
const INT8_MAX = 9223372036854775807n;

/** A uuid as PostgreSQL reads it: 32 hex digits, optional braces, hyphens between groups of four. */
export function isUuidInput(value: string): boolean {
  const bare = value.trim().replace(/^\{(.*)\}$/, '$1');
  return /^[0-9a-f]{4}(-?[0-9a-f]{4}){7}$/i.test(bare);
}

export function invalidInput(type: string, value: unknown): ReturnType<typeof restErrors.invalidValue> {
  const shown = typeof value === 'string' ? value : JSON.stringify(value);
  return restErrors.invalidValue('22P02', `invalid input syntax for type ${type}: "${shown}"`);
}

/**
 * Refuses a filter value its column's type cannot hold, before any SQL runs, with PostgreSQL's own
 * SQLSTATE and wording. Timestamps are left to PostgreSQL, whose input syntax is wide (22007 on error).
 */
export function checkFilterValue(column: NoteColumn, value: string): void {
  switch (COLUMN_TYPES[column]) {
    case 'uuid':
      if (!isUuidInput(value)) throw invalidInput('uuid', value);
      return;
    case 'boolean':
      if (!BOOLEAN_INPUT.test(value)) throw invalidInput('boolean', value);
      return;
    case 'bigint':
      if (!INT8_INPUT.test(value)) throw invalidInput('bigint', value);
      if (BigInt(value.trim()) > INT8_MAX || BigInt(value.trim()) < -INT8_MAX - 1n) {
        throw restErrors.invalidValue('22003', `value "${value}" is out of range for type bigint`);
      }
      return;
    case 'jsonb':
      try {
        JSON.parse(value);
      } catch {
        throw invalidInput('json', value);
      }
      return;
    default:
      return;
  }
}
