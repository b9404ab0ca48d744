// A notes row as PostgreSQL's row_to_json writes it with every column in commands.ts's ROW_ORDER (the
// readable columns in the wire's order, then the write-only ones), turned into the wire bytes of
// presenters.ts's presentNote: the write-only members (`base_revision`) dropped and each timestamp written
// as Date.prototype.toISOString writes it. Formatting the timestamps in SQL (to_char) and listing the
// members cost the database more than the row_to_json of the whole row; these few string operations cost
// the server far less.
//
// Finding a member by its key is sound for every column type the notes table uses (core/note-fields.ts,
// SqlType): row_to_json writes text, uuid and timestamp values as JSON strings, in which every `"` is
// escaped, numbers and booleans bare, and jsonb values in jsonb's own spacing (`", "` between members), so
// `,"updated_at":` can only be a member of the row itself. The members are searched back from the end, as
// the ones looked for come late in the row.

import { NOTE_COLUMNS, NOTE_FIELD_NAMES } from '#core/note-fields';
import { COLUMN_TYPES } from './columns';

/** A timestamptz in row_to_json's ISO 8601 form in a UTC session: fractions trimmed, up to microseconds. */
const PG_UTC_TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,6})?\+00:00$/;
const memberKey = (column: string) => `,"${column}":`;
/** The keys of the write-only members, which end the row, the last first. */
const WRITE_ONLY_LAST_FIRST = NOTE_FIELD_NAMES.filter((name) => !(NOTE_COLUMNS as string[]).includes(name))
  .map(memberKey)
  .reverse();
/** The keys of the timestamp members, the last first (never the row's first member: that is its id). */
const TIMESTAMP_MEMBERS_LAST_FIRST = NOTE_COLUMNS.filter((column) => COLUMN_TYPES[column] === 'timestamptz')
  .map(memberKey)
  .reverse();
const SECONDS_END = 19; // 'YYYY-MM-DDTHH:MM:SS'
const ZONE = '+00:00';
/** What a write-only member holds: a bigint or null. */
const WRITE_ONLY_VALUE = /^(?:null|-?\d+)$/;

export function wireRowFromJson(text: string): string {
  if (!text.startsWith('{') || !text.endsWith('}')) throw new Error('a notes row that is no JSON object');
  // The write-only members end the row: cut before the first of them.
  let cut = text.length - 1;
  for (const member of WRITE_ONLY_LAST_FIRST) {
    const at = text.lastIndexOf(member, cut);
    if (at < 0 || !WRITE_ONLY_VALUE.test(text.slice(at + member.length, cut)))
      throw new Error(`a notes row without ${member.slice(2, -2)} where it ends`);
    cut = at;
  }
  // Searched back from the cut, each before the one after it, then rewritten in the row's order.
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
