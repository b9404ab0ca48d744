// All notes as one JSON file in the wire shape (the rows /rest/v1/notes returns), and reading such a
// file back: Sprout's export, or a bare array of rows. Each note is checked on its own, so one bad note
// is reported and skipped, never the whole file.
import { NOTE_COLUMNS, NOTE_CONTENT_FIELDS, fieldSpec, type NoteColumn, type NoteRow } from '#core/note-fields';
import { isListField, readContentValue } from '#core/note-lenient';
import type { LocalNote } from '#core/sync-rules';
import type { ImportedNote } from '../../../data/notes';

export const EXPORT_FORMAT = 'sprout-notes';
export const EXPORT_VERSION = 1;

/** A note as the server would send it; a note never synced has revision 0. */
export function toWireRow(note: LocalNote): NoteRow {
  const bookkeeping: Partial<NoteRow> = {
    revision: note.revision ?? 0,
    deleted_at: null,
    last_mutation_id: note.mutation_id,
  };
  const row: Partial<Record<NoteColumn, unknown>> = {};
  for (const column of NOTE_COLUMNS)
    row[column] = Object.hasOwn(bookkeeping, column) ? bookkeeping[column] : note[column as keyof LocalNote];
  return row as NoteRow;
}

export function notesToJson(notes: readonly LocalNote[], exportedAt: string): string {
  return `${JSON.stringify({ format: EXPORT_FORMAT, version: EXPORT_VERSION, exported_at: exportedAt, notes: notes.map(toWireRow) }, null, 2)}\n`;
}

/** A file that cannot be read at all. */
export class NotesFileError extends Error {
  override readonly name = 'NotesFileError';
}

export interface ReadNotes {
  notes: ImportedNote[];
  /** Notes of the file that were skipped, and why. */
  skipped: { source: string; title: string; reason: string }[];
}

type Raw = Record<string, unknown>;
const isRecord = (value: unknown): value is Raw => typeof value === 'object' && value !== null && !Array.isArray(value);

const TEXT_FIELDS = NOTE_CONTENT_FIELDS.filter((field) => field !== 'title' && fieldSpec(field).sql === 'text');
const LIST_FIELDS = NOTE_CONTENT_FIELDS.filter(isListField);

function readRow(row: unknown, source: string): ImportedNote | string {
  if (!isRecord(row)) return 'it is not an object';
  if (typeof row.title !== 'string') return 'it has no title';
  for (const field of [...TEXT_FIELDS, 'created_at', 'updated_at', 'id', 'user_id'] as const) {
    const value = row[field];
    if (value !== undefined && value !== null && typeof value !== 'string') return `its ${field} is not text`;
  }
  for (const field of LIST_FIELDS) {
    const value = row[field];
    if (value !== undefined && value !== null && !Array.isArray(value)) return `its ${field} is not a list`;
  }
  if (row.deleted_at) return 'it is a deleted note';
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  const content: Partial<Record<keyof ImportedNote, unknown>> = {};
  // Lists as the file has them (the import repairs them); every other field read leniently.
  for (const field of NOTE_CONTENT_FIELDS)
    content[field] = isListField(field) ? (row[field] ?? null) : readContentValue(field, row[field]);
  return {
    source,
    sourceId: text(row.id),
    sourceUserId: text(row.user_id),
    ...(content as Omit<ImportedNote, 'source' | 'sourceId' | 'sourceUserId' | 'created_at' | 'updated_at'>),
    created_at: text(row.created_at),
    updated_at: text(row.updated_at),
  };
}

/**
 * How deep a JSON file may nest its lists and objects: a notes export nests four levels (the file, its
 * notes, a note's chat, a message). V8's JSON.parse does not overflow the stack on deep nesting, but 50 MB
 * of `[[[[…` takes seconds and gigabytes to build and crashed the tab.
 */
export const JSON_DEPTH_LIMIT = 64;

/** Whether the JSON text nests deeper than `limit`, read as text before parsing (strings are passed over). */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c) i++;
        else if (d === 0x22) break;
      }
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** A JSON file's value. Throws NotesFileError when it is not JSON, or nested deeper than any export. */
export function parseJsonFile(text: string): unknown {
  if (nestsDeeperThan(text, JSON_DEPTH_LIMIT))
    throw new NotesFileError(`it is nested more than ${JSON_DEPTH_LIMIT} levels deep, which no notes export is`);
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new NotesFileError(`it is not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
}

/** The notes of a JSON file named `fileName`. Throws NotesFileError when the file is not such a file. */
export function jsonToNotes(text: string, fileName: string): ReadNotes {
  return jsonDataToNotes(parseJsonFile(text), fileName);
}

/** The notes of a parsed JSON file: Sprout's export or an array of rows. Throws NotesFileError otherwise. */
export function jsonDataToNotes(data: unknown, fileName: string): ReadNotes {
  const rows = Array.isArray(data) ? data : isRecord(data) && Array.isArray(data.notes) ? data.notes : null;
  // A list without a single object (50 MB of numbers) is no notes file: refused whole, not a skipped line per item.
  if (!rows || (rows.length > 0 && !rows.some(isRecord)))
    throw new NotesFileError('it holds no list of notes (expected a Sprout export or an array of notes)');
  if (
    isRecord(data) &&
    data.format === EXPORT_FORMAT &&
    typeof data.version === 'number' &&
    data.version > EXPORT_VERSION
  ) {
    throw new NotesFileError(`it was made by a newer Sprout (format version ${data.version})`);
  }
  const result: ReadNotes = { notes: [], skipped: [] };
  rows.forEach((row: unknown, i) => {
    const source = `${fileName}, note ${i + 1}`;
    const note = readRow(row, source);
    if (typeof note === 'string')
      result.skipped.push({
        source,
        title: isRecord(row) && typeof row.title === 'string' ? row.title : '',
        reason: note,
      });
    else result.notes.push(note);
  });
  return result;
}
