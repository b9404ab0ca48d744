// Search by meaning over one user's index (issue 34): the query's embedding against every passage of the
// user's notes, exactly (no vector extension here: PGlite 0.5.16 ships none and Debian's PostgreSQL 15
// packages none, docs/decisions.md). A user's passages are read once into memory and kept while their
// index's generation holds; the copies of all users are bounded in bytes, the least recently searched
// going first. Whatever the copy says, a note is returned only if it is still the user's, in the lists or
// the Archive, and not kept out: it is checked in the database at the time of the search.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { dot, unitVector } from './vectors';

/** The bytes of the copies kept in memory, all users together. */
export const SEARCH_CACHE_BYTES = 128 * 1024 * 1024;

interface UserIndex {
  model: string;
  generation: number;
  noteIds: string[];
  passages: string[];
  vectors: Float32Array[];
  bytes: number;
}

export interface MeaningMatch {
  noteId: string;
  title: string;
  /** The passage of the note closest to the query: why it matched. */
  passage: string;
  /** Cosine similarity of that passage, -1 to 1. */
  score: number;
  /** When the note was last changed (ISO 8601). */
  updatedAt: string;
}

export interface SearchOptions {
  limit: number;
  /** The lowest similarity returned. */
  floor?: number;
  /** The user leaves archived notes out of the assistant's reach. */
  leaveOutArchived?: boolean;
}

async function generationOf(db: Kysely<DB>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('private.assistant_index_generations')
    .select('generation')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? Number(row.generation) : 0;
}

/**
 * Of `ids`, the notes that are now the user's and within the assistant's reach: not in the Trash, not
 * deleted, not kept out, and not archived when the user leaves those out. Whatever an index or an
 * answer says, only these are returned to the user.
 */
export async function liveNotes(
  db: Kysely<DB>,
  userId: string,
  ids: readonly string[],
  leaveOutArchived: boolean,
): Promise<Map<string, { title: string; updatedAt: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('notes as n')
    .select(['n.id', 'n.title', 'n.updated_at'])
    .where('n.user_id', '=', userId)
    .where('n.id', 'in', [...ids])
    .where('n.deleted_at', 'is', null)
    .where('n.trashed_at', 'is', null)
    .where('n.ai_excluded', '=', false)
    .$if(leaveOutArchived, (query) => query.where('n.archived_at', 'is', null))
    .execute();
  return new Map(rows.map((row) => [row.id, { title: row.title, updatedAt: new Date(row.updated_at).toISOString() }]));
}

export function createMeaningSearch(db: Kysely<DB>, cacheBytes = SEARCH_CACHE_BYTES) {
  // A Map keeps insertion order: re-inserting on each use makes its first entry the least recently used.
  const copies = new Map<string, UserIndex>();
  let held = 0;

  function keep(userId: string, index: UserIndex): void {
    const old = copies.get(userId);
    if (old) held -= old.bytes;
    copies.delete(userId);
    copies.set(userId, index);
    held += index.bytes;
    for (const [other, copy] of copies) {
      if (held <= cacheBytes || other === userId) break;
      copies.delete(other);
      held -= copy.bytes;
    }
  }

  async function indexOf(userId: string, model: string): Promise<UserIndex> {
    const generation = await generationOf(db, userId);
    const copy = copies.get(userId);
    if (copy && copy.model === model && copy.generation === generation) {
      keep(userId, copy);
      return copy;
    }
    const rows = await db
      .selectFrom('private.note_chunks')
      .select(['note_id', 'passage', 'embedding'])
      .where('user_id', '=', userId)
      .where('model', '=', model)
      .execute();
    const index: UserIndex = { model, generation, noteIds: [], passages: [], vectors: [], bytes: 0 };
    for (const row of rows) {
      const vector = unitVector(row.embedding);
      if (!vector) continue;
      index.noteIds.push(row.note_id);
      index.passages.push(row.passage);
      index.vectors.push(vector);
      index.bytes += vector.byteLength + row.passage.length * 2 + 100;
    }
    keep(userId, index);
    return index;
  }

  /** The best of `best` whose notes are, now, the user's, not in the Trash and not kept out. */
  async function liveMatches(
    userId: string,
    index: UserIndex,
    best: Map<string, { score: number; at: number }>,
    limit: number,
    leaveOutArchived: boolean,
  ): Promise<MeaningMatch[]> {
    // More than asked for: some may have gone to the Trash since the index last looked.
    const ranked = [...best].sort((a, b) => b[1].score - a[1].score).slice(0, limit * 2 + 10);
    if (ranked.length === 0) return [];
    const live = await liveNotes(
      db,
      userId,
      ranked.map(([noteId]) => noteId),
      leaveOutArchived,
    );
    return ranked
      .filter(([noteId]) => live.has(noteId))
      .slice(0, limit)
      .map(([noteId, { score, at }]) => ({ noteId, ...live.get(noteId)!, passage: index.passages[at]!, score }));
  }

  return {
    /**
     * The user's notes closest in meaning to `query` (an embedding of length 1 from the same model), best
     * first, each once with its closest passage; at most `limit`, none below `floor`.
     */
    async search(
      userId: string,
      model: string,
      query: Float32Array,
      { limit, floor = -1, leaveOutArchived = false }: SearchOptions,
    ): Promise<MeaningMatch[]> {
      const index = await indexOf(userId, model);
      const best = new Map<string, { score: number; at: number }>();
      for (let i = 0; i < index.vectors.length; i++) {
        const vector = index.vectors[i]!;
        if (vector.length !== query.length) continue;
        const score = dot(vector, query);
        if (score < floor) continue;
        const noteId = index.noteIds[i]!;
        const seen = best.get(noteId);
        if (!seen || score > seen.score) best.set(noteId, { score, at: i });
      }
      return liveMatches(userId, index, best, limit, leaveOutArchived);
    },
    /**
     * The user's notes closest in meaning to note `noteId` (each scored by its closest pair of passages),
     * best first, without the note itself; empty when the note is not in the index (yet).
     */
    async related(
      userId: string,
      model: string,
      noteId: string,
      { limit, floor = -1, leaveOutArchived = false }: SearchOptions,
    ): Promise<MeaningMatch[]> {
      const index = await indexOf(userId, model);
      const own = index.vectors.filter((_, i) => index.noteIds[i] === noteId);
      if (own.length === 0) return [];
      const best = new Map<string, { score: number; at: number }>();
      for (let i = 0; i < index.vectors.length; i++) {
        const other = index.noteIds[i]!;
        if (other === noteId) continue;
        const vector = index.vectors[i]!;
        let score = -1;
        for (const mine of own) if (mine.length === vector.length) score = Math.max(score, dot(mine, vector));
        if (score < floor) continue;
        const seen = best.get(other);
        if (!seen || score > seen.score) best.set(other, { score, at: i });
      }
      return liveMatches(userId, index, best, limit, leaveOutArchived);
    },
    /** Drops the user's copy (the index was deleted). */
    forget(userId: string): void {
      const copy = copies.get(userId);
      if (!copy) return;
      held -= copy.bytes;
      copies.delete(userId);
    },
  };
}

export type MeaningSearch = ReturnType<typeof createMeaningSearch>;
