// One page of a user's notes of a kind, read from IndexedDB: what the list screens' live queries read
// (queries.ts) and what a start reads ahead of them (page-preload.ts). Pinned notes come first (issue 33),
// then the rest in the list's order: updated_at newest first (the spec's order; ties by id descending, the
// [user_id+updated_at] index order: timestamps are ISO strings in one format, toISOString here and on the
// server, so the index order is the time order), created_at newest first, or the title A to Z.
import { Dexie, type Collection } from 'dexie';
import type { LocalNote } from '#core/sync-rules';
import type { SproutDb } from './local-db';
import { readLocalNote, toNoteView, type NoteView } from './local-note';
import { isTagged, newestTagged } from './tag-index';

/** The sidebar's Recent Ideas: at most this many notes with expanded content (spec section 2). */
export const RECENT_IDEAS_LIMIT = 10;

/** Cards a list screen renders at first and adds with each 'Show more'. */
export const PAGE_SIZE = 60;

export interface NotesPage {
  /** The first `limit` notes, newest update first. */
  notes: NoteView[];
  /** Whether more notes follow the page. */
  hasMore: boolean;
}

export type NotesKind = 'all' | 'checklists' | 'expanded';

/** How a list is sorted after its pinned notes. */
export type NotesOrder = 'updated' | 'created' | 'title';
export const NOTES_ORDERS: readonly NotesOrder[] = ['updated', 'created', 'title'];

/** A note the lists show: neither deleted, in the Trash nor archived. */
function matches(row: LocalNote, kind: NotesKind): boolean {
  if (row.deleted_at || row.trashed_at || row.archived_at) return false;
  if (kind === 'checklists') return row.is_checklist === true;
  if (kind === 'expanded') return typeof row.expanded_content === 'string' && row.expanded_content.trim() !== '';
  return true;
}

/**
 * Rows a page's first read takes beyond the page and the one that says more follow: room for a few
 * tombstones, trashed notes or notes of another kind among the newest, so that the usual page is one read.
 */
const READ_SLACK = 8;
/** How much longer each further read of the newest rows is, when the last held too few of the kind. */
const READ_GROWTH = 4;
/** Bulk reads of the newest rows before a page still short of notes of its kind walks the index. */
const BULK_READS = 2;

/** How many of the newest rows each bulk read of a page of `limit` takes, in order (pure). */
export function bulkReadSizes(limit: number): number[] {
  const first = limit + 1 + READ_SLACK;
  return Array.from({ length: BULK_READS }, (_, i) => first * READ_GROWTH ** i);
}

// Made on the first sort by title, not when the module loads: a page's first Intl object costs some 20 ms
// of main thread for ICU's data, a long task in a start that never sorts by title.
let collator: Intl.Collator | undefined;
const titleCollator = () => (collator ??= new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' }));
// Rows are sorted as stored, before they are read leniently.
const titleOf = (row: LocalNote) => (typeof row.title === 'string' ? row.title.trim() : '');

/** Descending by the string `key`, ties by id descending: the order of a [user_id+key] index read in reverse. */
function newestBy(key: 'updated_at' | 'created_at') {
  return (a: LocalNote, b: LocalNote) =>
    a[key] < b[key] ? 1 : a[key] > b[key] ? -1 : a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/** The list's order over notes already read (pure): what the index gives for the times, the collator for titles. */
export function compareIn(order: NotesOrder): (a: LocalNote, b: LocalNote) => number {
  if (order === 'created') return newestBy('created_at');
  const byUpdate = newestBy('updated_at');
  if (order === 'updated') return byUpdate;
  // An untitled note sorts as the title it shows ('Untitled note' on its card) would not: last, by update.
  return (a, b) => {
    const ta = titleOf(a);
    const tb = titleOf(b);
    if (!ta || !tb) return ta ? -1 : tb ? 1 : byUpdate(a, b);
    return titleCollator().compare(ta, tb) || byUpdate(a, b);
  };
}

function toViews(rows: readonly LocalNote[]): NoteView[] {
  return rows
    .map(readLocalNote)
    .filter((note): note is LocalNote => note !== null)
    .map(toNoteView);
}

function toPage(rows: readonly LocalNote[], limit: number): NotesPage {
  return { notes: toViews(rows.slice(0, limit)), hasMore: rows.length > limit };
}

/** The user's notes in their [user_id+field] index, newest first (a sparse index holds only notes with the field set). */
export function newestIn(
  db: SproutDb,
  userId: string,
  field: 'updated_at' | 'created_at' | 'pinned_at' | 'trashed_at' | 'archived_at',
): Collection<LocalNote> {
  return db.notes.where(`[user_id+${field}]`).between([userId, Dexie.minKey], [userId, Dexie.maxKey]).reverse();
}

/**
 * The first `limit` of the user's unpinned notes of a kind in a time order. The newest rows are read in
 * bulk (one IndexedDB request with a count and a direction) and sorted out here: a JS filter on the query
 * would make Dexie walk a cursor instead, one round trip to the browser's IndexedDB per row, each waiting
 * for a main thread that is busy rendering the start-up's screens (docs/decisions.md, 'A start reads its
 * first page of notes ahead'). A page still short of its kind after the bulk reads (a kind rare among many
 * newer notes) walks the index, as before.
 */
function unpinnedByTime(
  db: SproutDb,
  userId: string,
  limit: number,
  keep: (row: LocalNote) => boolean,
  index: 'updated_at' | 'created_at',
): Promise<NotesPage> {
  return firstOf(() => newestIn(db, userId, index), limit, keep);
}

/** The first `limit` rows of an index read that `keep` keeps: in bulk reads first, then a walk (see above). */
async function firstOf(
  rows: () => Collection<LocalNote>,
  limit: number,
  keep: (row: LocalNote) => boolean,
): Promise<NotesPage> {
  for (const size of bulkReadSizes(limit)) {
    const read = await rows().limit(size).toArray();
    const kept = read.filter(keep);
    // Enough for the page and its "more", or every row of the index read.
    if (kept.length > limit || read.length < size) return toPage(kept, limit);
  }
  return toPage(
    await rows()
      .filter(keep)
      .limit(limit + 1)
      .toArray(),
    limit,
  );
}

/**
 * One page of the user's listed notes of a kind (and of a tag): the pinned ones first (read from the [user_id+pinned_at]
 * index, which holds only pinned notes, so a user without any pays one empty read), then the others in
 * `order`. The title order reads every note of the user and sorts them here: IndexedDB's order of strings
 * is by code unit ('Zebra' before 'apple'). The two reads are not one snapshot (a transaction around them
 * delayed a start's first page); a note pinned or unpinned between them shows once, and the live query
 * that a write wakes reads both again.
 */
export async function loadNotesPage(
  db: SproutDb,
  userId: string,
  limit: number,
  kind: NotesKind = 'all',
  order: NotesOrder = 'updated',
  tag: string | null = null,
): Promise<NotesPage> {
  const listed = (row: LocalNote) =>
    row.user_id === userId && matches(row, kind) && (tag === null || isTagged(row, userId, tag));
  const compare = compareIn(order);
  const pinned = (await newestIn(db, userId, 'pinned_at').toArray())
    .filter((row) => listed(row) && row.pinned_at !== null)
    .sort(compare);
  if (pinned.length > limit) return toPage(pinned, limit);
  const pinnedIds = new Set(pinned.map((row) => row.id));
  const keep = (row: LocalNote) => listed(row) && !row.pinned_at && !pinnedIds.has(row.id);
  const room = limit - pinned.length;
  // A tag's list reads the tag index (tag-index.ts): in the order by update a page at a time, newest first,
  // as the whole list reads its own index; in the other orders all of the tag's notes, sorted here.
  const everything = () => (tag === null ? db.notes.where('user_id').equals(userId) : newestTagged(db, userId, tag));
  const rest =
    order === 'title' || (tag !== null && order === 'created')
      ? toPage((await everything().toArray()).filter(keep).sort(compare), room)
      : tag !== null
        ? await firstOf(() => newestTagged(db, userId, tag), room, keep)
        : await unpinnedByTime(db, userId, room, keep, order === 'created' ? 'created_at' : 'updated_at');
  return { notes: [...toViews(pinned), ...rest.notes], hasMore: rest.hasMore };
}
