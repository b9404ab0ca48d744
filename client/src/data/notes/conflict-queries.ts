// The note a conflict copy conflicts with [S23], read live: by the link this device recorded when it
// made the copy, else by the copy's title without its mark (core/conflict-resolution.ts).
import { Dexie } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { findConflictOriginal, hasConflictMark, withoutConflictMark } from '#core/conflict-resolution';
import type { LocalNote } from '#core/sync-rules';
import { isListed } from '#core/trash';
import type { SproutDb } from './local-db';
import { readLocalNote, toNoteView, type NoteView } from './local-note';
import { useNotesSession } from './notes-context';

export async function loadConflictOriginal(db: SproutDb, userId: string, copy: NoteView): Promise<NoteView | null> {
  const live = (row: unknown): LocalNote | null => {
    const note = readLocalNote(row);
    return note && note.user_id === userId && isListed(note) ? note : null;
  };
  let candidates: LocalNote[];
  if (copy.conflict_of !== null) {
    const linked = live(await db.notes.get(copy.conflict_of));
    candidates = linked ? [linked] : [];
  } else {
    const title = withoutConflictMark(copy.title);
    const rows = await db.notes
      .where('[user_id+updated_at]')
      .between([userId, Dexie.minKey], [userId, Dexie.maxKey])
      .reverse()
      .filter(
        (row) =>
          row.user_id === userId && isListed(row) && row.title.trimEnd() === title && !hasConflictMark(row.title),
      )
      .toArray();
    candidates = rows.map(live).filter((note): note is LocalNote => note !== null);
  }
  const found = findConflictOriginal(copy, candidates);
  return found ? toNoteView(found) : null;
}

/** Live: the note `copy` conflicts with; undefined while loading, null when it is not on this device. */
export function useConflictOriginal(copy: NoteView | null): NoteView | null | undefined {
  const session = useNotesSession();
  const db = session?.db ?? null;
  const userId = session?.userId ?? null;
  return useLiveQuery(
    async () => (db && userId && copy ? loadConflictOriginal(db, userId, copy) : null),
    [db, userId, copy],
  );
}
