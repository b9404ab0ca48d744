// The keys of the device's note indexes (issue 33), derived from a stored note alone: `tag_keys`, for a
// note the lists show each of its tags (its own and its text's `#tags`) with every tag it lies inside, as
// `<user id> <tag>\0<updated_at>`, none for a note deleted, in the Trash or archived; `link_keys`,
// `<user id> <note id>` for each note it links to; and `due_keys` (issue 35), `<user id> <due>\0<item id>`
// for each unticked dated item of a note in the lists. The client's Dexie middleware (client/src/data/notes/
// tag-index.ts) writes them on every write; the bench writes its seeded rows with the same keys.
import { DUE_PATTERN } from './note-constants';
import { noteLinks } from './note-links';
import { noteTags, tagAncestry } from './tags';
import type { LocalNote } from './sync-rules';

/** The stored members the indexes read; not fields of the note, never sent. */
export const TAG_KEYS = 'tag_keys';
export const LINK_KEYS = 'link_keys';
export const DUE_KEYS = 'due_keys';

const SEPARATOR = ' ';
/** Between a tag and the time: below every character a tag holds, so a tag's keys are one range. */
export const TIME = '\u0000';
export const prefixOf = (userId: string) => `${userId}${SEPARATOR}`;
/** The range of one tag's keys, for `between` (its lower bound included). */
export function tagRange(userId: string, tag: string): [string, string] {
  const start = `${prefixOf(userId)}${tag}${TIME}`;
  return [start, `${start}\uffff`];
}

export type Stored = Partial<Record<keyof LocalNote | typeof TAG_KEYS | typeof LINK_KEYS | typeof DUE_KEYS, unknown>>;

export const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A stored note's text, plan and items, each of the kind the readers expect whatever the row holds. */
function writing(note: Stored) {
  const items = Array.isArray(note.checklist_items) ? (note.checklist_items as unknown[]) : [];
  return {
    content: textOf(note.content),
    expanded_content: textOf(note.expanded_content),
    checklist_items: items.map((item) => ({
      text: textOf(typeof item === 'object' && item !== null ? (item as { text?: unknown }).text : ''),
    })),
  };
}

/** The index keys of a stored note (pure): none for a note out of the lists. */
export function tagKeysOf(note: Stored): string[] {
  if (typeof note.user_id !== 'string' || note.deleted_at || note.trashed_at || note.archived_at) return [];
  const tags = noteTags({ tags: strings(note.tags), ...writing(note) });
  const at = textOf(note.updated_at);
  const keys = new Set<string>();
  for (const tag of tags)
    for (const ancestor of tagAncestry(tag)) keys.add(`${prefixOf(note.user_id)}${ancestor}${TIME}${at}`);
  return [...keys];
}

/** The link index keys of a stored note (pure): the notes it links to, unless it is deleted or in the Trash. */
export function linkKeysOf(note: Stored): string[] {
  if (typeof note.user_id !== 'string' || note.deleted_at || note.trashed_at) return [];
  const prefix = prefixOf(note.user_id);
  return noteLinks(writing(note))
    .filter((id) => id !== note.id)
    .map((id) => `${prefix}${id}`);
}

const DUE = new RegExp(DUE_PATTERN, 'u');

/**
 * The due index keys of a stored note (pure): one per unticked item with a due, unless the note is out of the
 * lists. A day sorts just before the instants of the same UTC date, so the keys up to a bound are one range;
 * the Today screen, the dashboard's count and the reminders read that range and settle the user's zone after.
 */
export function dueKeysOf(note: Stored): string[] {
  if (typeof note.user_id !== 'string' || note.deleted_at || note.trashed_at || note.archived_at) return [];
  if (!Array.isArray(note.checklist_items)) return [];
  const prefix = prefixOf(note.user_id);
  const keys: string[] = [];
  for (const item of note.checklist_items as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const { id, due, completed } = item as { id?: unknown; due?: unknown; completed?: unknown };
    if (completed === true || typeof id !== 'string' || typeof due !== 'string' || !DUE.test(due)) continue;
    keys.push(`${prefix}${due}${TIME}${id}`);
  }
  return keys;
}

/** The due and item id of a due index key read back; null for a key of another form. */
export function readDueKey(key: string, userId: string): { due: string; itemId: string } | null {
  const prefix = prefixOf(userId);
  const at = key.indexOf(TIME, prefix.length);
  if (!key.startsWith(prefix) || at < 0) return null;
  return { due: key.slice(prefix.length, at), itemId: key.slice(at + 1) };
}

/** A stored note with its index keys set. */
export function withIndexKeys<T extends Stored>(note: T): T {
  return { ...note, [TAG_KEYS]: tagKeysOf(note), [LINK_KEYS]: linkKeysOf(note), [DUE_KEYS]: dueKeysOf(note) };
}
