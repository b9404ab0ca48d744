// A note as the lines the conflict view compares: its title (without the copy's mark), original idea,
// expanded text and checklist, each under a plain label.
import { withoutConflictMark } from '#core/conflict-resolution';
import type { NoteView } from '../../../data/notes';

export function conflictText(
  note: Pick<NoteView, 'title' | 'content' | 'expanded_content' | 'is_checklist' | 'checklist_items'>,
): string {
  const parts = [`Title: ${withoutConflictMark(note.title)}`];
  if (note.content.trim()) parts.push('', 'Original idea:', note.content.trimEnd());
  if (note.expanded_content?.trim()) parts.push('', 'Expanded:', note.expanded_content.trimEnd());
  const items = note.checklist_items ?? [];
  if (note.is_checklist || items.length > 0) {
    parts.push('', note.is_checklist ? 'Checklist:' : 'Action steps:');
    parts.push(...items.map((item) => `${item.completed ? '[x]' : '[ ]'} ${item.text}`));
  }
  return `${parts.join('\n')}\n`;
}
