// A note cut into the passages the assistant's index embeds (issue 34): long notes are found by their
// parts, each part carrying the note's title so that a passage means what it means in its note. Paragraphs
// stay whole where they fit; a paragraph longer than a passage is cut between words, the next piece
// starting with the end of the last so that a sentence cut in two is still found.

/** The most characters of a note's text in one passage (about 300 tokens, well inside any embedding model). */
export const PASSAGE_CHARS = 1200;
/** How much of a cut paragraph the next passage repeats. */
export const PASSAGE_OVERLAP = 150;
/** The most passages of one note: a note longer than this is indexed by its beginning. */
export const MAX_PASSAGES = 40;

export interface PassageNote {
  title: string;
  content: string;
  expanded_content: string | null;
  checklist_items: readonly { text: string }[] | null;
  tags: readonly string[] | null;
}

export interface Passage {
  /** The note's words in this passage, shown as why the note matched. */
  text: string;
  /** What is embedded: the title, then the passage. */
  embedded: string;
}

function paragraphs(note: PassageNote): string[] {
  const parts = [note.content, note.expanded_content ?? ''];
  const items = (note.checklist_items ?? []).map((item) => item.text.trim()).filter(Boolean);
  if (items.length > 0) parts.push(items.map((item) => `- ${item}`).join('\n'));
  if (note.tags && note.tags.length > 0) parts.push(note.tags.map((tag) => `#${tag}`).join(' '));
  return parts
    .flatMap((part) => part.replace(/\r\n?/g, '\n').split(/\n\s*\n/))
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

/** A paragraph longer than a passage, in pieces cut at a space, each repeating the end of the one before. */
function cutLong(paragraph: string): string[] {
  const pieces: string[] = [];
  let start = 0;
  while (start < paragraph.length) {
    let end = Math.min(start + PASSAGE_CHARS, paragraph.length);
    if (end < paragraph.length) {
      const space = paragraph.lastIndexOf(' ', end);
      if (space > start + PASSAGE_CHARS / 2) end = space;
    }
    pieces.push(paragraph.slice(start, end).trim());
    if (end >= paragraph.length) break;
    let next = Math.max(end - PASSAGE_OVERLAP, start + 1);
    const space = paragraph.indexOf(' ', next);
    if (space !== -1 && space < end) next = space + 1;
    start = next;
  }
  return pieces;
}

/** The note's passages, at least one (a note of a title alone is found by its title). */
export function notePassages(note: PassageNote): Passage[] {
  const title = note.title.trim();
  const texts: string[] = [];
  let current = '';
  for (const paragraph of paragraphs(note)) {
    for (const piece of paragraph.length > PASSAGE_CHARS ? cutLong(paragraph) : [paragraph]) {
      if (current && current.length + 2 + piece.length > PASSAGE_CHARS) {
        texts.push(current);
        current = '';
      }
      current = current ? `${current}\n\n${piece}` : piece;
    }
  }
  if (current || texts.length === 0) texts.push(current);
  return texts.slice(0, MAX_PASSAGES).map((text) => ({
    text: text || title,
    embedded: text ? (title ? `${title}\n\n${text}` : text) : title,
  }));
}
