// The dashboard's search results with the notes found by meaning (issue 34), loaded once the search is
// first shown: the search by meaning, its fusion and its quiet line stay out of the dashboard's first load.
import { MeaningBadge } from '../../../components/meaning-badge';
import { WordsOnlyNotice } from '../../../components/words-only-notice';
import { useMeaningSearch, withMeaning } from '../../../data/meaning-search';
import { ShownResults, type SearchResultsProps } from './shown-results';

/** How many notes the search by meaning is asked for: more than a screen of cards, as they follow the word matches. */
const MEANING_LIMIT = 20;
// Made once: the cards are memoised on it.
const BADGE = <MeaningBadge />;

export function MeaningSearchResults(props: SearchResultsProps) {
  const search = useMeaningSearch(props.hidden ? '' : props.query, props.filter, MEANING_LIMIT);
  return (
    <ShownResults
      {...props}
      meaning={{
        search,
        merge: withMeaning,
        notice: <WordsOnlyNotice reason={search.wordsOnly} className="mt-1" />,
        badge: BADGE,
      }}
    />
  );
}

/** The element, for search-results.tsx, which holds this module once loaded (a component it names is static). */
export function meaningSearchResults(props: SearchResultsProps) {
  return <MeaningSearchResults {...props} />;
}
