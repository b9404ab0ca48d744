// The live queries of dated checklist items (issue 35), over the `due_keys` index (core/local-index-keys.ts):
// the unticked dated items of the listed notes, by due. A range of keys is a range of dues in UTC; the
// callers, which know the user's zone, read a little wider and settle each item's day themselves.
import { useLiveQuery } from 'dexie-react-hooks';
import type { LocalNote } from '#core/sync-rules';
import { isListed } from '#core/trash';
import { DUE_KEYS, prefixOf, readDueKey } from '#core/local-index-keys';
import type { SproutDb } from './local-db';
import { readLocalNote, toNoteView, type NoteView } from './local-note';
import { useNotesSession } from './notes-context';

/** Dues from `from` (included) to `before` (left out), compared as stored: days and UTC instants. */
export interface DueRange {
  from: string;
  before: string;
}

function keyRange(userId: string, { from, before }: DueRange): [string, string] {
  const prefix = prefixOf(userId);
  return [`${prefix}${from}`, `${prefix}${before}`];
}

/** The dues of the user's unticked dated items in `range`, one per item, from the index alone. */
export async function loadDues(db: SproutDb, userId: string, range: DueRange): Promise<string[]> {
  const [lower, upper] = keyRange(userId, range);
  if (lower >= upper) return [];
  const keys = (await db.notes.where(DUE_KEYS).between(lower, upper).keys()) as string[];
  return keys.flatMap((key) => readDueKey(key, userId)?.due ?? []);
}

/** The user's listed notes with an unticked item due in `range`, each once, in no order. */
export async function loadDueNotes(db: SproutDb, userId: string, range: DueRange): Promise<NoteView[]> {
  const [lower, upper] = keyRange(userId, range);
  if (lower >= upper) return [];
  const rows = await db.notes.where(DUE_KEYS).between(lower, upper).distinct().toArray();
  return rows
    .map(readLocalNote)
    .filter((note): note is LocalNote => note !== null && note.user_id === userId && isListed(note))
    .map(toNoteView);
}

/** The dues in `range` (see loadDues); undefined while reading, empty without a session. */
export function useDues(range: DueRange): string[] | undefined {
  const session = useNotesSession();
  const db = session?.db ?? null;
  const userId = session?.userId ?? null;
  return useLiveQuery(
    async () => (db && userId ? loadDues(db, userId, range) : []),
    [db, userId, range.from, range.before],
  );
}

/** The notes with an item due in `range` (see loadDueNotes); undefined while reading. */
export function useDueNotes(range: DueRange): NoteView[] | undefined {
  const session = useNotesSession();
  const db = session?.db ?? null;
  const userId = session?.userId ?? null;
  return useLiveQuery(
    async () => (db && userId ? loadDueNotes(db, userId, range) : []),
    [db, userId, range.from, range.before],
  );
}
