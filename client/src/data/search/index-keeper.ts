// Keeps the search index of one user in step with the notes on this device, inside the search worker:
// restores the index saved on the last visit, reads the notes' versions and the notes whose version
// changed since (every note the first time), does so again after each change the page reports (a local
// edit, another tab's, a pull from another device [S16]), and saves the index a moment after changes. It reaches the notes and the saved
// index through a NotesSource (IndexedDB in the worker: notes-source.ts), so none of this work, nor the
// index's size, ever lands on the page's thread.
import { decodeIndex, encodeIndex, type SavedCheck, type SavedIndex } from './index-snapshot';
import { NoteIndex, type IndexedNote, type SearchAnswer, type SearchFilter } from './note-index';

/** Which of the user's notes exist on this device, when each last changed, and which wait to sync. */
export interface NoteVersions {
  /** Note id → updated_at, tombstones included (a deletion changes it). */
  updatedAt: ReadonlyMap<string, string>;
  unsynced: ReadonlySet<string>;
  /** The server revision pulled when these were read. */
  pulledRevision: number;
}

/** Counts that move whenever the versions do in the ordinary ways (data/notes' readNotesSummary). */
export interface NoteSummary {
  count: number;
  /** Notes changed after the time asked about. */
  newer: number;
  unsynced: ReadonlySet<string>;
  pulledRevision: number;
}

export interface NotesSource {
  /** The index saved last (anything: decodeIndex checks it), or null. */
  readSaved(): Promise<unknown>;
  writeSaved(saved: SavedIndex): Promise<void>;
  /** The user's live notes among these ids (deleted and missing ones left out). */
  readNotes(ids: readonly string[]): Promise<IndexedNote[]>;
  /** The notes' versions now. */
  readVersions(): Promise<NoteVersions>;
  /** The counts now, `newer` counting the notes changed after `after`. */
  readSummary(after: string): Promise<NoteSummary>;
}

export interface KeeperListener {
  /** The index saved on the last visit is back and answers queries; the first pass then checks what changed since. */
  restored(): void;
  /** During the first pass: `indexed` of the `total` notes are in the index. */
  progress(indexed: number, total: number): void;
  /** The first pass, or one that changed the index, ended: it holds the `total` notes of the versions read. */
  applied(total: number): void;
}

export interface KeeperOptions {
  /** How long after the last change the index is saved: a burst of edits or a pull is saved once. */
  saveDelayMs?: number;
  /** How many notes are read from the source at a time. */
  readPage?: number;
}

const SAVE_DELAY_MS = 2_000;
const READ_PAGE = 250;

export class IndexKeeper {
  private index = new NoteIndex();
  /** Note id → the updated_at the index holds it at, tombstones included. */
  private readonly known = new Map<string, string>();
  /** The server revision pulled when the versions the index holds were read. */
  private pulledRevision = 0;
  /** The counts the restored index was saved with, until the first pass. */
  private savedCheck: SavedCheck | null = null;
  private readonly restoring: Promise<void>;
  /** The notes changed since the running pass read their versions: one more pass is due. */
  private due = false;
  private running: Promise<void> | null = null;
  private first = true;
  private saveTimer: ReturnType<typeof setTimeout> | null = null;
  private unsaved = false;
  private stopped = false;

  constructor(
    private readonly source: NotesSource,
    private readonly listener: KeeperListener,
    private readonly options: KeeperOptions = {},
  ) {
    this.restoring = this.restore();
    // The first pass reads the versions while the saved index is restored, without waiting for the page.
    this.onChanged();
  }

  /** The answer to a query, and the ms the index took for it. Waits for the saved index to be restored. */
  async query(query: string, filter: SearchFilter, limit: number): Promise<{ answer: SearchAnswer; ms: number }> {
    await this.restoring;
    const started = performance.now();
    const answer = this.index.query(query, filter, limit);
    return { answer, ms: performance.now() - started };
  }

  /** Those of `ids` on this device that pass `filter`, in the order given. Waits for the saved index to be restored. */
  async pick(ids: readonly string[], filter: SearchFilter): Promise<string[]> {
    await this.restoring;
    return this.index.pick(ids, filter);
  }

  /** The notes changed. One pass runs at a time; changes during it make one more, so bursts collapse. */
  onChanged(): void {
    this.due = true;
    this.running ??= this.runPasses().finally(() => {
      this.running = null;
    });
  }

  /** Resolves once no pass is running or due. */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  stop(): void {
    this.stopped = true;
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = null;
  }

  /** Restores the saved index, if there is one of this version: then only notes changed since are read. */
  private async restore(): Promise<void> {
    try {
      const restored = decodeIndex(await this.source.readSaved());
      if (!restored) return;
      this.index = restored.index;
      for (const [id, at] of restored.known) this.known.set(id, at);
      this.savedCheck = restored.check;
      this.pulledRevision = restored.check.pulledRevision;
      this.listener.restored();
    } catch (error) {
      // Nothing lost: the index is built from the notes instead.
      console.warn('Restoring the search index failed', error);
    }
  }

  private async runPasses(): Promise<void> {
    while (this.due && !this.stopped) {
      this.due = false;
      try {
        await this.restoring;
        if (this.savedCheck && (await this.unchangedSinceSaved(this.savedCheck))) {
          // Trusted for now; the full pass right after compares every note all the same.
          this.due = true;
          continue;
        }
        await this.apply(await this.source.readVersions());
      } catch (error) {
        // The versions stay unknown to the index, so the next change reads these notes again.
        console.warn('Indexing notes for search failed', error);
      }
    }
  }

  /**
   * Whether the notes look as they did when the restored index was saved: the same number, none changed
   * since the latest it holds, no pull since. Then the index is complete at once, in a few milliseconds
   * instead of a walk over every note's version (hundreds with 10,000 notes), which follows anyway.
   */
  private async unchangedSinceSaved(check: SavedCheck): Promise<boolean> {
    this.savedCheck = null;
    const now = await this.source.readSummary(check.newest);
    if (this.stopped || now.count !== check.count || now.newer > 0 || now.pulledRevision !== check.pulledRevision)
      return false;
    this.index.setUnsynced(now.unsynced);
    this.first = false;
    this.listener.applied(now.count);
    return true;
  }

  private async apply({ updatedAt, unsynced, pulledRevision }: NoteVersions): Promise<void> {
    const removed = [...this.known.keys()].filter((id) => !updatedAt.has(id));
    const changed = [...updatedAt].filter(([id, at]) => this.known.get(id) !== at).map(([id]) => id);
    const total = updatedAt.size;
    const unchanged = total - changed.length;
    if (this.first) this.listener.progress(unchanged, total);
    if (removed.length > 0) {
      this.index.remove(removed);
      for (const id of removed) this.known.delete(id);
    }
    const page = this.options.readPage ?? READ_PAGE;
    for (let start = 0; start < changed.length; start += page) {
      const ids = changed.slice(start, start + page);
      const notes = await this.source.readNotes(ids);
      if (this.stopped) return;
      const live = new Set(notes.map((note) => note.id));
      // A tombstone (deleted, not yet synced) leaves the index; its version is still remembered.
      const gone = ids.filter((id) => !live.has(id));
      if (gone.length > 0) this.index.remove(gone);
      this.index.upsert(notes);
      for (const id of ids) this.known.set(id, updatedAt.get(id) ?? '');
      if (this.first) this.listener.progress(unchanged + Math.min(changed.length, start + page), total);
    }
    // A new revision alone is saved too, so that the next reload's check finds it unchanged.
    if (removed.length > 0 || changed.length > 0 || pulledRevision !== this.pulledRevision) this.scheduleSave();
    this.pulledRevision = pulledRevision;
    const flagsMoved = this.index.setUnsynced(unsynced);
    // A pass that found nothing new (the page's first signal after the worker's own first pass) says nothing.
    if (this.first || removed.length > 0 || changed.length > 0 || flagsMoved) this.listener.applied(total);
    this.first = false;
  }

  private scheduleSave(): void {
    this.unsaved = true;
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => {
      this.saveTimer = null;
      void this.save();
    }, this.options.saveDelayMs ?? SAVE_DELAY_MS);
  }

  private async save(): Promise<void> {
    if (this.stopped || !this.unsaved) return;
    // A pass in progress saves when it ends: the index and `known` must describe the same notes.
    if (this.running) {
      this.scheduleSave();
      return;
    }
    this.unsaved = false;
    try {
      await this.source.writeSaved(encodeIndex(this.index, this.known, this.pulledRevision));
    } catch (error) {
      console.warn('Saving the search index failed', error);
    }
  }
}
