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

// While an import is read, a link between two of its notes names the target by where it came from (its
// path in the export): the note's id is known only when the import is planned for a user. The planner
// swaps each such address for the target's id (notes-import.ts); it never reaches a stored note.
const IMPORT_PREFIX = '/note/import:';
const IMPORT_LINK = /\[((?:\\.|[^\]\\])*)\]\(\/note\/import:([^)\s]+)\)/g;

/** The address of a link to the imported note that came from `source`, until the import is planned. */
export function importLinkHref(source: string): string {
  return `${IMPORT_PREFIX}${encodeURIComponent(source)}`;
}

/**
 * `text` with every link to an imported note's source pointing at that note's id (`idOf`). A link whose
 * source has no id becomes its words alone.
 */
export function resolveImportLinks(text: string, idOf: (source: string) => string | undefined): string;
export function resolveImportLinks(text: string | null, idOf: (source: string) => string | undefined): string | null;
export function resolveImportLinks(text: string | null, idOf: (source: string) => string | undefined): string | null {
  if (text === null || !text.includes(IMPORT_PREFIX)) return text;
  return text.replace(IMPORT_LINK, (_whole, words: string, encoded: string) => {
    let id: string | undefined;
    try {
      id = idOf(decodeURIComponent(encoded));
    } catch {
      id = undefined;
    }
    return id ? `[${words}](/note/${id})` : words;
  });
}
