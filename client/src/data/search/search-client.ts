// The page's side of the search index: starts the worker, which restores the index saved on the last
// visit and reads what it needs from IndexedDB itself; tells it when the notes changed (a local edit,
// another tab's, a pull from another device [S16]); asks it queries. The page reads no note and no
// version for it: a change costs the page two counts. One client per signed-in user and database; it
// stops watching when no screen uses it. The worker starts once the first screen's content is shown
// (lib/first-content.ts): messages wait for it meanwhile, and a start is not slowed by its thread.
import { afterContentShown } from '../../lib/first-content';
import { watchNotesChanges, type NoteView, type SproutDb } from '../notes';
import type { SearchAnswer, SearchFilter } from './note-index';
import type { FromSearchWorker, ToSearchWorker } from './search-protocol';

/** How far the index is: 'indexing' until every note on the device was read once. */
export interface SearchIndexState {
  status: 'indexing' | 'ready';
  indexed: number;
  total: number;
  /**
   * Bumped after each change to the notes on this device, and again once the change reaches the index:
   * answers given before it may be stale.
   */
  version: number;
  /** Milliseconds from the start to the first complete index (null before). */
  buildMs: number | null;
}

/** The name of the user timing measure of the first complete index after the client started. */
export const INDEX_BUILD_MEASURE = 'sprout:search-index-build';
/** The name of the user timing measure of the saved index restored (answering queries) after the client started. */
export const INDEX_RESTORE_MEASURE = 'sprout:search-index-restore';

type Answer = Extract<FromSearchWorker, { type: 'answer' }>;
type QueryAnswer = { answer: SearchAnswer; notes: NoteView[]; ms: number };

export class SearchClient {
  private worker: Worker | null = null;
  /** Messages posted before the worker started. */
  private pending: ToSearchWorker[] = [];
  private terminated = false;
  private readonly waiting = new Map<number, (answer: Answer) => void>();
  private readonly listeners = new Set<() => void>();
  private seq = 0;
  private users = 0;
  private unwatch: (() => void) | null = null;
  /** When the worker started (the index's timings run from there). */
  private started = performance.now();
  private state: SearchIndexState = { status: 'indexing', indexed: 0, total: 0, version: 0, buildMs: null };
  /** The filter and limit of the last query asked: what the screen typed into asks with. */
  private lastAsked: { filter: SearchFilter; limit: number } | null = null;
  /** A query sent ahead of its screen (see ask), until that screen asks it. */
  private early: {
    query: string;
    filter: SearchFilter;
    limit: number;
    version: number;
    answer: Promise<QueryAnswer>;
  } | null = null;

  constructor(
    private readonly db: SproutDb,
    readonly userId: string,
  ) {
    // The worker restores the saved index as soon as it starts, while the page reads the notes' versions.
    this.post({ type: 'open', dbName: db.name, userId });
    void afterContentShown().then(() => this.startWorker());
  }

  private startWorker(): void {
    if (this.terminated || this.worker) return;
    this.started = performance.now();
    const worker = new Worker(new URL('./search.worker.ts', import.meta.url), {
      type: 'module',
      name: 'sprout-search',
    });
    worker.onmessage = ({ data }: MessageEvent<FromSearchWorker>) => this.onMessage(data);
    this.worker = worker;
    for (const message of this.pending.splice(0)) worker.postMessage(message);
  }

  getState = (): SearchIndexState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** A screen starts using the index: watch the notes while any does. Returns the release function. */
  retain(): () => void {
    this.users += 1;
    this.unwatch ??= watchNotesChanges(this.db, this.userId, () => {
      this.post({ type: 'changed' });
      // The notes shown may have changed: screens ask again (the worker reads the notes as they are now).
      this.setState({ version: this.state.version + 1 });
    });
    return () => {
      this.users -= 1;
      if (this.users === 0 && this.unwatch) {
        this.unwatch();
        this.unwatch = null;
      }
    };
  }

  /** The answer, its hits' notes as stored now, and the ms the index took. */
  query(query: string, filter: SearchFilter, limit: number): Promise<QueryAnswer> {
    this.lastAsked = { filter, limit };
    const early = this.early;
    this.early = null;
    if (
      early &&
      early.query === query &&
      early.filter === filter &&
      early.limit === limit &&
      early.version === this.state.version
    )
      return early.answer;
    return this.send(query, filter, limit);
  }

  /**
   * Sends `query` with the filter and limit of the last query asked, for the screen that will ask it once
   * React has drawn the key typed: the search field calls this in its change event, so the worker answers
   * while the page renders the field, instead of after.
   */
  ask(query: string): void {
    if (!this.lastAsked) return;
    const { filter, limit } = this.lastAsked;
    this.early = { query, filter, limit, version: this.state.version, answer: this.send(query, filter, limit) };
  }

  /**
   * The notes with these ids that this device has and `filter` keeps, in the order given: what the search
   * by meaning found on the server is shown only as the device knows it (a note not pulled yet is left out).
   */
  notesFor(ids: readonly string[], filter: SearchFilter): Promise<NoteView[]> {
    const seq = ++this.seq;
    return new Promise((resolve) => {
      this.waiting.set(seq, ({ notes }) => resolve(notes));
      this.post({ type: 'pick', seq, ids: [...ids], filter });
    });
  }

  private send(query: string, filter: SearchFilter, limit: number): Promise<QueryAnswer> {
    const seq = ++this.seq;
    return new Promise((resolve) => {
      this.waiting.set(seq, ({ answer, notes, ms }) => resolve({ answer, notes, ms }));
      this.post({ type: 'query', seq, query, filter, limit });
    });
  }

  terminate(): void {
    this.unwatch?.();
    this.unwatch = null;
    this.terminated = true;
    this.pending = [];
    this.worker?.terminate();
  }

  private post(message: ToSearchWorker): void {
    if (this.worker) this.worker.postMessage(message);
    else if (!this.terminated) this.pending.push(message);
  }

  private onMessage(message: FromSearchWorker): void {
    switch (message.type) {
      case 'answer': {
        const resolve = this.waiting.get(message.seq);
        this.waiting.delete(message.seq);
        resolve?.(message);
        break;
      }
      case 'restored':
        performance.measure(INDEX_RESTORE_MEASURE, { start: this.started, end: performance.now() });
        break;
      case 'progress':
        if (this.state.status === 'indexing') this.setState({ indexed: message.indexed, total: message.total });
        break;
      case 'applied': {
        const firstBuild = this.state.buildMs === null;
        const now = performance.now();
        this.setState({
          status: 'ready',
          version: this.state.version + 1,
          indexed: message.total,
          total: message.total,
          buildMs: this.state.buildMs ?? now - this.started,
        });
        // A user timing entry, for the performance panel and the bench (bench/groups/search.ts).
        if (firstBuild) performance.measure(INDEX_BUILD_MEASURE, { start: this.started, end: now });
        break;
      }
    }
  }

  private setState(patch: Partial<SearchIndexState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }
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
