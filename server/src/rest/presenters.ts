// The wire shape of notes: only the selected columns (under their aliases), timestamps as ISO strings,
// revision as a number, jsonb as JSON. Never a raw row, never base_revision.
import { NOTE_COLUMNS } from '#core/note-fields';
import { COLUMN_TYPES, type NoteColumn } from './columns';
import type { NoteRecord, WireField } from './commands';
import type { SelectItem } from './query-parser';

/** The columns a selection needs from the database. */
export function selectedColumns(select: SelectItem[]): NoteColumn[] {
  const columns = new Set<NoteColumn>();
  for (const item of select) {
    if (item.kind === 'all') NOTE_COLUMNS.forEach((column) => columns.add(column));
    else columns.add(item.column);
  }
  return [...columns];
}

/**
 * The members of each row as the database builds it (commands.ts selectNotesJson), in presentNote's
 * order. A key named twice keeps its first position and its last column, as an object's assignment does.
 */
export function wireFields(select: SelectItem[]): WireField[] {
  const columns = new Map<string, NoteColumn>();
  for (const item of select) {
    if (item.kind === 'all') NOTE_COLUMNS.forEach((column) => columns.set(column, column));
    else columns.set(item.alias, item.column);
  }
  return [...columns].map(([key, column]) => ({ key, column }));
}

export function presentNote(row: NoteRecord, select: SelectItem[], stripNulls = false): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const put = (key: string, column: NoteColumn) => {
    const value = presentValue(column, row[column]);
    if (!(stripNulls && value === null)) out[key] = value;
  };
  for (const item of select) {
    if (item.kind === 'all') NOTE_COLUMNS.forEach((column) => put(column, column));
    else put(item.alias, item.column);
  }
  return out;
}

function presentValue(column: NoteColumn, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  const type = COLUMN_TYPES[column];
  if (type === 'timestamptz') return toIso(value);
  if (type === 'bigint') return Number(value);
  return value;
}

function toIso(value: unknown): unknown {
  const date = value instanceof Date ? value : typeof value === 'string' ? new Date(value) : undefined;
  if (date && !Number.isNaN(date.getTime())) return date.toISOString();
  return value;
}

/**
 * The PT409 detail is the current row as PostgreSQL's row_to_json wrote it. Re-present it like any other
 * row (ISO timestamps, no base_revision) so the client parses one format; only the caller's own row is
 * ever passed on.
 */
export function presentConflictRow(detail: string | undefined, userId: string): string | null {
  if (detail === undefined) return null;
  let row: unknown;
  try {
    row = JSON.parse(detail);
  } catch {
    return null;
  }
  if (typeof row !== 'object' || row === null) return null;
  const record = row as NoteRecord;
  if (record.user_id !== userId) return null;
  return JSON.stringify(presentNote(record, [{ kind: 'all' }]));
}
