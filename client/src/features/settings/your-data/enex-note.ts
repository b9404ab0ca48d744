// Evernote's export (issue 37): an `.enex` file holds the notes of one notebook (or several) as XML, each
// note's body as ENML, Evernote's XHTML. The body becomes Markdown (turndown), its to-dos the note's
// checklist, its tags and the notebook (the file's name) tags, its times Evernote's. Attachments and
// encrypted parts are left out and said so. The HTML is parsed, never rendered: DOMParser runs no script
// and loads nothing. What maps to what, and what is lost: docs/import.md.
import TurndownService from 'turndown';
import { NOTE_LIMITS } from '#core/note-constants';
import type { ChecklistItem } from '#core/note-fields';
import { normalizeTag, normalizeTags } from '#core/tags';
import type { ImportedNote } from '../../../data/notes';
import type { ReadNotes } from './notes-json';

/** A file that is not an Evernote export that can be read. */
export class EnexFileError extends Error {
  override readonly name = 'EnexFileError';
}

/** Evernote's time, `20231015T120000Z`, as ISO 8601; null when it is none. */
function enexTime(value: string | null | undefined): string | null {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value?.trim() ?? '');
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as [number, number, number, number, number, number, number];
  const time = Date.UTC(y, mo - 1, d, h, mi, s);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

let turndown: TurndownService | null = null;

const WEB_ADDRESS = /^\s*(https?:|mailto:)/i;

function markdownOf(body: HTMLElement): string {
  turndown ??= new TurndownService({
    headingStyle: 'atx',
    bulletListMarker: '-',
    codeBlockStyle: 'fenced',
    emDelimiter: '*',
    linkStyle: 'inlined',
  })
    // Nothing of these becomes text: a script's or a style's source, a form's controls.
    .remove(['script', 'style', 'iframe', 'object', 'embed', 'form', 'input', 'button', 'select', 'textarea'])
    // Only web and mail addresses come through as links and images: a `javascript:` link would wait in the
    // note's text for whatever renders it next (Sprout's Markdown drops it; an app the note is exported to
    // might not).
    .addRule('unsafeLink', {
      filter: (node) => node.nodeName === 'A' && !WEB_ADDRESS.test(node.getAttribute('href') ?? ''),
      replacement: (content) => content,
    })
    .addRule('unsafeImage', {
      filter: (node) => node.nodeName === 'IMG' && !/^\s*https?:/i.test(node.getAttribute('src') ?? ''),
      replacement: () => '',
    })
    // A list item as people type one, `- item` and `1. item` (turndown pads the marker to four columns).
    .addRule('listItem', {
      filter: 'li',
      replacement: (content, node) => {
        const parent = node.parentNode as HTMLElement | null;
        let prefix = '- ';
        if (parent?.nodeName === 'OL') {
          const start = Number(parent.getAttribute('start') ?? 1);
          prefix = `${(Number.isFinite(start) ? start : 1) + [...parent.children].indexOf(node as HTMLElement)}. `;
        }
        const paragraph = /\n$/.test(content);
        const body = content.replace(/^\n+|\n+$/g, '') + (paragraph ? '\n' : '');
        return `${prefix}${body.replace(/\n/g, `\n${' '.repeat(prefix.length)}`)}${node.nextSibling ? '\n' : ''}`;
      },
    });
  return turndown
    .turndown(body)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The to-dos of a body as checklist items, each taken out of the body with the line it stands on. */
function takeTodos(body: HTMLElement): ChecklistItem[] {
  const items: ChecklistItem[] = [];
  for (const todo of [...body.querySelectorAll('en-todo')]) {
    const line = todo.parentElement && todo.parentElement !== body ? todo.parentElement : null;
    const text =
      (line?.querySelectorAll('en-todo').length === 1 ? line.textContent : todo.nextSibling?.textContent) ?? '';
    if (text.trim() !== '')
      items.push({
        id: `item-${items.length + 1}`,
        text: text.trim().replace(/\s+/g, ' '),
        completed: todo.getAttribute('checked') === 'true',
      });
    if (line && line.querySelectorAll('en-todo').length === 1) line.remove();
    else todo.remove();
  }
  return items;
}

// Chromium checks an inline event handler against the page's CSP as soon as it parses one, even in an
// inert DOMParser document, and logs each as an error. None would ever run; they are dropped first.
const INLINE_HANDLER = /[\s/]on[a-z]+\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)/gi;

const childText = (note: Element, name: string) => note.querySelector(`:scope > ${name}`)?.textContent ?? null;

/** One `<note>` of the export, or why it is skipped; `attachments` counts what was left out of it. */
function readNote(
  note: Element,
  source: string,
  notebookTag: string | null,
): { note: ImportedNote; leftOut: string[] } | { skip: string } {
  const title = (childText(note, 'title') ?? '').trim().slice(0, NOTE_LIMITS.title);
  const html = (childText(note, 'content') ?? '').replace(INLINE_HANDLER, '');
  const doc = new DOMParser().parseFromString(html, 'text/html');
  // ENML's root is <en-note>; parsed as HTML it sits in <body>.
  const body = (doc.querySelector('en-note') as HTMLElement | null) ?? doc.body;
  const leftOut: string[] = [];
  const media = body.querySelectorAll('en-media');
  if (media.length > 0)
    leftOut.push(`${media.length} attachment${media.length === 1 ? '' : 's'} (attachments are not imported)`);
  media.forEach((element) => element.remove());
  const secret = body.querySelectorAll('en-crypt');
  if (secret.length > 0) leftOut.push('encrypted text (Sprout cannot decrypt it)');
  secret.forEach((element) => element.remove());
  const items = takeTodos(body);
  let content = markdownOf(body);
  const url = note.querySelector(':scope > note-attributes > source-url')?.textContent?.trim() ?? '';
  if (/^https?:\/\/\S+$/i.test(url))
    content = [content, `[Source](${url.replace(/[()]/g, encodeURIComponent)})`].filter(Boolean).join('\n\n');
  const tags = normalizeTags(
    [...note.querySelectorAll(':scope > tag')].map((tag) => tag.textContent ?? '').concat(notebookTag ?? []),
  ).slice(0, NOTE_LIMITS.tags);
  const updated = enexTime(childText(note, 'updated')) ?? enexTime(childText(note, 'created'));
  return {
    leftOut,
    note: {
      source,
      sourceId: null,
      sourceUserId: null,
      title:
        title ||
        content
          .split('\n')
          .find((line) => line.trim())
          ?.replace(/^[\\#>*\-\s]+/, '')
          .slice(0, 80) ||
        'Untitled note',
      content,
      expanded_content: null,
      is_checklist: items.length > 0,
      checklist_items: items.length > 0 ? items : null,
      chat_history: null,
      tags: tags.length > 0 ? tags : null,
      pinned_at: null,
      archived_at: null,
      trashed_at: null,
      ai_excluded: false,
      created_at: enexTime(childText(note, 'created')) ?? updated,
      updated_at: updated,
    },
  };
}

/** The notes of an `.enex` file named `path`; its name is the notebook's, which tags each note. */
export function enexToNotes(text: string, path: string): ReadNotes {
  // Each body is a CDATA section; written as escaped text instead, it means the same to any XML parser,
  // and to the lighter DOM the unit tests run in, which reads no CDATA.
  const escaped = text.replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, (_whole, data: string) =>
    data.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'),
  );
  const doc = new DOMParser().parseFromString(escaped, 'application/xml');
  const root = doc.documentElement;
  if (doc.querySelector('parsererror') || root.nodeName !== 'en-export')
    throw new EnexFileError('it is not an Evernote export (.enex) that can be read');
  const notebook = path
    .split('/')
    .pop()!
    .replace(/\.enex$/i, '');
  const notebookTag = normalizeTag(notebook);
  const result: ReadNotes = { notes: [], skipped: [] };
  [...root.querySelectorAll(':scope > note')].forEach((element, i) => {
    const title = (childText(element, 'title') ?? '').trim();
    const source = `${path}, note ${i + 1}`;
    let read: ReturnType<typeof readNote>;
    try {
      read = readNote(element, source, notebookTag);
    } catch (error) {
      // A body nested thousands deep ends the recursion of a DOM walk or of turndown: the note is
      // reported, not half read.
      if (!(error instanceof RangeError)) throw error;
      read = { skip: 'its content is nested too deeply to read' };
    }
    if ('skip' in read) {
      result.skipped.push({ source, title, reason: read.skip });
      return;
    }
    result.notes.push(read.note);
    for (const what of read.leftOut) result.skipped.push({ source, title: read.note.title, reason: `its ${what}` });
  });
  if (result.notes.length === 0 && result.skipped.length === 0)
    result.skipped.push({ source: path, title: '', reason: 'it holds no notes' });
  return result;
}
