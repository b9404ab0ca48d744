// One note as a Markdown file and back. Sprout's own files carry YAML front matter (id, title, times,
// checklist state) and mark their sections with HTML comments (invisible in any Markdown viewer), so
// they come back exactly; any other Markdown file (Obsidian, Joplin, Bear) becomes a note whose text is
// the file, titled by its front matter, its first heading or its name.
import { parse, stringify } from 'yaml';
import { NOTE_LIMITS } from '#core/note-constants';
import {
  EMPTY_CONTENT,
  NOTE_CONTENT_FIELDS,
  type ChatMessage,
  type ChecklistItem,
  type ContentField,
  type NoteContent,
  type NoteData,
  type ReadonlyLists,
} from '#core/note-fields';
import { readContentValue } from '#core/note-lenient';
import { itemToMarkdownLine, parseTaskLine } from '#core/task-markdown';
import { deviceTimeZone } from '../../../lib/time-zone';
import { normalizeTags } from '#core/tags';
import { withoutNotionId } from './notion-export';
import type { ImportedNote } from '../../../data/notes';

/** The fields of a note the file holds. */
export type MarkdownNote = ReadonlyLists<Pick<NoteData, 'id' | ContentField | 'created_at' | 'updated_at'>>;

/** The fields this format writes in a place of its own; every other content field goes in the front matter under its name. */
const SHOWN = [
  'title',
  'content',
  'expanded_content',
  'is_checklist',
  'checklist_items',
  'chat_history',
] as const satisfies readonly ContentField[];
const IN_FRONT_MATTER = NOTE_CONTENT_FIELDS.filter((field) => !(SHOWN as readonly ContentField[]).includes(field));
type InFrontMatter = Omit<ReadonlyLists<NoteContent>, (typeof SHOWN)[number]>;

const MARK = (name: string) => `<!-- sprout:${name} -->`;
const SECTION_LINE = /^<!-- sprout:(expanded|checklist|chat) -->$/gm;
const MESSAGE_LINE = /^<!-- sprout:message (user|assistant|system) -->$/gm;
const ROLE_LABEL: Record<ChatMessage['role'], string> = { user: 'You', assistant: 'Assistant', system: 'System' };
const HEADINGS = { expanded: '## Expanded idea', checklist: '## Checklist', chat: '## Chat history' } as const;

/** The note as Markdown; a dated item's time is written as the clock in `timeZone` shows it (issue 35). */
export function noteToMarkdown(note: MarkdownNote, timeZone = deviceTimeZone()): string {
  const items = note.checklist_items;
  const front: Record<string, unknown> = {
    id: note.id,
    title: note.title,
    created: note.created_at,
    updated: note.updated_at,
    checklist: note.is_checklist,
  };
  if (items) front.checklist_state = { done: items.filter((item) => item.completed).length, total: items.length };
  for (const field of IN_FRONT_MATTER) {
    if (JSON.stringify(note[field]) !== JSON.stringify(EMPTY_CONTENT[field])) front[field] = note[field];
  }
  const parts = [`# ${note.title.replace(/\s+/g, ' ')}`];
  if (note.content !== '') parts.push(note.content);
  if (note.expanded_content !== null)
    parts.push(`${MARK('expanded')}\n${HEADINGS.expanded}\n\n${note.expanded_content}`);
  if (items)
    parts.push(
      `${MARK('checklist')}\n${HEADINGS.checklist}\n\n${items.map((item) => itemToMarkdownLine(item, timeZone)).join('\n')}`,
    );
  if (note.chat_history) {
    const messages = note.chat_history.map(
      (m) => `${MARK(`message ${m.role}`)}\n**${ROLE_LABEL[m.role]}:**\n\n${m.content}`,
    );
    parts.push(`${MARK('chat')}\n${HEADINGS.chat}${messages.length ? `\n\n${messages.join('\n\n')}` : ''}`);
  }
  return `---\n${stringify(front, { lineWidth: 0 })}---\n\n${parts.join('\n\n')}\n`;
}

/** A Markdown file could not be read as a note. */
export class MarkdownNoteError extends Error {
  override readonly name = 'MarkdownNoteError';
}

function splitFrontMatter(text: string): { front: Record<string, unknown>; body: string } {
  const normalized = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const match = /^---\n([\s\S]*?)\n?---[ \t]*(?:\n|$)/.exec(normalized);
  if (!match) return { front: {}, body: normalized };
  let front: unknown;
  try {
    front = parse(match[1] ?? '');
  } catch (error) {
    throw new MarkdownNoteError(
      `its front matter is not valid YAML (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`,
    );
  }
  if (front !== null && front !== undefined && (typeof front !== 'object' || Array.isArray(front)))
    throw new MarkdownNoteError('its front matter is not a list of fields');
  return {
    front: (front ?? {}) as Record<string, unknown>,
    body: normalized.slice(match[0].length).replace(/^\n/, ''),
  };
}

function timestamp(value: unknown): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** Splits `text` at lines matching `marker`, each chunk with the marker's captured name (the first none). */
function chunksAt(text: string, marker: RegExp): { name: string | null; text: string }[] {
  const chunks: { name: string | null; text: string }[] = [];
  let name: string | null = null;
  let start = 0;
  for (const found of text.matchAll(marker)) {
    chunks.push({ name, text: text.slice(start, found.index) });
    name = found[1] ?? null;
    start = found.index + found[0].length;
  }
  chunks.push({ name, text: text.slice(start) });
  return chunks;
}

/** A chunk without the writer's separators: the heading after its marker and `tail` before the next. */
function unwrap(text: string, heading: string, tail: string): string {
  let body = text.startsWith(`\n${heading}\n\n`)
    ? text.slice(heading.length + 3)
    : text.startsWith(`\n${heading}`)
      ? text.slice(heading.length + 1)
      : text.replace(/^\n/, '');
  if (tail && body.endsWith(tail)) body = body.slice(0, -tail.length);
  return body;
}

const TASK_LINE = /^\s*[-*] \[([ xX])\] ?(.*)$/;

const isTaskList = (text: string): boolean => {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  return lines.length > 0 && lines.every((line) => TASK_LINE.test(line));
};

/** The task lines as items, with the dates and repeats Obsidian's Tasks writes (`📅 2026-03-31`). */
function readChecklist(text: string, timeZone: string): ChecklistItem[] {
  const items: ChecklistItem[] = [];
  for (const line of text.split('\n')) {
    if (!TASK_LINE.test(line)) continue;
    const task = parseTaskLine(line, timeZone);
    if (task) items.push({ id: `item-${items.length + 1}`, ...task });
  }
  return items;
}

function readChat(text: string): ChatMessage[] {
  return chunksAt(text, MESSAGE_LINE)
    .slice(1)
    .map((chunk, i, all) => {
      const role = chunk.name as ChatMessage['role'];
      return { role, content: unwrap(chunk.text, `**${ROLE_LABEL[role]}:**`, i === all.length - 1 ? '' : '\n\n') };
    });
}

/**
 * The tags front matter gives, as other apps write them: `tags` (or Obsidian's `tag`) as a YAML list, one
 * string, or a string of tags split by commas or else by spaces, each maybe with its `#`. Normalized, each
 * once; what is no tag is dropped, and past a note's limit the first ones are kept. Null when none.
 */
function frontMatterTags(front: Record<string, unknown>): string[] | null {
  const entries = [front.tags, front.tag].flatMap((value): unknown[] => {
    if (Array.isArray(value)) return value.map((entry) => (typeof entry === 'number' ? String(entry) : entry));
    if (typeof value === 'number') return [String(value)];
    if (typeof value !== 'string') return [];
    return value.split(value.includes(',') ? ',' : /\s+/);
  });
  const tags = normalizeTags(entries).slice(0, NOTE_LIMITS.tags);
  return tags.length === 0 ? null : tags;
}

const str = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : typeof value === 'number' ? String(value) : null;

/**
 * The note in a Markdown file named `path` (last changed at `modifiedAt`). Throws MarkdownNoteError with
 * what is wrong.
 */
export function markdownToNote(
  text: string,
  path: string,
  modifiedAt: string | null,
  timeZone = deviceTimeZone(),
): ImportedNote {
  const { front, body } = splitFrontMatter(text);
  // Sprout's own file: its sections come back exactly. Any other: the file is the note's text.
  const own = str(front.id) !== null && typeof front.title === 'string';
  const chunks = own ? chunksAt(body, SECTION_LINE) : [{ name: null, text: body }];
  const last = chunks.length - 1;
  const tail = (i: number) => (i === last ? '\n' : '\n\n');
  let head = chunks[0]?.text ?? '';
  const headMatch = /^# (.*)(?:\n|$)/.exec(head);
  // A Notion page's file name ends in its id: the title is without it.
  const fileTitle = withoutNotionId(
    path
      .split('/')
      .pop()!
      .replace(/\.(md|markdown|txt)$/i, ''),
  );
  const title = str(front.title) ?? headMatch?.[1]?.trim() ?? fileTitle;
  if (headMatch && (!own || headMatch[1]?.trim() === title.replace(/\s+/g, ' ').trim()))
    head = head.slice(headMatch[0].length);
  let content: string;
  if (own) {
    content = head.replace(/^\n/, '');
    if (content.endsWith(tail(0))) content = content.slice(0, -tail(0).length);
  } else {
    content = head.trim();
  }

  let expanded: string | null = null;
  let items: ChecklistItem[] | null = null;
  let chat: ChatMessage[] | null = null;
  // Another app's note that is a task list and nothing else is a checklist; tasks among other text stay
  // where they are written, in the text.
  if (!own && isTaskList(content)) {
    items = readChecklist(content, timeZone);
    content = '';
  }
  chunks.forEach((chunk, i) => {
    if (chunk.name === 'expanded') expanded = unwrap(chunk.text, HEADINGS.expanded, tail(i));
    if (chunk.name === 'checklist') items = readChecklist(unwrap(chunk.text, HEADINGS.checklist, tail(i)), timeZone);
    if (chunk.name === 'chat') chat = readChat(unwrap(chunk.text, HEADINGS.chat, tail(i)));
  });
  const updated =
    timestamp(front.updated) ??
    timestamp(front.updated_at) ??
    timestamp(front.modified) ??
    timestamp(front.date) ??
    modifiedAt;
  const created = timestamp(front.created) ?? timestamp(front.created_at) ?? timestamp(front.date) ?? updated;
  const more = Object.fromEntries(
    IN_FRONT_MATTER.map((field) => [
      field,
      readContentValue(field, front[field] instanceof Date ? timestamp(front[field]) : front[field]),
    ]),
  );
  return {
    ...(more as InFrontMatter),
    tags: frontMatterTags(front),
    source: path,
    sourceId: str(front.id),
    sourceUserId: null,
    title: title.slice(0, NOTE_LIMITS.title),
    content,
    expanded_content: expanded,
    is_checklist: front.checklist === true || (front.checklist === undefined && items !== null),
    checklist_items: items,
    chat_history: chat,
    created_at: created,
    updated_at: updated,
  };
}
