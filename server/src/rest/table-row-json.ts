// A notes row as PostgreSQL's row_to_json writes the table's own row, turned into the wire bytes of
// presenters.ts's presentNote: `base_revision` (write-only, the table's last column) dropped and each
// timestamp written as Date.prototype.toISOString writes it. Formatting the three timestamps in SQL
// (to_char) and listing the columns cost the database more than twice the row_to_json of the whole row;
// these few string operations cost the server a microsecond a row.
//
// Finding keys by position is sound because the JSON is PostgreSQL's own: inside a JSON string every
// `"` is escaped, so `,"updated_at":` can only be a key, and the timestamps, `revision`, `deleted_at` and
// `last_mutation_id` follow `chat_history` in the table's column order, so searching back from the end
// finds each key before any jsonb content could.

import { NOTE_COLUMNS } from '#core/note';
import { COLUMN_TYPES } from './columns';

const BASE_REVISION = ',"base_revision":';
/** A timestamptz in row_to_json's ISO 8601 form in a UTC session: fractions trimmed, up to microseconds. */
const PG_UTC_TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,6})?\+00:00$/;
/** The members of the timestamp columns (rest/columns.ts), the table's last one first. */
const TIMESTAMP_MEMBERS_LAST_FIRST = NOTE_COLUMNS.filter((column) => COLUMN_TYPES[column] === 'timestamptz')
  .map((column) => `,"${column}":`)
  .reverse();
const SECONDS_END = 19; // 'YYYY-MM-DDTHH:MM:SS'
const ZONE = '+00:00';

export function wireRowFromTableJson(text: string): string {
  const cut = text.lastIndexOf(BASE_REVISION);
  const baseRevision = cut < 0 ? '' : text.slice(cut + BASE_REVISION.length, -1);
  if (!text.endsWith('}') || (baseRevision !== 'null' && !/^-?\d+$/.test(baseRevision))) {
    throw new Error('a notes row without base_revision as its last member');
  }
  // Searched back from the end, each before the one after it, then rewritten in the table's order.
  const values: { start: number; end: number }[] = [];
  let before = cut;
  for (const member of TIMESTAMP_MEMBERS_LAST_FIRST) {
    const value = valueAt(text, member, before);
    before = value.member;
    values.unshift(value);
  }
  let row = '';
  let from = 0;
  for (const value of values) {
    if (value.end < 0) continue; // null
    row += text.slice(from, value.start) + isoString(text.slice(value.start, value.end));
    from = value.end;
  }
  return `${row}${text.slice(from, cut)}}`;
}

/** Where a member's key starts and where its string value's text lies; `end` is -1 for a null. */
function valueAt(text: string, member: string, before: number): { member: number; start: number; end: number } {
  const at = text.lastIndexOf(member, before);
  if (at < 0) throw new Error(`a notes row without ${member.slice(2, -2)}`);
  const start = at + member.length + 1;
  return { member: at, start, end: text.charCodeAt(start - 1) === QUOTE ? text.indexOf('"', start) : -1 };
}

const QUOTE = 0x22;

/**
 * toISOString's form for the years it writes with four digits, milliseconds cut as PostgreSQL's to_char
 * cuts them; PostgreSQL's own text (the same instant) for any other year, as the formatted reads write it.
 */
export function isoString(postgresText: string): string {
  if (!PG_UTC_TIMESTAMP.test(postgresText)) return postgresText;
  const fraction = postgresText.slice(SECONDS_END + 1, postgresText.length - ZONE.length);
  return `${postgresText.slice(0, SECONDS_END)}.${fraction.length >= 3 ? fraction.slice(0, 3) : fraction.padEnd(3, '0')}Z`;
}
