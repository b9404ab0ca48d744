// The sync engine's view of local storage (the LocalStore interface) and its IndexedDB implementation.
import { Dexie } from 'dexie';
import type { LocalChanges, LocalNote } from '#core/sync-rules';
import { MAX_SENT_MUTATION_IDS } from '#core/sync-rules';
import type { SentMarks, SproutDb } from './local-db';
import { readLocalNote } from './local-note';

export interface SyncMeta {
  /** Highest server revision pulled so far; 0 before the first pull. */
  lastPulledRevision: number;
  /** When the last pull finished (this device's clock, ISO); null before the first one. */
  lastPullAt: string | null;
}

export interface LocalStore {
  get(id: string): Promise<LocalNote | undefined>;
  /** The user's notes waiting to be pushed (sync_state 'pending'), oldest edit first. */
  listPending(userId: string): Promise<LocalNote[]>;
  /** Ids of the user's notes that hold nothing unsynced. */
  listSyncedIds(userId: string): Promise<string[]>;
  /**
   * Reads the notes with these ids and applies the changes `decide` returns, in one transaction, so a
   * concurrent local write is either seen by `decide` or comes after it.
   */
  modify(
    ids: readonly string[],
    decide: (current: ReadonlyMap<string, LocalNote>) => LocalChanges,
    options?: ModifyOptions,
  ): Promise<void>;
  /**
   * A run's last step in one transaction [S11] [S25]: as modify of the user's pending notes, and with the notes' changes the sync meta
   * `decide` returns (null: none). Resolves with how many of the user's notes are pending after both.
   * `onDecided` is told that count once `decide` has decided and the writes are under way, before they
   * are done (not at all when the step fails before): the run's outcome is known from then on [S14].
   */
  settle(
    userId: string,
    ids: readonly string[],
    decide: (current: ReadonlyMap<string, LocalNote>) => SettledStep,
    onDecided?: (pending: number) => void,
  ): Promise<{ pending: number }>;
  /**
   * Records that these changes of the user's notes are about to be sent, unless the note changed since
   * [S6]: from then on every read of the note shows the mutation id in its `sent_mutation_ids`.
   */
  markSent(userId: string, sent: readonly { id: string; mutationId: string }[]): Promise<void>;
  getMeta(userId: string): Promise<SyncMeta>;
  setMeta(userId: string, meta: Partial<SyncMeta>): Promise<void>;
  /** Changes not yet on the server: pending notes and notes the server refused. */
  countUnsynced(userId: string): Promise<number>;
  /** Removes the user's notes and sync bookkeeping from this device. */
  clearUser(userId: string): Promise<void>;
}

export interface ModifyOptions {
  /**
   * The ids were this user's pending notes (a push's batch): the store may read them with the user's
   * other pending notes in one request instead of one read per id. `decide` sees the same notes either way.
   */
  pendingOf?: string;
}

/** What the last step of a run writes: the notes' changes and, with them, the sync meta. */
export interface SettledStep {
  changes: LocalChanges;
  meta: Partial<SyncMeta> | null;
}

/** Applies the sent marks to one note; shared by the storage implementations. */
export function withSentMark(note: LocalNote, mutationId: string): LocalNote | null {
  if (note.mutation_id !== mutationId || note.sent_mutation_ids.includes(mutationId)) return null;
  return { ...note, sent_mutation_ids: [...note.sent_mutation_ids, mutationId].slice(-MAX_SENT_MUTATION_IDS) };
}

/** A note as its marks make it: each mark that is still the note's latest mutation, in order [S6]. */
function withMarks(note: LocalNote, marks: SentMarks | undefined): LocalNote {
  let marked = note;
  for (const mutationId of marks?.[note.id] ?? []) marked = withSentMark(marked, mutationId) ?? marked;
  return marked;
}

/** The stored marks, read leniently (anything malformed counts as no mark). */
function readMarks(value: unknown): SentMarks {
  const marks: SentMarks = {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return marks;
  for (const [id, ids] of Object.entries(value)) {
    if (Array.isArray(ids)) marks[id] = ids.filter((m): m is string => typeof m === 'string');
  }
  return marks;
}

const marksKey = (userId: string): [string, string] => [userId, 'sent_marks'];

/**
 * The user's pending count once `changes` are written, from the count before and the stored rows of `ids`
 * (those the changes may touch): each changed note counts as it is stored after less as it was before.
 * Null when the changes touch a note not among those read (the rules never do): then it is counted.
 */
function pendingAfter(
  userId: string,
  before: number,
  ids: readonly string[],
  rows: readonly unknown[],
  changes: LocalChanges,
): number | null {
  const wasPending = new Map<string, boolean>();
  ids.forEach((id, i) => {
    const row = rows[i] as Partial<LocalNote> | undefined;
    wasPending.set(id, row?.user_id === userId && row.sync_state === 'pending');
  });
  const isPending = new Map<string, boolean>();
  for (const id of changes.delete) isPending.set(id, false);
  for (const note of changes.put) isPending.set(note.id, note.user_id === userId && note.sync_state === 'pending');
  let count = before;
  for (const [id, pending] of isPending) {
    if (!wasPending.has(id)) return null;
    count += Number(pending) - Number(wasPending.get(id));
  }
  return count;
}

/** Above this many ids, modify reads every key of the store first and gets only the ids present. */
const KEYS_FIRST_OVER = 1_000;
/**
 * A modify of pending notes (and settle) reads all the user's pending notes in one request while they are
 * at most this many times the ids asked for; past that, reading the others would cost more than a get per id.
 */
const PENDING_READ_FACTOR = 2;

function presentOf(ids: readonly string[], keys: readonly string[]): string[] {
  const present = new Set(keys);
  return ids.filter((id) => present.has(id));
}

/**
 * The LocalStore on IndexedDB (Dexie). Sent marks [S6] are kept apart from the notes, in one `meta` entry
 * per user ('sent_marks'): marking a batch of 1,000 notes sent is one small write instead of 1,000 note
 * rows rewritten, which was a third of a 1,000-note sync (issue 10). Every read of a note through this
 * store applies its marks (`withSentMark`), so the rules see exactly the notes an eager mark would have
 * written; a modify that writes or removes a note hands its marks to the rules' result (which keeps them
 * or, once the server's row is known, drops them, as before) and takes them out of the entry. The marks
 * are persisted before the request, so they survive a crash or reload as the note rows did.
 */
export class DexieLocalStore implements LocalStore {
  constructor(private readonly db: SproutDb) {}

  async get(id: string): Promise<LocalNote | undefined> {
    return this.db.transaction('r', this.db.notes, this.db.meta, async () => {
      const note = readLocalNote(await this.db.notes.get(id));
      if (!note) return undefined;
      return withMarks(note, (await this.marksOf([note.user_id])).get(note.user_id));
    });
  }

  async listPending(userId: string): Promise<LocalNote[]> {
    return this.db.transaction('r', this.db.notes, this.db.meta, async () => {
      const rows = await this.db.notes.where('[user_id+sync_state]').equals([userId, 'pending']).toArray();
      const marks = (await this.marksOf([userId])).get(userId);
      return rows
        .map(readLocalNote)
        .filter((note): note is LocalNote => note !== null && note.user_id === userId)
        .map((note) => withMarks(note, marks))
        .sort((a, b) => (a.updated_at < b.updated_at ? -1 : a.updated_at > b.updated_at ? 1 : 0));
    });
  }

  async listSyncedIds(userId: string): Promise<string[]> {
    return (await this.db.notes.where('[user_id+sync_state]').equals([userId, 'synced']).primaryKeys()) as string[];
  }

  /**
   * With `pendingOf`, the notes are read with the user's other pending notes (readPending): a get per id
   * is a request and an answer each, on the page's main thread. Many ids without it (an import) are mostly
   * new: one read of the store's keys spares a get per missing id.
   */
  async modify(
    ids: readonly string[],
    decide: (current: ReadonlyMap<string, LocalNote>) => LocalChanges,
    options: ModifyOptions = {},
  ): Promise<void> {
    await this.db.transaction('rw', this.db.notes, this.db.meta, async () => {
      const { pendingOf } = options;
      if (pendingOf !== undefined) {
        const { ids: unique, rows } = await this.readPending(pendingOf, ids);
        return this.decideOn(unique, rows, decide);
      }
      const unique = [...new Set(ids)];
      const wanted =
        unique.length > KEYS_FIRST_OVER ? presentOf(unique, await this.db.notes.toCollection().primaryKeys()) : unique;
      await this.decideOn(unique, await this.db.notes.bulkGet(wanted), decide);
    });
  }

  /**
   * One transaction where there were three (the push's answer, the pull's progress, the second push's
   * listing): the screens' live queries run again once, after it, not between the run's steps. The
   * pending count after it is worked out from the count before and the notes it changes, so it is known
   * (and told to `onDecided`) while the writes are still under way.
   */
  async settle(
    userId: string,
    ids: readonly string[],
    decide: (current: ReadonlyMap<string, LocalNote>) => SettledStep,
    onDecided?: (pending: number) => void,
  ): Promise<{ pending: number }> {
    return this.db.transaction('rw', this.db.notes, this.db.meta, async () => {
      const { ids: unique, rows, pendingBefore } = await this.readPending(userId, ids);
      let meta: Partial<SyncMeta> | null = null;
      let pending: number | null = null;
      await this.decideOn(
        unique,
        rows,
        (current) => {
          const step = decide(current);
          meta = step.meta;
          return step.changes;
        },
        (changes) => {
          const after = pendingAfter(userId, pendingBefore, unique, rows, changes);
          pending = after;
          // Outside the transaction: whatever the listener starts (a toast, a render) must not join it.
          if (onDecided && after !== null) Dexie.ignoreTransaction(() => onDecided(after));
        },
      );
      if (meta) await this.setMeta(userId, meta);
      return {
        pending: pending ?? (await this.db.notes.where('[user_id+sync_state]').equals([userId, 'pending']).count()),
      };
    });
  }

  /**
   * The stored rows of `ids` (undefined for none) and the user's pending count, in the caller's
   * transaction. A get per id is a request and an answer each (a task on the page's main thread per note
   * of a batch); reading the user's pending notes is one. Ids no longer pending are got by id.
   */
  private async readPending(
    userId: string,
    ids: readonly string[],
  ): Promise<{ ids: string[]; rows: unknown[]; pendingBefore: number }> {
    const unique = [...new Set(ids)];
    const pending = this.db.notes.where('[user_id+sync_state]').equals([userId, 'pending']);
    const pendingBefore = await pending.count();
    if (pendingBefore > unique.length * PENDING_READ_FACTOR)
      return { ids: unique, rows: await this.db.notes.bulkGet(unique), pendingBefore };
    const byId = new Map<string, unknown>();
    const wanted = new Set(unique);
    for (const row of await pending.toArray()) if (wanted.has(row.id)) byId.set(row.id, row);
    const others = unique.filter((id) => !byId.has(id));
    if (others.length > 0) (await this.db.notes.bulkGet(others)).forEach((row, i) => byId.set(others[i]!, row));
    return { ids: unique, rows: unique.map((id) => byId.get(id)), pendingBefore };
  }

  /**
   * The rest of a modify, in its transaction: `rows` are the stored rows of `ids` (undefined for none).
   * `whileWriting` is called once the changes' writes are asked for, before they are done.
   */
  private async decideOn(
    ids: readonly string[],
    rows: readonly unknown[],
    decide: (current: ReadonlyMap<string, LocalNote>) => LocalChanges,
    whileWriting?: (changes: LocalChanges) => void,
  ): Promise<void> {
    const stored: LocalNote[] = [];
    for (const row of rows) {
      const note = row ? readLocalNote(row) : null;
      if (note) stored.push(note);
    }
    const marks = await this.marksOf(stored.map((note) => note.user_id));
    const current = new Map(stored.map((note) => [note.id, withMarks(note, marks.get(note.user_id))]));
    const changes = decide(current);
    // Asked for in this order (removals first), and awaited together.
    const writes: Promise<unknown>[] = [];
    if (changes.delete.length > 0) writes.push(this.db.notes.bulkDelete(changes.delete));
    if (changes.put.length > 0) writes.push(this.db.notes.bulkPut(changes.put));
    whileWriting?.(changes);
    await Promise.all(writes);
    // Written or removed, a note's marks are in the rules' result now; a note not stored needs none.
    const settled = [...changes.delete, ...changes.put.map((note) => note.id), ...ids.filter((id) => !current.has(id))];
    await this.dropMarks(marks, settled);
  }

  async markSent(userId: string, sent: readonly { id: string; mutationId: string }[]): Promise<void> {
    await this.db.transaction('rw', this.db.meta, async () => {
      const marks = (await this.marksOf([userId])).get(userId) ?? {};
      for (const { id, mutationId } of sent) {
        const earlier = marks[id] ?? [];
        // Whether the mark applies is decided when the note is read: only while it is the note's latest.
        if (!earlier.includes(mutationId)) marks[id] = [...earlier, mutationId].slice(-MAX_SENT_MUTATION_IDS);
      }
      await this.db.meta.put({ user_id: userId, key: 'sent_marks', value: marks });
    });
  }

  /** The sent marks of these users (in the caller's transaction). */
  private async marksOf(userIds: readonly string[]): Promise<Map<string, SentMarks>> {
    const users = [...new Set(userIds)];
    const entries = users.length > 0 ? await this.db.meta.bulkGet(users.map(marksKey)) : [];
    const marks = new Map<string, SentMarks>();
    users.forEach((userId, i) => {
      const entry = entries[i];
      if (entry) marks.set(userId, readMarks(entry.value));
    });
    return marks;
  }

  /** Takes these notes' marks out of the entries read by marksOf (in the caller's transaction). */
  private async dropMarks(marks: ReadonlyMap<string, SentMarks>, ids: readonly string[]): Promise<void> {
    for (const [userId, byNote] of marks) {
      let changed = false;
      for (const id of ids) {
        if (id in byNote) {
          delete byNote[id];
          changed = true;
        }
      }
      if (!changed) continue;
      if (Object.keys(byNote).length === 0) await this.db.meta.delete(marksKey(userId));
      else await this.db.meta.put({ user_id: userId, key: 'sent_marks', value: byNote });
    }
  }

  async getMeta(userId: string): Promise<SyncMeta> {
    const [revision, pullAt] = await this.db.meta.bulkGet([
      [userId, 'last_pulled_revision'],
      [userId, 'last_pull_at'],
    ]);
    return {
      lastPulledRevision: typeof revision?.value === 'number' ? revision.value : 0,
      lastPullAt: typeof pullAt?.value === 'string' ? pullAt.value : null,
    };
  }

  async setMeta(userId: string, meta: Partial<SyncMeta>): Promise<void> {
    const entries = [];
    if (meta.lastPulledRevision !== undefined)
      entries.push({ user_id: userId, key: 'last_pulled_revision' as const, value: meta.lastPulledRevision });
    if (meta.lastPullAt !== undefined)
      entries.push({ user_id: userId, key: 'last_pull_at' as const, value: meta.lastPullAt });
    if (entries.length > 0) await this.db.meta.bulkPut(entries);
  }

  async countUnsynced(userId: string): Promise<number> {
    return this.db.notes.where('[user_id+sync_state]').anyOf([userId, 'pending'], [userId, 'error']).count();
  }

  async clearUser(userId: string): Promise<void> {
    await this.db.transaction('rw', this.db.notes, this.db.meta, async () => {
      await this.db.notes.where('user_id').equals(userId).delete();
      await this.db.meta.where('user_id').equals(userId).delete();
    });
  }
}
