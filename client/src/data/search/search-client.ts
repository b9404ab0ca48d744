// The page's side of the search index: starts the worker, restores the index saved on the last visit,
// feeds it the user's notes from this device that changed since (all of them the first time) and every
// change after (a local edit, another tab's, a pull from another device [S16]), saves it again a moment
// after changes, and asks it queries. One client per signed-in user and database; it stops watching when
// no screen uses it.
import { readNotesByIds, readSearchIndex, watchNotesVersions, writeSearchIndex, type NotesVersions, type SproutDb } from '../notes';
import type { IndexedNote, SearchAnswer, SearchFilter } from './note-index';
import type { FromSearchWorker, ToSearchWorker } from './search-protocol';

/** How far the index is: 'indexing' until every note on the device was read once. */
export interface SearchIndexState {
  status: 'indexing' | 'ready';
  indexed: number;
  total: number;
  /** Bumped after each change reaches the index: queries answered before it are stale. */
  version: number;
  /** Milliseconds from the start to the first complete index (null before). */
  buildMs: number | null;
}

const READ_PAGE = 250;
/** How long after the last change the index is saved: a burst of edits or a pull is saved once. */
const SAVE_DELAY_MS = 2_000;
/** The name of the user timing measure of the first complete index after the client started. */
export const INDEX_BUILD_MEASURE = 'sprout:search-index-build';

export class SearchClient {
  private readonly worker: Worker;
  private readonly known = new Map<string, string>();
  private readonly waiting = new Map<number, (message: FromSearchWorker) => void>();
  private readonly listeners = new Set<() => void>();
  private seq = 0;
  private users = 0;
  private unwatch: (() => void) | null = null;
  private latest: NotesVersions | null = null;
  private applying: Promise<void> | null = null;
  private readonly started = performance.now();
  private readonly restoring: Promise<void>;
  private saveTimer: ReturnType<typeof setTimeout> | null = null;
  private unsaved = false;
  private terminated = false;
  private state: SearchIndexState = { status: 'indexing', indexed: 0, total: 0, version: 0, buildMs: null };

  constructor(
    private readonly db: SproutDb,
    readonly userId: string,
  ) {
    this.worker = new Worker(new URL('./search.worker.ts', import.meta.url), { type: 'module', name: 'sprout-search' });
    this.worker.onmessage = ({ data }: MessageEvent<FromSearchWorker>) => {
      const resolve = this.waiting.get(data.seq);
      this.waiting.delete(data.seq);
      resolve?.(data);
    };
    this.restoring = this.restore();
  }

  getState = (): SearchIndexState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** A screen starts using the index: watch the notes while any does. Returns the release function. */
  retain(): () => void {
    this.users += 1;
    if (!this.unwatch) this.unwatch = watchNotesVersions(this.db, this.userId, (versions) => this.onVersions(versions));
    return () => {
      this.users -= 1;
      if (this.users === 0 && this.unwatch) {
        this.unwatch();
        this.unwatch = null;
      }
    };
  }

  async query(query: string, filter: SearchFilter, limit: number): Promise<{ answer: SearchAnswer; ms: number }> {
    const reply = await this.request((seq) => ({ type: 'query', seq, query, filter, limit }));
    if (reply.type !== 'answer') throw new Error('search worker answered out of turn');
    return { answer: reply.answer, ms: reply.ms };
  }

  terminate(): void {
    this.terminated = true;
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.unwatch?.();
    this.unwatch = null;
    this.worker.terminate();
  }

  /** Restores the saved index, if there is one of this version: then only notes changed since are read. */
  private async restore(): Promise<void> {
    try {
      const saved = await readSearchIndex(this.db, this.userId);
      if (!saved) return;
      const reply = await this.request((seq) => ({ type: 'restore', seq, saved }));
      if (reply.type === 'restored' && reply.known) for (const [id, at] of reply.known) this.known.set(id, at);
    } catch (error) {
      // Nothing lost: the index is built from the notes instead.
      console.warn('Restoring the search index failed', error);
    }
  }

  private scheduleSave(): void {
    this.unsaved = true;
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => {
      this.saveTimer = null;
      void this.save();
    }, SAVE_DELAY_MS);
  }

  private async save(): Promise<void> {
    // A pass in progress saves when it ends; the index and `known` must describe the same notes.
    if (this.terminated || !this.unsaved) return;
    if (this.applying) {
      this.scheduleSave();
      return;
    }
    this.unsaved = false;
    try {
      const reply = await this.request((seq) => ({ type: 'save', seq, known: [...this.known] }));
      if (reply.type === 'saved' && !this.terminated) await writeSearchIndex(this.db, this.userId, reply.saved);
    } catch (error) {
      console.warn('Saving the search index failed', error);
    }
  }

  private request(make: (seq: number) => ToSearchWorker): Promise<FromSearchWorker> {
    const seq = ++this.seq;
    return new Promise((resolve) => {
      this.waiting.set(seq, resolve);
      this.worker.postMessage(make(seq));
    });
  }

  private post(message: ToSearchWorker): void {
    this.worker.postMessage(message);
  }

  private setState(patch: Partial<SearchIndexState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  private onVersions(versions: NotesVersions): void {
    this.latest = versions;
    // One pass at a time; a pass reads the newest versions when it starts, so bursts collapse.
    this.applying ??= this.applyLatest().finally(() => {
      this.applying = null;
    });
  }

  private async applyLatest(): Promise<void> {
    while (this.latest) {
      const versions = this.latest;
      this.latest = null;
      await this.apply(versions);
    }
  }

  private async apply({ updatedAt, unsynced }: NotesVersions): Promise<void> {
    await this.restoring;
    const removed = [...this.known.keys()].filter((id) => !updatedAt.has(id));
    const changed = [...updatedAt].filter(([id, at]) => this.known.get(id) !== at).map(([id]) => id);
    const first = this.state.status === 'indexing';
    if (first) this.setState({ total: updatedAt.size });
    if (removed.length > 0) {
      this.post({ type: 'remove', ids: removed });
      for (const id of removed) this.known.delete(id);
    }
    for (let start = 0; start < changed.length; start += READ_PAGE) {
      const ids = changed.slice(start, start + READ_PAGE);
      const notes = await readNotesByIds(this.db, this.userId, ids);
      const live = new Set(notes.map((note) => note.id));
      // A tombstone (deleted, not yet synced) leaves the index; its version is still remembered.
      const gone = ids.filter((id) => !live.has(id));
      if (gone.length > 0) this.post({ type: 'remove', ids: gone });
      this.post({ type: 'upsert', notes: notes.map(toIndexed) });
      for (const id of ids) this.known.set(id, updatedAt.get(id) ?? '');
      if (first) this.setState({ indexed: Math.min(changed.length, start + READ_PAGE) });
    }
    if (removed.length > 0 || changed.length > 0) this.scheduleSave();
    this.post({ type: 'unsynced', ids: [...unsynced] });
    await this.request((seq) => ({ type: 'ping', seq }));
    const firstBuild = this.state.buildMs === null;
    this.setState({
      status: 'ready',
      version: this.state.version + 1,
      indexed: updatedAt.size,
      total: updatedAt.size,
      buildMs: this.state.buildMs ?? performance.now() - this.started,
    });
    // A user timing entry, for the performance panel and the bench (scripts/bench/groups/search.ts).
    if (firstBuild) performance.measure(INDEX_BUILD_MEASURE, { start: this.started, end: performance.now() });
  }
}

function toIndexed(note: IndexedNote): IndexedNote {
  return {
    id: note.id,
    title: note.title,
    content: note.content,
    expanded_content: note.expanded_content,
    checklist_items: note.checklist_items?.map((item) => ({ text: item.text })) ?? null,
    is_checklist: note.is_checklist,
    conflict_of: note.conflict_of,
    sync_state: note.sync_state,
    updated_at: note.updated_at,
  };
}

const clients = new WeakMap<SproutDb, SearchClient>();

/** The search client of this database and user; another user's client is stopped. */
export function searchClientFor(db: SproutDb, userId: string): SearchClient {
  const existing = clients.get(db);
  if (existing && existing.userId === userId) return existing;
  existing?.terminate();
  const client = new SearchClient(db, userId);
  clients.set(db, client);
  return client;
}
