// The wire shape of a postgres_changes event, as Supabase Realtime sends it: `ids` of the matching
// bindings and `data` with schema, table, commit_timestamp, type, columns, record and old_record.
// The record is the row as the REST API presents it (ISO timestamps, numbers, JSON; never
// base_revision), so realtime-js' column conversion leaves it as it is.
import { NOTE_COLUMNS, NOTE_FIELDS, type SqlType } from '#core/note-fields';
import type { NoteRecord } from './commands';
import type { ChangeType } from './subscriptions';

/** The type names Supabase Realtime gives the columns of each type. */
const REALTIME_TYPES: Record<SqlType, string> = {
  uuid: 'uuid',
  text: 'text',
  boolean: 'bool',
  jsonb: 'jsonb',
  timestamptz: 'timestamptz',
  bigint: 'int8',
};

const COLUMNS = NOTE_COLUMNS.map((name) => ({ name, type: REALTIME_TYPES[NOTE_FIELDS[name].sql] }));

export function presentRow(row: NoteRecord): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const column of NOTE_COLUMNS) {
    const value = row[column];
    out[column] = value instanceof Date ? value.toISOString() : (value ?? null);
  }
  return out;
}

export interface ChangeEvent {
  type: ChangeType;
  /** The row after the write; for a DELETE, the key of the row that was removed. */
  record: Record<string, unknown>;
  commitTimestamp: string;
}

/** The `payload` of one postgres_changes push, serialized once and shared by every socket it goes to. */
export function presentChange(event: ChangeEvent, ids: readonly number[]): string {
  const key = { id: event.record.id, user_id: event.record.user_id };
  const data = {
    schema: 'public',
    table: 'notes',
    commit_timestamp: event.commitTimestamp,
    type: event.type,
    columns: COLUMNS,
    record: event.type === 'DELETE' ? {} : event.record,
    // With the default replica identity, Supabase sends the primary key as the old record.
    old_record: event.type === 'INSERT' ? undefined : key,
    errors: null,
  };
  return JSON.stringify({ ids, data });
}
