// Small readings of a note shared by the screens: its shown title and whether it is a conflict copy.
import type { NoteView } from '../../data/notes';

const CONFLICT_SUFFIX = '(conflict copy)';

export function noteTitle(note: Pick<NoteView, 'title'>): string {
  return note.title.trim() || 'Untitled';
}

/** Made on this device (`conflict_of`) or pulled from another device (the engine's title suffix). */
export function isConflictCopy(note: Pick<NoteView, 'title' | 'conflict_of'>): boolean {
  return note.conflict_of !== null || note.title.trimEnd().endsWith(CONFLICT_SUFFIX);
}
