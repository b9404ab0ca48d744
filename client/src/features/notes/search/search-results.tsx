// A list screen's search results, drawn by shown-results.tsx. On the dashboard the notes found by meaning
// (issue 34) join them; that code loads once the dashboard's content is shown and the page is idle
// (meaning-search-results.tsx), not with it: until it is in, or when it cannot load (offline without the
// service worker's copy), the search is by words.
import { useEffect, useState } from 'react';
import { useSearchClient, useSearchIndexState } from '../../../data/search';
import { useOnlineStatus } from '../../../lib/use-online-status';
import type * as MeaningResults from './meaning-search-results';
import { ShownResults, type SearchResultsProps } from './shown-results';

export type { SearchResultsProps } from './shown-results';

type MeaningModule = typeof MeaningResults;
let meaningModule: MeaningModule | null = null;
let loading: Promise<MeaningModule> | null = null;

/** Loads the search by meaning's code; a load that failed (offline) is tried again on the next call. */
export function loadMeaningSearch(): Promise<MeaningModule> {
  loading ??= import('./meaning-search-results').then(
    (module) => (meaningModule = module),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The search by meaning's code once it is in (null until then); tried again when the browser is back online. */
function useMeaningModule(wanted: boolean): MeaningModule | null {
  const online = useOnlineStatus();
  const [module, setModule] = useState(meaningModule);
  useEffect(() => {
    if (!wanted || module) return;
    let live = true;
    loadMeaningSearch().then(
      (loaded) => {
        if (live) setModule(loaded);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [wanted, module, online]);
  return wanted ? module : null;
}

export function SearchResults(props: SearchResultsProps) {
  const index = useSearchIndexState(useSearchClient());
  const meaning = useMeaningModule(Boolean(props.byMeaning));
  // Hidden results are drawn once the index is ready, never during the screen's own first load.
  if (props.hidden && index.status !== 'ready') return null;
  return meaning ? meaning.meaningSearchResults(props) : <ShownResults {...props} />;
}
