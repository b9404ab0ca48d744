// The device's index of tags (issue 33). Every stored note carries `tag_keys`, derived on each write by a
// Dexie middleware: for a note the lists show, each of its tags (its own and its text's `#tags`) with
// every tag it lies inside, as `<user id> <tag>\0<updated_at>`; for a note deleted, in the Trash or
// archived, none. A multi-entry index on it gives every tag's count from its keys alone, and a tag's
// notes newest first, a page at a time, as the [user_id+updated_at] index gives all of them: what the
// sidebar and a filtered list need, offline, with 20,000 notes (docs/benchmarks.md, 'Tags').
//
// The same middleware writes `link_keys`: `<user id> <note id>` for each note a note in the lists or the
// Archive links to (core/note-links.ts), so a note's 'Linked from' is one index read.
import type { Collection, DBCore, DBCoreMutateRequest, Middleware, Table } from 'dexie';
import { noteLinks } from '#core/note-links';
import { noteTags, tagAncestry } from '#core/tags';
import type { LocalNote } from '#core/sync-rules';

/** The database's notes (local-db.ts's SproutDb, named by its table: local-db.ts installs this module). */
type NotesDb = { notes: Table<LocalNote, string> };

/** The stored members the indexes read; not fields of the note, never sent. */
export const TAG_KEYS = 'tag_keys';
export const LINK_KEYS = 'link_keys';

const SEPARATOR = ' ';
/** Between a tag and the time: below every character a tag holds, so a tag's keys are one range. */
const TIME = '\u0000';
const prefixOf = (userId: string) => `${userId}${SEPARATOR}`;
/** The range of one tag's keys, for `between` (its lower bound included). */
export function tagRange(userId: string, tag: string): [string, string] {
  const start = `${prefixOf(userId)}${tag}${TIME}`;
  return [start, `${start}\uffff`];
}

type Stored = Partial<Record<keyof LocalNote | typeof TAG_KEYS | typeof LINK_KEYS, unknown>>;

const strings = (value: unknown): string[] =>
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

/** A stored note with its index keys set. */
export function withIndexKeys<T extends Stored>(note: T): T {
  return { ...note, [TAG_KEYS]: tagKeysOf(note), [LINK_KEYS]: linkKeysOf(note) };
}

/** Sets `tag_keys` on every note written, whatever wrote it: the repository, the sync, an import. */
export const tagKeysMiddleware: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'sprout-tag-keys',
  create(down) {
    return {
      ...down,
      table(name) {
        const table = down.table(name);
        if (name !== 'notes') return table;
        return {
          ...table,
          mutate(request: DBCoreMutateRequest) {
            if (request.type !== 'add' && request.type !== 'put') return table.mutate(request);
            return table.mutate({ ...request, values: request.values.map((value: Stored) => withIndexKeys(value)) });
          },
        };
      },
    };
  },
};

/** Each tag of the user's listed notes with how many notes it holds (those of tags inside it counted), A to Z. */
export async function loadTagCounts(db: NotesDb, userId: string): Promise<Map<string, number>> {
  const prefix = prefixOf(userId);
  const keys = (await db.notes.where(TAG_KEYS).between(prefix, `${prefix}\uffff`).keys()) as string[];
  const counts = new Map<string, number>();
  for (const key of keys) {
    const tag = key.slice(prefix.length, key.indexOf(TIME, prefix.length));
    counts.set(tag, (counts.get(tag) ?? 0) + 1);
  }
  return counts;
}

/** The user's listed notes tagged `tag` or a tag inside it, the latest updated first, as a Dexie collection. */
export function newestTagged(db: NotesDb, userId: string, tag: string): Collection<LocalNote, string> {
  const [from, to] = tagRange(userId, tag);
  return db.notes.where(TAG_KEYS).between(from, to).reverse();
}

/** Whether a stored note is one of the user's listed notes tagged `tag` or a tag inside it. */
export function isTagged(note: Stored, userId: string, tag: string): boolean {
  const [from] = tagRange(userId, tag);
  return strings(note[TAG_KEYS]).some((key) => key.startsWith(from));
}

/** The user's notes (in the lists or the Archive) that link to note `id`, in no order. */
export function loadLinkingNotes(db: NotesDb, userId: string, id: string): Promise<LocalNote[]> {
  return db.notes
    .where(LINK_KEYS)
    .equals(`${prefixOf(userId)}${id}`)
    .toArray();
}
