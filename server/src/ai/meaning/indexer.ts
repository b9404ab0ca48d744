// The assistant's indexer (issue 34, ARCHITECTURE 10.7): for each user who turned on 'Use my notes with
// the assistant', the notes written since it last looked (by revision, from the user's mark in
// private.assistant_settings) are cut into passages (core/assistant-passages.ts) and embedded, a batch at
// a time; a note in the Trash, deleted or kept out loses its passages. Incremental and idempotent: a write
// that leaves the indexed text as it was costs no embedding, and the mark moves only once a batch is
// stored, so a server stopped mid-batch does it again. Several servers on one database: one indexes at a
// time, holding a lease it renews (private.assistant_indexer_lease), so each change is embedded once.
// A change of the embedding model empties the user's index and starts again.
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { notePassages, type PassageNote } from '#core/assistant-passages';
import type { DB } from '../../db/schema';
import type { Log } from '../log';
import type { Embedder } from './embedder';
import { vectorBytes } from './vectors';

/** Notes read per batch: their passages are embedded together, at most EMBED_BATCH per provider call. */
export const INDEX_BATCH_NOTES = 50;
/** Users looked at per run. */
const USERS_PER_RUN = 20;

export interface IndexerOptions {
  /** Who holds the lease: this server. */
  holder: string;
  /** How long the lease lasts unrenewed: longer than a provider call may take. */
  leaseMs: number;
  batchNotes?: number;
}

export interface IndexRun {
  /** Notes embedded (their text changed). */
  embedded: number;
  /** Notes whose passages went (Trash, deletion, kept out). */
  removed: number;
  /** Users whose batch failed (the provider's failure): tried again on a later run. */
  failed: number;
  /** False when another server holds the lease. */
  ran: boolean;
}

interface NoteRow extends PassageNote {
  id: string;
  revision: number;
  gone: boolean;
}

/** What a note's passages are made of, hashed: equal hashes need no new embedding. */
function textHash(embedded: readonly string[]): string {
  const hash = createHash('sha256');
  for (const text of embedded) hash.update(text).update('\u0000');
  return hash.digest('base64url');
}

async function takeLease(db: Kysely<DB>, holder: string, leaseMs: number): Promise<boolean> {
  const until = sql<Date>`now() + ${`${leaseMs} milliseconds`}::interval`;
  const taken = await db
    .insertInto('private.assistant_indexer_lease')
    .values({ id: 1, holder, held_until: until })
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet({ holder, held_until: until })
        .where((eb) =>
          eb.or([
            eb('private.assistant_indexer_lease.held_until', '<', sql<Date>`now()`),
            eb('private.assistant_indexer_lease.holder', '=', holder),
          ]),
        ),
    )
    .returning('holder')
    .executeTakeFirst();
  return taken !== undefined;
}

/** Users with notes the index has not read (or an index of another model), a few at a time. */
async function usersToIndex(
  db: Kysely<DB>,
  model: string,
): Promise<{ user_id: string; indexed_revision: number; indexed_model: string | null; leave_out_archived: boolean }[]> {
  return db
    .selectFrom('private.assistant_settings as s')
    .select(['s.user_id', 's.indexed_revision', 's.indexed_model', 's.leave_out_archived'])
    .where('s.enabled', '=', true)
    .where((eb) =>
      eb.or([
        eb('s.indexed_model', 'is', null),
        eb('s.indexed_model', '!=', model),
        eb.exists(
          eb
            .selectFrom('notes as n')
            .select(sql`1`.as('one'))
            .whereRef('n.user_id', '=', 's.user_id')
            .whereRef('n.revision', '>', 's.indexed_revision'),
        ),
      ]),
    )
    .orderBy('s.updated_at')
    .limit(USERS_PER_RUN)
    .execute();
}

/** Empties the user's index and starts it again for `model`. */
async function restartIndex(db: Kysely<DB>, userId: string, model: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('private.note_chunks').where('user_id', '=', userId).execute();
    await trx.deleteFrom('private.note_index_state').where('user_id', '=', userId).execute();
    await trx
      .updateTable('private.assistant_settings')
      .set({ indexed_model: model, indexed_revision: 0 })
      .where('user_id', '=', userId)
      .execute();
    await bumpGeneration(trx, userId);
  });
}

export async function bumpGeneration(db: Kysely<DB>, userId: string): Promise<void> {
  await db
    .insertInto('private.assistant_index_generations')
    .values({ user_id: userId, generation: 1 })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ generation: sql`private.assistant_index_generations.generation + 1` }),
    )
    .execute();
}

async function notesAfter(
  db: Kysely<DB>,
  userId: string,
  revision: number,
  limit: number,
  leaveOutArchived: boolean,
): Promise<NoteRow[]> {
  const rows = await db
    .selectFrom('notes as n')
    .select([
      'n.id',
      'n.revision',
      'n.title',
      'n.content',
      'n.expanded_content',
      'n.checklist_items',
      'n.tags',
      // In the Trash, deleted, kept out of the assistant, or archived when the user leaves those out:
      // the note has no passages.
      sql<boolean>`(n.deleted_at is not null or n.trashed_at is not null or n.ai_excluded
        or (${leaveOutArchived} and n.archived_at is not null))`.as('gone'),
    ])
    .where('n.user_id', '=', userId)
    .where('n.revision', '>', revision)
    .orderBy('n.revision')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    revision: Number(row.revision),
    title: row.title,
    content: row.content,
    expanded_content: row.expanded_content,
    checklist_items: Array.isArray(row.checklist_items) ? (row.checklist_items as { text: string }[]) : null,
    tags: Array.isArray(row.tags) ? (row.tags as string[]) : null,
    gone: row.gone,
  }));
}

export function createIndexer(db: Kysely<DB>, embedder: Embedder, log: Log, options: IndexerOptions) {
  const batchNotes = options.batchNotes ?? INDEX_BATCH_NOTES;
  /** Users whose provider failed, and when to try them again. */
  const backoff = new Map<string, number>();

  /** One batch of one user's notes; resolves with what it did. Throws the provider's failure. */
  async function indexBatch(userId: string, mark: number, leaveOutArchived: boolean, signal: AbortSignal) {
    const model = embedder.model;
    const notes = await notesAfter(db, userId, mark, batchNotes, leaveOutArchived);
    if (notes.length === 0) return { embedded: 0, removed: 0, more: false };
    const states = new Map(
      (
        await db
          .selectFrom('private.note_index_state')
          .select(['note_id', 'text_hash'])
          .where('model', '=', model)
          .where(
            'note_id',
            'in',
            notes.map((note) => note.id),
          )
          .execute()
      ).map((state) => [state.note_id, state.text_hash]),
    );
    const changed = notes
      .filter((note) => !note.gone)
      .map((note) => {
        const passages = notePassages(note);
        return { note, passages, hash: textHash(passages.map((passage) => passage.embedded)) };
      })
      .filter(({ note, hash }) => states.get(note.id) !== hash);
    const vectors = await embedder.embed(
      userId,
      changed.flatMap(({ passages }) => passages.map((passage) => passage.embedded)),
      signal,
    );
    const gone = notes.filter((note) => note.gone && states.has(note.id));
    const last = notes[notes.length - 1]!.revision;
    await db.transaction().execute(async (trx) => {
      const rewritten = [...changed.map(({ note }) => note.id), ...gone.map((note) => note.id)];
      if (rewritten.length > 0)
        await trx
          .deleteFrom('private.note_chunks')
          .where('model', '=', model)
          .where('note_id', 'in', rewritten)
          .execute();
      if (gone.length > 0)
        await trx
          .deleteFrom('private.note_index_state')
          .where('model', '=', model)
          .where(
            'note_id',
            'in',
            gone.map((note) => note.id),
          )
          .execute();
      let at = 0;
      for (const { note, passages, hash } of changed) {
        await trx
          .insertInto('private.note_chunks')
          .values(
            passages.map((passage, index) => ({
              note_id: note.id,
              model,
              chunk_index: index,
              user_id: userId,
              passage: passage.text,
              embedding: vectorBytes(vectors[at + index]!),
            })),
          )
          .execute();
        at += passages.length;
        await trx
          .insertInto('private.note_index_state')
          .values({
            note_id: note.id,
            model,
            user_id: userId,
            note_revision: note.revision,
            text_hash: hash,
            passages: passages.length,
          })
          .onConflict((oc) =>
            oc.columns(['note_id', 'model']).doUpdateSet({
              note_revision: note.revision,
              text_hash: hash,
              passages: passages.length,
              indexed_at: sql`now()`,
            }),
          )
          .execute();
      }
      // Still enabled, for this model: turned off meanwhile, its index stays deleted.
      const moved = await trx
        .updateTable('private.assistant_settings')
        .set({ indexed_revision: last })
        .where('user_id', '=', userId)
        .where('enabled', '=', true)
        .where('indexed_model', '=', model)
        .where('indexed_revision', '=', mark)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) throw new IndexRaceError();
      if (changed.length > 0 || gone.length > 0) await bumpGeneration(trx, userId);
    });
    return { embedded: changed.length, removed: gone.length, more: notes.length === batchNotes };
  }

  return {
    /** Gives the lease up (the server stops), so another server, or this one restarted, indexes at once. */
    async release(): Promise<void> {
      await db.deleteFrom('private.assistant_indexer_lease').where('holder', '=', options.holder).execute();
    },
    /** One pass over the users with work, a batch each while the lease holds; for the schedule and tests. */
    async runOnce(signal: AbortSignal = new AbortController().signal, now = Date.now()): Promise<IndexRun> {
      const run: IndexRun = { embedded: 0, removed: 0, failed: 0, ran: false };
      if (!(await takeLease(db, options.holder, options.leaseMs))) return run;
      run.ran = true;
      const model = embedder.model;
      for (const user of await usersToIndex(db, model)) {
        if ((backoff.get(user.user_id) ?? 0) > now || signal.aborted) continue;
        let mark = Number(user.indexed_revision);
        if (user.indexed_model !== model) {
          await restartIndex(db, user.user_id, model);
          mark = 0;
        }
        try {
          for (let more = true; more && !signal.aborted;) {
            if (!(await takeLease(db, options.holder, options.leaseMs))) return run;
            const done = await indexBatch(user.user_id, mark, user.leave_out_archived, signal);
            run.embedded += done.embedded;
            run.removed += done.removed;
            more = done.more;
            if (more) mark = Number((await readMark(db, user.user_id)) ?? mark);
          }
          backoff.delete(user.user_id);
        } catch (error) {
          if (error instanceof IndexRaceError) continue;
          run.failed += 1;
          const retryAfter = Number((error as { headers?: Record<string, string> }).headers?.['Retry-After'] ?? 0);
          backoff.set(user.user_id, now + Math.max(retryAfter * 1000, 30_000));
          log.warn({ err: error, userId: user.user_id }, 'indexing notes for the assistant failed; trying again later');
        }
      }
      return run;
    },
  };
}

/** The user's settings changed while a batch was embedded (turned off, or started again): the batch is dropped. */
class IndexRaceError extends Error {}

async function readMark(db: Kysely<DB>, userId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('private.assistant_settings')
    .select('indexed_revision')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? Number(row.indexed_revision) : undefined;
}

export type AssistantIndexer = ReturnType<typeof createIndexer>;
