// The feed's reads: the rows a batch of hints names (only the hinted user's), and which sessions are
// still live.
import { NOTE_COLUMNS } from '#core/note-fields';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

export type NoteRecord = Record<(typeof NOTE_COLUMNS)[number], unknown>;

export async function readUserNotes(db: Kysely<DB>, userId: string, ids: readonly string[]): Promise<NoteRecord[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('notes')
    .select(NOTE_COLUMNS)
    .where('user_id', '=', userId)
    .where('id', 'in', [...ids])
    .execute();
  return rows as NoteRecord[];
}

/** The subset of `sessionIds` that still exist. */
export async function liveSessions(db: Kysely<DB>, sessionIds: readonly string[]): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('sessions')
    .select('id')
    .where('id', 'in', [...sessionIds])
    .execute();
  return new Set(rows.map((row) => row.id));
}
