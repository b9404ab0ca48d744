// An in-memory LocalStore for unit tests of the engine; it passes the same contract suite as Dexie's.
import type { LocalChanges, LocalNote } from '#core/sync-rules';
import type { LocalStore, ModifyOptions, SettledStep, SyncMeta } from '../local-store';
import { withSentMark } from '../local-store';

const clone = <T>(value: T): T => structuredClone(value);

export class MemoryLocalStore implements LocalStore {
  readonly notes = new Map<string, LocalNote>();
  private readonly meta = new Map<string, SyncMeta>();

  async get(id: string): Promise<LocalNote | undefined> {
    const note = this.notes.get(id);
    return note ? clone(note) : undefined;
  }

  async listPending(userId: string): Promise<LocalNote[]> {
    return [...this.notes.values()]
      .filter((note) => note.user_id === userId && note.sync_state === 'pending')
      .sort((a, b) => (a.updated_at < b.updated_at ? -1 : a.updated_at > b.updated_at ? 1 : 0))
      .map(clone);
  }

  async listSyncedIds(userId: string): Promise<string[]> {
    return [...this.notes.values()].filter((n) => n.user_id === userId && n.sync_state === 'synced').map((n) => n.id);
  }

  /** The `pendingOf` read is the IndexedDB store's way to read fewer times; here every read is the same. */
  async modify(
    ids: readonly string[],
    decide: (current: ReadonlyMap<string, LocalNote>) => LocalChanges,
    _options?: ModifyOptions,
  ): Promise<void> {
    this.apply(ids, decide);
  }

  private apply(ids: readonly string[], decide: (current: ReadonlyMap<string, LocalNote>) => LocalChanges): void {
    const current = new Map<string, LocalNote>();
    for (const id of ids) {
      const note = this.notes.get(id);
      if (note) current.set(id, clone(note));
    }
    const changes = decide(current);
    for (const id of changes.delete) this.notes.delete(id);
    for (const note of changes.put) this.notes.set(note.id, clone(note));
  }

  async settle(
    userId: string,
    ids: readonly string[],
    decide: (current: ReadonlyMap<string, LocalNote>) => SettledStep,
    onDecided?: (pending: number) => void,
  ): Promise<{ pending: number }> {
    let meta: Partial<SyncMeta> | null = null;
    this.apply(ids, (current) => {
      const step = decide(current);
      meta = step.meta;
      return step.changes;
    });
    if (meta)
      this.meta.set(userId, {
        ...(this.meta.get(userId) ?? { lastPulledRevision: 0, lastPullAt: null }),
        ...(meta as Partial<SyncMeta>),
      });
    const pending = [...this.notes.values()].filter(
      (note) => note.user_id === userId && note.sync_state === 'pending',
    ).length;
    onDecided?.(pending);
    return { pending };
  }

  /** Marks are written into the notes at once here; the contract only sees them through reads. */
  async markSent(_userId: string, sent: readonly { id: string; mutationId: string }[]): Promise<void> {
    for (const { id, mutationId } of sent) {
      const note = this.notes.get(id);
      const marked = note ? withSentMark(note, mutationId) : null;
      if (marked) this.notes.set(id, marked);
    }
  }

  async getMeta(userId: string): Promise<SyncMeta> {
    return { ...(this.meta.get(userId) ?? { lastPulledRevision: 0, lastPullAt: null }) };
  }

  async setMeta(userId: string, meta: Partial<SyncMeta>): Promise<void> {
    this.meta.set(userId, { ...(await this.getMeta(userId)), ...meta });
  }

  async countUnsynced(userId: string): Promise<number> {
    return [...this.notes.values()].filter((n) => n.user_id === userId && n.sync_state !== 'synced').length;
  }

  async clearUser(userId: string): Promise<void> {
    for (const [id, note] of this.notes) if (note.user_id === userId) this.notes.delete(id);
    this.meta.delete(userId);
  }
}
