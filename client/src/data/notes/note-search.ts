// Finding notes by words for the command palette: `useNoteSearch(query)`. For now a plain match of every
// word of the query against the title, original idea, expanded text and checklist items, newest first.
// The search index (issue 12, point 2) replaces `searchNotes` below: the hook's contract stays.
import { Dexie } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import type { LocalNote } from '#core/sync-rules';
import type { SproutDb } from './local-db';
import { readLocalNote, toNoteView, type NoteView } from './local-note';
import { useNotesSession } from './notes-context';

/** How many notes the palette lists for a query. */
export const NOTE_SEARCH_LIMIT = 8;

/** The lower-cased words of a query; an empty list matches nothing. */
export function queryTerms(query: string): string[] {
  return query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
}

/** The text a note is found by. */
export function searchableText(note: Pick<LocalNote, 'title' | 'content' | 'expanded_content' | 'checklist_items'>): string {
  const items = note.checklist_items?.map((item) => item.text).join('\n') ?? '';
  return `${note.title}\n${note.content}\n${note.expanded_content ?? ''}\n${items}`.toLocaleLowerCase();
}

/** True when every word of the query occurs in the note. */
export function matchesTerms(note: Parameters<typeof searchableText>[0], terms: readonly string[]): boolean {
  if (terms.length === 0) return false;
  const text = searchableText(note);
  return terms.every((term) => text.includes(term));
}

/** The user's live notes matching `query`, newest first, at most `limit`. */
export async function searchNotes(db: SproutDb, userId: string, query: string, limit = NOTE_SEARCH_LIMIT): Promise<NoteView[]> {
  const terms = queryTerms(query);
  if (terms.length === 0) return [];
  const rows = await db.notes
    .where('[user_id+updated_at]')
    .between([userId, Dexie.minKey], [userId, Dexie.maxKey])
    .reverse()
    .filter((row) => row.user_id === userId && !row.deleted_at && matchesTerms(row, terms))
    .limit(limit)
    .toArray();
  return rows
    .map(readLocalNote)
    .filter((note): note is LocalNote => note !== null)
    .map(toNoteView);
}

/** Live: the signed-in user's notes matching `query` (empty for a blank query); undefined while loading. */
export function useNoteSearch(query: string, limit = NOTE_SEARCH_LIMIT): NoteView[] | undefined {
  const session = useNotesSession();
  const db = session?.db ?? null;
  const userId = session?.userId ?? null;
  return useLiveQuery(async () => (db && userId ? searchNotes(db, userId, query, limit) : []), [db, userId, query, limit]);
}
