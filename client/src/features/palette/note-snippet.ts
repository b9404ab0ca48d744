// The line a palette result shows under its title (issue 33): the first line of the note's text, plan or
// items that holds a matched word, else the first line it has. Matched words come normalised from the
// search index (lower case, no accents), so lines are compared the same way. Lines read as the cards read
// them (markdownAsText): '• tomatoes by May', a link by its words, never `**` or `/note/<id>`.
import type { NoteView } from '../../data/notes';
import { markdownAsText } from '../notes';

const MAX = 120;

const normalise = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

export function noteSnippet(
  note: Pick<NoteView, 'content' | 'expanded_content' | 'checklist_items'>,
  terms: readonly string[],
): string {
  const lines = [
    ...markdownAsText(note.content).split('\n'),
    ...markdownAsText(note.expanded_content ?? '').split('\n'),
    ...(note.checklist_items ?? []).map((item) => item.text),
  ]
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const words = terms.map(normalise).filter((term) => term !== '');
  const hit = lines.find((line) => words.some((word) => normalise(line).includes(word)));
  const line = hit ?? lines[0] ?? '';
  return line.length > MAX ? `${line.slice(0, MAX - 1)}…` : line;
}
