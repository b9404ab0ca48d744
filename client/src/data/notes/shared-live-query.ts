// One Dexie live query per question asked of a database, however many parts of the screen ask it, and a
// start's read ahead through that same query. A screen's own live query reads only after its first commit
// (an effect, then a timer), and two parts asking the same (the sidebar's and the top bar's count of
// changes waiting) read it twice; each read is IndexedDB transactions and answers that a busy phone's main
// thread runs as tasks of their own on the way to the content (docs/decisions.md, 'What a busy core's
// blocking time is made of'). Hooks subscribe with dexie-react-hooks' useObservable, which takes a value
// already read at the first render.
import { liveQuery, type Subscription } from 'dexie';
import type { SproutDb } from './local-db';

interface Watcher<T> {
  next: (value: T) => void;
  error: (error: unknown) => void;
}

/** One question's live query, shared by its watchers and a read ahead. */
interface Shared<T> {
  /** The last answer, undefined before the first. */
  value: T | undefined;
  watchers: Set<Watcher<T>>;
  /** Dexie's live query (set right after it starts; it answers later). */
  subscription?: Subscription;
  /** The read ahead's hold, while no watcher has come: released by the first watcher or its timer. */
  readAhead: ReturnType<typeof setTimeout> | null;
}

/** How long a read ahead keeps its query for a screen that has not come (another order, another screen). */
export const READ_AHEAD_HOLD_MS = 10_000;

/** What a hook subscribes to (useObservable): the answer at once when it is read already. */
export interface SharedLiveQuery<T> {
  subscribe(next: (value: T) => void, error?: (error: unknown) => void): { unsubscribe(): void };
  hasValue(): boolean;
  getValue(): T | undefined;
  /**
   * Starts the query, unless it runs already, for a part of the screen about to ask it: the answer is read
   * while the screen renders, and the screen's hook takes the query over (or, after `holdMs` without one,
   * it stops).
   */
  readAhead(holdMs?: number): void;
}

/**
 * How a question is read: `read` is its query; `keep`, given the last answer and the new one, returns what
 * to hand on (the last one's objects where equal, so what was drawn is not drawn again).
 */
export interface LiveQuestion<T> {
  key: string;
  read: () => Promise<T>;
  keep?: (last: T | undefined, next: T) => T;
}

const queries = new WeakMap<SproutDb, Map<string, Shared<unknown>>>();

function queriesOf(db: SproutDb): Map<string, Shared<unknown>> {
  let map = queries.get(db);
  if (!map) queries.set(db, (map = new Map()));
  return map;
}

function start<T>(db: SproutDb, question: LiveQuestion<T>): Shared<T> {
  const map = queriesOf(db);
  const entry: Shared<T> = { value: undefined, watchers: new Set(), readAhead: null };
  map.set(question.key, entry as Shared<unknown>);
  entry.subscription = liveQuery(question.read).subscribe({
    next: (value) => {
      entry.value = question.keep ? question.keep(entry.value, value) : value;
      for (const watcher of [...entry.watchers]) watcher.next(entry.value);
    },
    // A failed read ends the query: its watchers hear of it, and the next to come starts a new one.
    error: (error: unknown) => {
      if (map.get(question.key) === entry) map.delete(question.key);
      if (entry.readAhead) clearTimeout(entry.readAhead);
      entry.readAhead = null;
      for (const watcher of [...entry.watchers]) watcher.error(error);
    },
  });
  return entry;
}

function stop(db: SproutDb, key: string, entry: Shared<unknown>): void {
  if (entry.watchers.size > 0 || entry.readAhead) return;
  entry.subscription?.unsubscribe();
  const map = queriesOf(db);
  if (map.get(key) === entry) map.delete(key);
}

/** The live answer to `question` in `db`, shared with every other asker of the same key. */
export function sharedLiveQuery<T>(db: SproutDb, question: LiveQuestion<T>): SharedLiveQuery<T> {
  const current = () => queriesOf(db).get(question.key) as Shared<T> | undefined;
  return {
    hasValue: () => current()?.value !== undefined,
    getValue: () => current()?.value,
    readAhead(holdMs = READ_AHEAD_HOLD_MS) {
      if (current()) return;
      const entry = start(db, question);
      entry.readAhead = setTimeout(() => {
        entry.readAhead = null;
        stop(db, question.key, entry as Shared<unknown>);
      }, holdMs);
    },
    subscribe(next, error = () => undefined) {
      const entry = current() ?? start(db, question);
      const watcher: Watcher<T> = { next, error };
      entry.watchers.add(watcher);
      if (entry.readAhead) {
        clearTimeout(entry.readAhead);
        entry.readAhead = null;
      }
      if (entry.value !== undefined) next(entry.value);
      return {
        unsubscribe() {
          entry.watchers.delete(watcher);
          stop(db, question.key, entry as Shared<unknown>);
        },
      };
    },
  };
}

/** An answer known without asking (no one signed in): handed over at once. */
export function answered<T>(value: T): SharedLiveQuery<T> {
  return {
    hasValue: () => true,
    getValue: () => value,
    readAhead: () => undefined,
    subscribe: (next) => {
      next(value);
      return { unsubscribe: () => undefined };
    },
  };
}
