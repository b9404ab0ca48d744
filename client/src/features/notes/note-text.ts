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
  const text = markdownAsText(note.content).trim();
  if (text) return { kind: 'text', text };
  if (note.is_checklist && note.checklist_items && note.checklist_items.length > 0)
    return { kind: 'items', items: note.checklist_items.slice(0, PREVIEW_ITEMS) };
  const plan = markdownAsText(note.expanded_content ?? '').trim();
  return plan ? { kind: 'text', text: plan } : { kind: 'none' };
}

// Line starts and inline marks of Markdown, as a card's three lines read them (issue 33): what the text
// says without the signs that only shape it. Not a renderer: the lists' first load stays without one, and
// three clamped lines show words, not layout.
const FENCE = /^\s{0,3}(`{3,}|~{3,}).*$/;
const LINE_START: [RegExp, string][] = [
  [/^\s{0,3}#{1,6}\s+/, ''],
  [/^\s{0,3}>\s?/, ''],
  [/^(\s*)[-*+]\s+\[[ ]\]\s+/, '$1☐ '],
  [/^(\s*)[-*+]\s+\[[xX]\]\s+/, '$1☑ '],
  [/^(\s*)[-*+]\s+/, '$1• '],
];
const INLINE: [RegExp, string][] = [
  [/!\[([^\]]*)\]\([^)]*\)/g, '$1'],
  [/\[([^\]]+)\]\([^)]*\)/g, '$1'],
  [/<(https?:\/\/[^>\s]+)>/g, '$1'],
  [/(\*\*|__)(?=\S)(.+?)(?<=\S)\1/g, '$2'],
  [/(?<![\w*])\*(?=\S)(.+?)(?<=\S)\*(?![\w*])/g, '$1'],
  [/(?<![\w_])_(?=\S)(.+?)(?<=\S)_(?![\w_])/g, '$1'],
  [/~~(?=\S)(.+?)(?<=\S)~~/g, '$1'],
  [/`([^`\n]+)`/g, '$1'],
];

/** Markdown as the words it shows (pure): headings, quotes, fences and marks go; list items keep a bullet. */
export function markdownAsText(markdown: string): string {
  if (!/[#>*_~`[\]<+-]/.test(markdown)) return markdown;
  return markdown
    .split('\n')
    .filter((line) => !FENCE.test(line))
    .map((line) => {
      let text = line;
      for (const [pattern, replacement] of LINE_START) text = text.replace(pattern, replacement);
      for (const [pattern, replacement] of INLINE) text = text.replace(pattern, replacement);
      return text;
    })
    .join('\n');
}
