// The search results as shown: how many notes match, the cards (best match first) a page at a time, and
// what to say while the index is first built or when nothing matches; with the search by meaning (issue
// 34, on the dashboard), the notes it found follow the word matches, marked, or a quiet line says why not.
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { LinkProps } from 'react-router';
import { SearchX } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { PAGE_SIZE, type NoteView } from '../../../data/notes';
import type { MeaningSearch, withMeaning } from '../../../data/meaning-search';
import { useNoteSearch, type NoteSearchResult, type SearchFilter } from '../../../data/search';
import { EmptyState } from '../empty-state';
import { SearchResultCard } from './search-result-card';
import { formatCount } from '../../../lib/format-count';

export interface SearchResultsProps {
  query: string;
  filter: SearchFilter;
  /** 'note' or 'checklist', for the counts ('3 notes match'). */
  noun: 'note' | 'checklist';
  viewTo: (note: NoteView) => `/${string}`;
  viewState?: LinkProps['state'];
  onView: (note: NoteView) => void;
  onDelete: (note: NoteView) => void;
  onClear: () => void;
  /** Notes found by meaning join the word matches (the dashboard). */
  byMeaning?: boolean;
  /**
   * Drawn but not shown (the dashboard while its empty field has focus): the cards of the empty query wait,
   * built and out of sight, for the first key typed, whose answer has the same notes (one letter
   * narrows nothing: search-text.ts), so that key only shows them instead of building nine cards.
   */
  hidden?: boolean;
}

/**
 * Cards rendered for a new answer; the rest of the page follows as the list is scrolled towards its
 * end. Each key typed changes most of the cards, and building a card is what a keystroke costs: nine fill
 * a laptop's first screen under the search field even when the cards are short (three rows of three,
 * more of two or one), so the end of the list is out of view and nothing more is built until the user
 * scrolls; six left it in view on short cards, and the next six followed a frame later. Sixty cost
 * several frames (docs/decisions.md, 'A keystroke in search costs a few cards').
 */
const FIRST_CARDS = 9;

/** A card's result: a note found by meaning alone has the passage it matched by. */
type ShownResult = NoteSearchResult & { passage?: string | null };

/** The search by meaning a screen adds to its word search (meaning-search-results.tsx). */
export interface ByMeaning {
  search: MeaningSearch;
  merge: typeof withMeaning;
  /** The quiet line saying the search is by words only, and why. */
  notice: ReactNode;
  /** The mark of a note found by meaning alone. */
  badge: ReactNode;
}

/** How many of `count` cards to render: FIRST_CARDS for a new answer, more each time `sentinel` scrolls into view. */
function useCardsRendered(answerKey: string, count: number, hidden: boolean) {
  const [state, setState] = useState({ answerKey, rendered: FIRST_CARDS });
  if (state.answerKey !== answerKey) setState({ answerKey, rendered: FIRST_CARDS });
  const rendered = state.answerKey === answerKey ? state.rendered : FIRST_CARDS;
  const sentinel = useRef<HTMLDivElement>(null);
  const more = rendered < count;
  useEffect(() => {
    const target = sentinel.current;
    if (hidden || !more || !target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting))
        setState((s) => ({ ...s, rendered: s.rendered + FIRST_CARDS }));
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [hidden, more, rendered]);
  return { rendered: Math.min(rendered, count), sentinel, more };
}

export function ShownResults({
  query,
  filter,
  noun,
  viewTo,
  viewState,
  onView,
  onDelete,
  onClear,
  hidden = false,
  meaning,
}: SearchResultsProps & { meaning?: ByMeaning }) {
  const [shown, setShown] = useState(PAGE_SIZE);
  // A search starts again at one page, as it did when the cleared results were taken down.
  if (hidden && shown !== PAGE_SIZE) setShown(PAGE_SIZE);
  // Not deferred: the query leaves for the search worker in the keystroke's own task (React runs the
  // effects of a key's update at once), so the worker answers while the page paints the typed letter. The
  // cards follow when the answer comes; until then the last answer's stay.
  const search = useNoteSearch(query, filter, shown);
  const { results: wordResults, total: wordTotal, index, answered } = search;
  const merge = meaning?.merge;
  const meaningQuery = meaning?.search.answered ?? null;
  const meaningMatches = meaning?.search.matches;
  const results: ShownResult[] | undefined = useMemo(
    () =>
      wordResults && merge && meaningMatches
        ? merge(wordResults, answered?.query, { answered: meaningQuery, matches: meaningMatches })
        : wordResults,
    [wordResults, merge, answered?.query, meaningQuery, meaningMatches],
  );
  // The notes found by meaning alone count among the matches.
  const total = wordTotal === undefined ? undefined : wordTotal + (results?.length ?? 0) - (wordResults?.length ?? 0);
  const lookingByMeaning = total === 0 && Boolean(meaning?.search.pending);
  const plural = (n: number) => `${formatCount(n)} ${n === 1 ? noun : `${noun}s`}`;
  const { rendered, sentinel, more } = useCardsRendered(
    `${answered?.query}\u0000${answered?.filter}`,
    results?.length ?? 0,
    hidden,
  );
  // The cards of the last answer that had any, drawn hidden while an answer has none (see the list below).
  const [kept, setKept] = useState<ShownResult[]>([]);
  if (results && results.length > 0 && kept !== results) setKept(results);
  const cards = results && results.length > 0 ? results : kept.slice(0, FIRST_CARDS);

  if (results === undefined || total === undefined) {
    if (hidden) return null;
    return (
      <p role="status" className="mt-8 flex items-center justify-center gap-2 text-sm text-muted-foreground">
        <Spinner />
        {index.total > 0
          ? `Preparing search: ${formatCount(index.indexed)} of ${formatCount(index.total)} notes…`
          : 'Preparing search…'}
      </p>
    );
  }

  return (
    // Hidden as the dashboard hides its list (kept-hidden: skipped by style and layout while hidden; inert and
    // aria-hidden: out of the tab order and of what assistive technology and tests see).
    <section
      aria-label="Search results"
      className={hidden ? 'kept-hidden' : 'mt-6'}
      inert={hidden}
      aria-hidden={hidden || undefined}
    >
      {/* Empty while hidden: what it says is read out when the results show (and found by text only then). */}
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        {!hidden && lookingByMeaning && (
          <>
            <Spinner />
            Looking for notes by meaning…
          </>
        )}
        {!hidden &&
          !lookingByMeaning &&
          (total === 0 ? `No ${noun}s match` : `${plural(total)} ${total === 1 ? 'matches' : 'match'}`)}
        {!hidden &&
          index.status === 'indexing' &&
          index.total > index.indexed &&
          ` (still reading ${formatCount(index.total - index.indexed)} notes)`}
      </p>
      {!hidden && meaning?.notice}
      {total === 0 && !lookingByMeaning && (
        <EmptyState
          icon={SearchX}
          title={`Nothing found${answered?.query.trim() ? ` for ‘${answered.query.trim()}’` : ''}`}
          className="mt-4"
        >
          <p className="mt-1.5 max-w-sm text-sm text-muted-foreground">Try fewer words, or another filter.</p>
          <Button variant="outline" className="mt-6" onClick={onClear}>
            Clear search
          </Button>
        </EmptyState>
      )}
      {/* Kept, hidden, while nothing matches: the next answer's cards then fill the cards already built. */}
      <ul
        aria-label={`Matching ${noun}s`}
        className={total === 0 ? 'kept-hidden' : 'mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3'}
        inert={total === 0}
        aria-hidden={total === 0 || undefined}
      >
        {cards.slice(0, total === 0 ? cards.length : rendered).map((result, slot) => (
          // Keyed by place, not by note: a key that brings other notes updates the cards on screen in place
          // rather than taking them down and building new ones (each card is a few dozen elements and components).
          <li key={slot} className="flex min-w-0 [&>article]:flex-1">
            <SearchResultCard
              result={result}
              passage={result.passage}
              meaningBadge={result.passage ? meaning?.badge : undefined}
              viewTo={viewTo}
              viewState={viewState}
              onView={onView}
              onDelete={onDelete}
            />
          </li>
        ))}
      </ul>
      {total > 0 && (
        <>
          {/* Below the last card: scrolled into view, the next cards of the page are rendered. */}
          {more && <div ref={sentinel} aria-hidden="true" className="h-px" />}
          {!more && total > results.length && (
            <div className="mt-8 flex flex-col items-center gap-2">
              <Button variant="outline" onClick={() => setShown((n) => n + PAGE_SIZE)}>
                Show more
              </Button>
              <p className="text-xs text-muted-foreground">
                Showing {formatCount(results.length)} of {plural(total)}
              </p>
            </div>
          )}
        </>
      )}
    </section>
  );
}
