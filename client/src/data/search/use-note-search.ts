// Searching the signed-in user's notes on this device, for any screen (the search field, the command
// palette): `useNoteSearch(query, filter, limit)` answers from the index in the search worker, with the
// notes of its hits read there too, and asks again as notes change. The page's thread does no IndexedDB
// read for a keystroke: it only draws the cards.
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { sameValue, useNotesSession, type NoteView } from '../notes';
import type { SearchFilter, SearchHit } from './note-index';
import { searchClientFor, type SearchClient, type SearchIndexState } from './search-client';

export interface NoteSearchResult {
  note: NoteView;
  /** The note's words that matched (normalised: lower case, no accents), for highlighting. */
  terms: ReadonlySet<string>;
  hit: SearchHit;
}

export interface NoteSearch {
  /** 'indexing' while the notes on this device are read into the index the first time. */
  index: SearchIndexState;
  /** Undefined until the first answer. */
  total: number | undefined;
  results: NoteSearchResult[] | undefined;
  /** How long the worker took for the answer shown, in ms. */
  queryMs: number | null;
  /** The query and filter the answer shown is for (the last ones asked may still be on their way). */
  answered: { query: string; filter: SearchFilter } | null;
}

const IDLE_INDEX: SearchIndexState = Object.freeze({
  status: 'indexing',
  indexed: 0,
  total: 0,
  version: 0,
  buildMs: null,
});
const noop = () => () => undefined;

const sameTerms = (a: ReadonlySet<string>, b: ReadonlySet<string>) =>
  a.size === b.size && [...a].every((term) => b.has(term));

/**
 * The last result's note and terms when they did not change, so a memoised card sees the same objects
 * and is not rendered again while the next keystroke narrows the results around it.
 */
function reuse(last: NoteSearchResult | undefined, next: NoteSearchResult): NoteSearchResult {
  if (!last) return next;
  const note = sameValue(last.note, next.note) ? last.note : next.note;
  const terms = sameTerms(last.terms, next.terms) ? last.terms : next.terms;
  return note === last.note && terms === last.terms && last.hit.score === next.hit.score
    ? last
    : { ...next, note, terms };
}

/** The search client of the signed-in user, kept watching the notes while the calling screen is mounted. */
export function useSearchClient(): SearchClient | null {
  const session = useNotesSession();
  const db = session?.db ?? null;
  const userId = session?.userId ?? null;
  const client = useMemo(
    () => (db && userId && typeof Worker !== 'undefined' ? searchClientFor(db, userId) : null),
    [db, userId],
  );
  useEffect(() => client?.retain(), [client]);
  return client;
}

/** The state of the index: whether it is ready and how many notes it has read. */
export function useSearchIndexState(client: SearchClient | null): SearchIndexState {
  return useSyncExternalStore(client?.subscribe ?? noop, client?.getState ?? (() => IDLE_INDEX), () => IDLE_INDEX);
}

/**
 * The notes matching `query` (every word, prefixes and small typos included) and `filter`, best first;
 * with an empty query, the filter's notes newest first. At most `limit` results; `total` counts all.
 * Asked again after every change to the notes, so the cards shown follow edits, syncs and pulls.
 */
export function useNoteSearch(query: string, filter: SearchFilter = 'all', limit = 60): NoteSearch {
  const client = useSearchClient();
  const index = useSearchIndexState(client);
  const [shown, setShown] = useState<{
    results: NoteSearchResult[];
    total: number;
    ms: number;
    answered: { query: string; filter: SearchFilter };
  } | null>(null);
  const reused = useRef(new Map<string, NoteSearchResult>());

  useEffect(() => {
    if (!client) return;
    let current = true;
    void client.query(query, filter, limit).then(({ answer, notes, ms }) => {
      if (!current) return;
      // An answer comes with its own notes, so it is never shown with another answer's.
      const byId = new Map(notes.map((note) => [note.id, note]));
      const last = reused.current;
      const results = answer.hits.flatMap((hit) => {
        const note = byId.get(hit.id);
        return note ? [reuse(last.get(hit.id), { note, terms: new Set(hit.terms), hit })] : [];
      });
      reused.current = new Map(results.map((result) => [result.note.id, result]));
      setShown({ results, total: answer.total, ms, answered: { query, filter } });
    });
    return () => {
      current = false;
    };
  }, [client, query, filter, limit, index.version]);

  return {
    index,
    total: shown?.total,
    results: shown?.results,
    queryMs: shown?.ms ?? null,
    answered: shown?.answered ?? null,
  };
}
