// Search by meaning beside the instant word search (issue 34), for the dashboard's search and the command
// palette: once typing pauses, the server finds the notes closest in meaning (only while the user's setting
// is on and the browser is online), the device shows those it has, and fuse-results.ts merges them after
// the word matches. Offline, with the setting off or when the server fails, search stays by words and
// says why once a session. The code that asks the server (zod, TanStack Query) loads with the first query
// asked.
import { useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useOnlineStatus } from '../../lib/use-online-status';
import type { MeaningAnswer } from '../assistant';
import type { NoteView } from '../notes';
import {
  splitTagQuery,
  useSearchClient,
  useSearchIndexState,
  type NoteSearchResult,
  type SearchFilter,
} from '../search';
import { fuseResults, MEANING_FLOOR, type MatchReason, type MeaningHit } from './fuse-results';
import { MEANING_MIN_CHARS, MeaningScheduler } from './meaning-scheduler';

/** Why the search is by words only: offline, the setting off, no AI key, or the server or provider failing. */
export type WordsOnlyReason = 'offline' | 'off' | 'no-key' | 'failed';

export interface MeaningSearch {
  /** The query (trimmed) the matches answer; null while there is none for the query typed. */
  answered: string | null;
  /** The notes found by meaning that this device has and the filter keeps, best first. */
  matches: { note: NoteView; hit: MeaningHit }[];
  /** The query typed is being asked (typing paused, the answer on its way): 'nothing found' may not be final. */
  pending: boolean;
  /** Why the search is by words only, while the screen should say so (once a session per reason); else null. */
  wordsOnly: WordsOnlyReason | null;
}

/** A result as the screens show it: the word search's, or a note found by meaning alone. */
export interface FoundNote extends NoteSearchResult {
  reason: MatchReason;
  /** For a note found by meaning alone, the passage that matched; null otherwise. */
  passage: string | null;
}

type Outcome = { query: string; hits: MeaningHit[] } | { query: string; reason: WordsOnlyReason };

const NO_TERMS: ReadonlySet<string> = new Set();
const NO_MATCHES: MeaningSearch['matches'] = [];

function reasonOf(error: unknown): WordsOnlyReason {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'offline' || (typeof navigator !== 'undefined' && !navigator.onLine)) return 'offline';
  if (code === 'api_key_required') return 'no-key';
  if (code === 'assistant_off') return 'off';
  return 'failed';
}

// Which reasons were said this session (sessionStorage: a reload does not say them again), and by which
// screen: that one keeps its line while the reason holds; the others stay quiet.
const SAID_KEY = 'sprout:search-words-only-said';
let said: ReadonlyMap<WordsOnlyReason, string> | null = null;
const sayListeners = new Set<() => void>();

function saidNow(): ReadonlyMap<WordsOnlyReason, string> {
  if (said) return said;
  let stored: WordsOnlyReason[] = [];
  try {
    stored = JSON.parse(sessionStorage.getItem(SAID_KEY) ?? '[]') as WordsOnlyReason[];
  } catch {
    // Storage refused (a private window's limits): said this page only.
  }
  said = new Map(stored.map((reason) => [reason, '']));
  return said;
}

function setSaid(reason: WordsOnlyReason, screen: string): void {
  said = new Map([...saidNow(), [reason, screen]]);
  try {
    sessionStorage.setItem(SAID_KEY, JSON.stringify([...said.keys()]));
  } catch {
    // As above.
  }
  for (const listener of sayListeners) listener();
}

/** `screen` says `reason` unless it was said this session. */
function claim(reason: WordsOnlyReason, screen: string): void {
  if (!saidNow().has(reason)) setSaid(reason, screen);
}

/** The reason no longer holds where `screen` said it (search cleared, back online): said, and not again. */
function release(reason: WordsOnlyReason, screen: string): void {
  if (saidNow().get(reason) === screen) setSaid(reason, '');
}

const subscribeSaid = (listener: () => void) => {
  sayListeners.add(listener);
  return () => sayListeners.delete(listener);
};

/** The setting was off at the last answer: offline, the reason to give is still the setting. */
let settingOff = false;

/**
 * The notes closest in meaning to `query` that this device has and `filter` keeps (at most `limit`
 * asked), once typing pauses; nothing for a query of fewer than three characters or one naming a tag.
 */
export function useMeaningSearch(query: string, filter: SearchFilter, limit: number): MeaningSearch {
  const client = useSearchClient();
  const index = useSearchIndexState(client);
  const online = useOnlineStatus();
  const screen = useId();
  const text = query.trim();
  const tagged = useMemo(() => {
    const tags = splitTagQuery(text);
    return tags.tags.length > 0 || tags.typing !== null;
  }, [text]);
  const userId = client?.userId ?? null;
  const eligible = userId !== null && text.length >= MEANING_MIN_CHARS && !tagged;

  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [scheduler] = useState(
    () =>
      new MeaningScheduler<MeaningAnswer, { userId: string; limit: number }>({
        run: async (q, asker, signal) => {
          const { askByMeaning } = await import('../assistant');
          return askByMeaning(asker.userId, q, asker.limit, signal);
        },
        onAnswer: (q, answer) => {
          settingOff = answer.kind === 'off';
          setOutcome(
            answer.kind === 'off'
              ? { query: q, reason: 'off' }
              : { query: q, hits: answer.matches.map((m) => ({ id: m.noteId, passage: m.passage, score: m.score })) },
          );
        },
        onError: (q, error) => setOutcome({ query: q, reason: reasonOf(error) }),
      }),
  );
  useEffect(() => () => scheduler.cancel(), [scheduler]);
  useEffect(() => {
    if (eligible && online) scheduler.ask(text, { userId, limit });
    else scheduler.cancel();
  }, [scheduler, eligible, online, text, userId, limit]);

  const current = eligible && online && outcome?.query === text ? outcome : null;
  const hits = current && 'hits' in current ? current.hits : null;
  // The last answer's reason holds while the next query is on its way: the line stays as the user types.
  const reason: WordsOnlyReason | null = !eligible
    ? null
    : !online
      ? settingOff
        ? 'off'
        : 'offline'
      : outcome && 'reason' in outcome
        ? outcome.reason
        : null;

  // The matches as this device has them, read again when its notes change (an edit, a pull, a deletion).
  const [found, setFound] = useState<{ hits: MeaningHit[]; filter: SearchFilter; matches: MeaningSearch['matches'] }>();
  useEffect(() => {
    if (!client || !hits) return;
    let live = true;
    const kept = hits.filter((hit) => hit.score >= MEANING_FLOOR);
    void client
      .notesFor(
        kept.map((hit) => hit.id),
        filter,
      )
      .then((notes) => {
        if (!live) return;
        const byId = new Map(notes.map((note) => [note.id, note]));
        const matches = kept.flatMap((hit) => {
          const note = byId.get(hit.id);
          return note ? [{ note, hit }] : [];
        });
        setFound({ hits, filter, matches });
      });
    return () => {
      live = false;
    };
  }, [client, hits, filter, index.version]);

  const saidBy = useSyncExternalStore(subscribeSaid, saidNow, saidNow);
  // Released when the reason changes, not in a cleanup: React runs an effect's cleanup and the effect again
  // in development, which would release the line before it shows.
  const last = useRef<WordsOnlyReason | null>(null);
  useEffect(() => {
    if (last.current && last.current !== reason) release(last.current, screen);
    last.current = reason;
    if (reason) claim(reason, screen);
  }, [reason, screen]);

  const answered = hits && found?.hits === hits && found.filter === filter ? found : null;
  return {
    answered: answered ? text : null,
    matches: answered?.matches ?? NO_MATCHES,
    pending: eligible && online && (!current || (hits !== null && !answered)),
    wordsOnly: reason && saidBy.get(reason) === screen ? reason : null,
  };
}

/**
 * The word search's results (for `lexicalQuery`) with the meaning matches of the same query fused in
 * (fuse-results.ts: word matches first); the word results alone while the meaning answer is for another
 * query or yet to come.
 */
export function withMeaning(
  results: readonly NoteSearchResult[],
  lexicalQuery: string | undefined,
  meaning: Pick<MeaningSearch, 'answered' | 'matches'>,
): FoundNote[] {
  const same = meaning.answered !== null && meaning.answered === lexicalQuery?.trim();
  const notes = new Map(meaning.matches.map(({ note }) => [note.id, note]));
  return fuseResults(results, (result) => result.note.id, same ? meaning.matches.map(({ hit }) => hit) : []).flatMap(
    ({ id, lexical, meaning: hit, reason }): FoundNote[] => {
      if (lexical) return [{ ...lexical, reason, passage: null }];
      const note = notes.get(id);
      if (!note || !hit) return [];
      return [{ note, terms: NO_TERMS, hit: { id, score: 0, terms: [], fields: [] }, reason, passage: hit.passage }];
    },
  );
}
