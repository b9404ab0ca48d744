// The device's index of tags and links (issue 33). Every stored note carries `tag_keys` and `link_keys`
// (core/local-index-keys.ts), set on each write by the Dexie middleware below. A multi-entry index on
// `tag_keys` gives every tag's count from its keys alone, and a tag's notes newest first, a page at a
// time, as the [user_id+updated_at] index gives all of them: what the sidebar and a filtered list need,
// offline, with 20,000 notes (docs/benchmarks.md, 'Tags'). One on `link_keys` makes a note's 'Linked
// from' one index read.
import type { Collection, DBCore, DBCoreMutateRequest, Middleware, Table } from 'dexie';
import {
  LINK_KEYS,
  prefixOf,
  strings,
  TAG_KEYS,
  tagRange,
  TIME,
  withIndexKeys,
  type Stored,
} from '#core/local-index-keys';
import type { LocalNote } from '#core/sync-rules';

export { DUE_KEYS, dueKeysOf, LINK_KEYS, linkKeysOf, TAG_KEYS, tagKeysOf } from '#core/local-index-keys';

/** The database's notes (local-db.ts's SproutDb, named by its table: local-db.ts installs this module). */
type NotesDb = { notes: Table<LocalNote, string> };

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
