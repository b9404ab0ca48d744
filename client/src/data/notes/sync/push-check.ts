// The check of pending notes before they are sent [S5] [S13]: the rows to push, and those the note schema
// refuses with why (they go to the error state unsent). The schema loads only when it has a row to decide.
import type { NoteWritable } from '#core/note';
import { certainlyWritable } from '#core/note-check';
import type { LocalNote } from '#core/sync-rules';
import { toWire } from '#core/sync-rules';
import { loadNoteSchemas } from '../note-schemas';

export interface CheckedRows {
  rows: NoteWritable[];
  invalid: { note: LocalNote; message: string }[];
}

/**
 * The pending notes as rows to push, in their order, and those the schema refuses with why. The schema
 * (and zod) loads only when the quick check is not certain of some row, and decides those rows; a failure
 * to load it rejects, and the run fails with every note still pending.
 */
export async function checkedRows(pending: readonly LocalNote[]): Promise<CheckedRows> {
  const wires = pending.map(toWire);
  const first = wires.findIndex((wire) => !certainlyWritable(wire));
  if (first === -1) return { rows: wires, invalid: [] };
  const { noteWritableSchema } = await loadNoteSchemas();
  const rows = wires.slice(0, first);
  const invalid: CheckedRows['invalid'] = [];
  for (let i = first; i < wires.length; i++) {
    const wire = wires[i] as NoteWritable;
    if (i > first && certainlyWritable(wire)) {
      rows.push(wire);
      continue;
    }
    const checked = noteWritableSchema.safeParse(wire);
    if (checked.success) rows.push(checked.data);
    else invalid.push({ note: pending[i] as LocalNote, message: invalidMessage(checked.error.issues) });
  }
  return { rows, invalid };
}

function invalidMessage(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  const issue = issues[0];
  if (!issue) return 'The note is not valid';
  const where = issue.path.map(String).join('.');
  return where ? `${where}: ${issue.message}` : issue.message;
}
