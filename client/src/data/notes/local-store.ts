// The sync engine's view of local storage (the LocalStore interface) and its IndexedDB implementation.
import type { LocalChanges, LocalNote } from '#core/sync-rules';
import { MAX_SENT_MUTATION_IDS } from '#core/sync-rules';
import type { SproutDb } from './local-db';
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
  modify(ids: readonly string[], decide: (current: ReadonlyMap<string, LocalNote>) => LocalChanges): Promise<void>;
  /** Records that these changes are about to be sent, unless the note changed since [S6]. */
  markSent(sent: readonly { id: string; mutationId: string }[]): Promise<void>;
  getMeta(userId: string): Promise<SyncMeta>;
  setMeta(userId: string, meta: Partial<SyncMeta>): Promise<void>;
  /** Changes not yet on the server: pending notes and notes the server refused. */
  countUnsynced(userId: string): Promise<number>;
  /** Removes the user's notes and sync bookkeeping from this device. */
  clearUser(userId: string): Promise<void>;
}

/** Applies the sent marks to one note; shared by the storage implementations. */
export function withSentMark(note: LocalNote, mutationId: string): LocalNote | null {
  if (note.mutation_id !== mutationId || note.sent_mutation_ids.includes(mutationId)) return null;
  return { ...note, sent_mutation_ids: [...note.sent_mutation_ids, mutationId].slice(-MAX_SENT_MUTATION_IDS) };
}

/** Above this many ids, modify reads every key of the store first and gets only the ids present. */
const KEYS_FIRST_OVER = 1_000;

function presentOf(ids: readonly string[], keys: readonly string[]): string[] {
  const present = new Set(keys);
  return ids.filter((id) => present.has(id));
}

export class DexieLocalStore implements LocalStore {
  constructor(private readonly db: SproutDb) {}

  async get(id: string): Promise<LocalNote | undefined> {
    return readLocalNote(await this.db.notes.get(id)) ?? undefined;
  }

  async listPending(userId: string): Promise<LocalNote[]> {
    const rows = await this.db.notes.where('[user_id+sync_state]').equals([userId, 'pending']).toArray();
    return rows
      .map(readLocalNote)
      .filter((note): note is LocalNote => note !== null && note.user_id === userId)
      .sort((a, b) => (a.updated_at < b.updated_at ? -1 : a.updated_at > b.updated_at ? 1 : 0));
  }

  async listSyncedIds(userId: string): Promise<string[]> {
    return (await this.db.notes.where('[user_id+sync_state]').equals([userId, 'synced']).primaryKeys()) as string[];
  }

  async modify(ids: readonly string[], decide: (current: ReadonlyMap<string, LocalNote>) => LocalChanges): Promise<void> {
    const unique = [...new Set(ids)];
    await this.db.transaction('rw', this.db.notes, async () => {
      // Many ids (an import) are mostly new: one read of the keys here spares a get per missing id.
      const wanted = unique.length > KEYS_FIRST_OVER ? presentOf(unique, await this.db.notes.toCollection().primaryKeys()) : unique;
      const rows = await this.db.notes.bulkGet(wanted);
      const current = new Map<string, LocalNote>();
      for (const row of rows) {
        const note = row ? readLocalNote(row) : null;
        if (note) current.set(note.id, note);
      }
      const changes = decide(current);
      if (changes.delete.length > 0) await this.db.notes.bulkDelete(changes.delete);
      if (changes.put.length > 0) await this.db.notes.bulkPut(changes.put);
    });
  }

  async markSent(sent: readonly { id: string; mutationId: string }[]): Promise<void> {
    const byId = new Map(sent.map((s) => [s.id, s.mutationId]));
    await this.modify([...byId.keys()], (current) => {
      const put: LocalNote[] = [];
      for (const [id, mutationId] of byId) {
        const note = current.get(id);
        const marked = note ? withSentMark(note, mutationId) : null;
        if (marked) put.push(marked);
      }
      return { put, delete: [] };
    });
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
    if (meta.lastPulledRevision !== undefined) entries.push({ user_id: userId, key: 'last_pulled_revision' as const, value: meta.lastPulledRevision });
    if (meta.lastPullAt !== undefined) entries.push({ user_id: userId, key: 'last_pull_at' as const, value: meta.lastPullAt });
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
