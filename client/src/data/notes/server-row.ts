// A note row as the server sends it, checked against the core schema (zod) after local-note.ts's lenient
// reading of its lists. Apart from local-note.ts so that reading stored notes (the search worker does)
// loads no schema library.
import { noteRowSchema, type NoteRow } from '#core/note';
import { certainlyNoteRow } from '#core/note-check';
import { isRecord, readLists } from './local-note';

/**
 * A row from the server, checked against the core schema after the lenient list reading; null when it
 * is unusable even then (the caller skips it and says so).
 */
export function readServerRow(raw: unknown): NoteRow | null {
  if (!isRecord(raw)) return null;
  const id = typeof raw.id === 'string' ? raw.id : '';
  const revision = typeof raw.revision === 'string' ? Number(raw.revision) : raw.revision;
  const row = { ...raw, revision, ...readLists(raw, id) };
  // As checked as ever: what the quick check is not certain of goes to the schema.
  if (certainlyNoteRow(row)) return row;
  const parsed = noteRowSchema.safeParse(row);
  return parsed.success ? parsed.data : null;
}
