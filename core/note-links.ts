// Links between notes (issue 33): a link is plain Markdown, `[Title](/note/<id>)`, so it keeps working when
// either note is renamed (it names the note by id), reads as a link in any Markdown viewer and in an
// export, and opens the note in the app. Pure: the device's link index and the screens read it.

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
/** A link's address to a note, whole. */
export const NOTE_HREF = new RegExp(`^/note/(${UUID})$`);
const IN_TEXT = new RegExp(`\\]\\(/note/(${UUID})\\)`, 'g');

/** The note a link's address opens; null for any other address. */
export function linkedNoteId(href: string | null | undefined): string | null {
  const match = href ? NOTE_HREF.exec(href) : null;
  return match ? match[1]!.toLowerCase() : null;
}

/** The ids of the notes a text links to, in order, each once (pure). */
export function linkedNoteIds(text: string | null | undefined): string[] {
  if (!text || !text.includes('](/note/')) return [];
  return [...new Set([...text.matchAll(IN_TEXT)].map((match) => match[1]!.toLowerCase()))];
}

/** What of a note can link: its text, its plan and its checklist items. */
export interface LinkingNote {
  readonly content: string;
  readonly expanded_content: string | null;
  readonly checklist_items: readonly { readonly text: string }[] | null;
}

/** Every note a note links to, each once (pure). */
export function noteLinks(note: LinkingNote): string[] {
  const ids = new Set(linkedNoteIds(note.content));
  for (const id of linkedNoteIds(note.expanded_content)) ids.add(id);
  for (const item of note.checklist_items ?? []) for (const id of linkedNoteIds(item.text)) ids.add(id);
  return [...ids];
}

/** The Markdown of a link to note `id` shown as `title` (brackets in the title escaped). */
export function noteLinkMarkdown(title: string, id: string): string {
  const text = (title.trim() || 'Untitled').replace(/[[\]\\]/g, (c) => `\\${c}`).replace(/\s+/g, ' ');
  return `[${text}](/note/${id})`;
}
