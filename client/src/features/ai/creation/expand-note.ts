// Expanding an existing note (issue 12, point 1): /new?expand=<id> starts the conversation seeded with
// that note's text, and the plan is saved back into the same note instead of a new one.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { type NoteInput, type NoteView, useNote } from '../../../data/notes';

/** The text the conversation starts from: the note's original idea, else its title. */
export function expandIdea(note: Pick<NoteView, 'title' | 'content'>): string {
  return note.content.trim() || note.title.trim();
}

/** What saving the plan writes into the expanded note (its original idea stays as it is). */
export function expandPatch(
  input: NoteInput,
): Pick<NoteInput, 'title' | 'expanded_content' | 'is_checklist' | 'checklist_items' | 'tags'> {
  return {
    title: input.title,
    expanded_content: input.expanded_content,
    is_checklist: input.is_checklist,
    checklist_items: input.checklist_items,
    ...(input.tags !== undefined ? { tags: input.tags } : {}),
  };
}

export interface ExpandTarget {
  /** The note being expanded, as it was when the conversation was seeded from it (the plan is saved on it [S20]). */
  note: NoteView | null;
  /** True once for each note the page opens with: seed the draft then (unless it already expands that note). */
  seedNow: boolean;
}

/** The note named by `?expand=` and whether the draft should be seeded from it in this render. */
export function useExpandTarget(): ExpandTarget {
  const [params] = useSearchParams();
  const id = params.get('expand');
  // A note kept out of the assistant (issue 34) is not expanded: its text would go to the AI.
  const found = useNote(id);
  const live = found?.ai_excluded ? null : found;
  const [seeded, setSeeded] = useState<NoteView | null>(null);
  const seedNow = Boolean(live && seeded?.id !== live.id);
  if (live && seedNow) setSeeded(live);
  return { note: seeded?.id === id ? seeded : seedNow ? (live ?? null) : null, seedNow };
}
