// Pure rules of the Note view (spec section 2): where Back goes, which view a note opens in, and the
// parts of its expanded text.
import { splitExpandedContent } from '#core/action-steps';
import type { ChecklistItem } from '#core/note';

export type NoteViewMode = 'details' | 'checklist';

/** The router state the Your Checklists cards pass along. */
export interface FromChecklistsState {
  from: 'checklists';
}

export const FROM_CHECKLISTS: FromChecklistsState = { from: 'checklists' };

export function cameFromChecklists(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { from?: unknown }).from === 'checklists';
}

/** Back goes to /checklists when the user came from there, otherwise to /. */
export function backTarget(state: unknown): '/checklists' | '/' {
  return cameFromChecklists(state) ? '/checklists' : '/';
}

type Held = { is_checklist: boolean; content: string; expanded_content: string | null };

const hasText = (text: string | null) => text !== null && text.trim() !== '';

/**
 * A note opens on what it holds (issue 33): a checklist opened from the checklists page, or one with no
 * text of its own (a 'New checklist'), in checklist view; everything else in details.
 */
export function initialViewMode(note: Held, state: unknown): NoteViewMode {
  return note.is_checklist && (cameFromChecklists(state) || !hasText(note.content)) ? 'checklist' : 'details';
}

/** The details' first tab: the plan when the note has one (an assistant's note), else the note's own text. */
export function initialDetailsTab(note: Held): 'expanded' | 'note' {
  return hasText(note.expanded_content) ? 'expanded' : 'note';
}

export interface ExpandedView {
  /** The 'Expanded Idea' card: the text without its action-steps section. */
  body: string;
  steps: string[];
}

/** null when the note has no expanded content ('No expanded content available for this note.'). */
export function expandedView(expanded: string | null): ExpandedView | null {
  if (expanded === null || expanded.trim() === '') return null;
  return splitExpandedContent(expanded);
}

/** 'n of m done' on checklist cards and in the checklist view. */
export function checklistProgress(items: readonly ChecklistItem[] | null): {
  done: number;
  total: number;
  label: string;
} {
  const list = items ?? [];
  const done = list.filter((item) => item.completed).length;
  return { done, total: list.length, label: `${done} of ${list.length} done` };
}
