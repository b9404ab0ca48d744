// Small readings of a note shared by the screens: its shown title, whether it is a conflict copy, and what
// its card shows of it.
import type { NoteView } from '../../data/notes';

const CONFLICT_SUFFIX = '(conflict copy)';

export function noteTitle(note: Pick<NoteView, 'title'>): string {
  return note.title.trim() || 'Untitled';
}

/** Made on this device (`conflict_of`) or pulled from another device (the engine's title suffix). */
export function isConflictCopy(note: Pick<NoteView, 'title' | 'conflict_of'>): boolean {
  return note.conflict_of !== null || note.title.trimEnd().endsWith(CONFLICT_SUFFIX);
}

/** What a card shows of a note (issue 33: what it holds): its text, else its checklist's first items, else its plan. */
export type CardPreview =
  | { kind: 'text'; text: string }
  | { kind: 'items'; items: NonNullable<NoteView['checklist_items']> }
  | { kind: 'none' };

/** Items a card lists, as many as the text's three lines. */
const PREVIEW_ITEMS = 3;

export function cardPreview(
  note: Pick<NoteView, 'content' | 'is_checklist' | 'checklist_items' | 'expanded_content'>,
): CardPreview {
  const text = note.content.trim();
  if (text) return { kind: 'text', text };
  if (note.is_checklist && note.checklist_items && note.checklist_items.length > 0)
    return { kind: 'items', items: note.checklist_items.slice(0, PREVIEW_ITEMS) };
  const plan = note.expanded_content?.trim();
  return plan ? { kind: 'text', text: plan } : { kind: 'none' };
}
