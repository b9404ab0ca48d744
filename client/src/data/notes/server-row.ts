// Note rows as the server sends them, checked against the core schema (zod) after local-note.ts's lenient
// reading of their lists. Apart from local-note.ts so that reading stored notes (the search worker does)
// loads no schema library; and the schema itself loads only for a row the quick check is not certain of.
import type { NoteRow } from '#core/note';
import { certainlyNoteRow } from '#core/note-check';
import { isRecord, readLists } from './local-note';
import { loadNoteSchemas } from './note-schemas';

/** The row after the lenient reading, not yet checked; null when it is no record. */
function leniently(raw: unknown): Record<string, unknown> | null {
  if (!isRecord(raw)) return null;
  const id = typeof raw.id === 'string' ? raw.id : '';
  const revision = typeof raw.revision === 'string' ? Number(raw.revision) : raw.revision;
  return { ...raw, revision, ...readLists(raw, id) };
}

/**
 * Rows from the server, each checked against the core schema after the lenient list reading, in their
 * order; null for one that is unusable even then (the caller skips it and says so). Synchronous when the
 * quick check is certain of every row (the rows this app and its server write); otherwise the schema
 * loads, once, and decides the rest. A failed load rejects: no row is taken for unusable for it.
 */
export function readServerRows(raws: readonly unknown[]): (NoteRow | null)[] | Promise<(NoteRow | null)[]> {
  const rows: (NoteRow | null)[] = [];
  let unsure: { index: number; row: Record<string, unknown> }[] | null = null;
  for (const raw of raws) {
    const row = leniently(raw);
    // As checked as ever: what the quick check is not certain of goes to the schema.
    if (row === null || certainlyNoteRow(row)) rows.push(row);
    else {
      (unsure ??= []).push({ index: rows.length, row });
      rows.push(null);
    }
  }
  if (unsure === null) return rows;
  const toCheck = unsure;
  return loadNoteSchemas().then(({ noteRowSchema }) => {
    for (const { index, row } of toCheck) {
      const parsed = noteRowSchema.safeParse(row);
      rows[index] = parsed.success ? parsed.data : null;
    }
    return rows;
  });
}

/** One row from the server, as readServerRows reads it. */
export async function readServerRow(raw: unknown): Promise<NoteRow | null> {
  const [row] = await readServerRows([raw]);
  return row ?? null;
}
