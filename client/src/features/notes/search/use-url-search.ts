// The search of a list screen kept in the URL (`?q=groceries&filter=unsynced`), so Back and a reload
// return to it. Typing replaces the current history entry rather than adding one per keystroke, and
// only once typing pauses: each URL change re-renders every screen part that reads the location (the
// layout, the sidebar), which was most of a keystroke's work (docs/decisions.md, 'A keystroke in search
// costs a few cards').
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigationType, useSearchParams } from 'react-router';
import { SEARCH_FILTERS, type SearchFilter } from '../../../data/search';

export interface UrlSearch {
  /** What the field shows (follows typing at once). */
  text: string;
  filter: SearchFilter;
  /** A query or a filter is set: the screen shows search results instead of its list. */
  active: boolean;
  setText(text: string): void;
  setFilter(filter: SearchFilter): void;
  clear(): void;
}

/** How long typing must pause before the query is written to the URL. */
const URL_WRITE_DELAY_MS = 300;

function readFilter(value: string | null): SearchFilter {
  return SEARCH_FILTERS.find((filter) => filter === value) ?? 'all';
}

export function useUrlSearch(): UrlSearch {
  const [params, setParams] = useSearchParams();
  const urlText = params.get('q') ?? '';
  const filter = readFilter(params.get('filter'));
  const [text, setLocalText] = useState(urlText);
  const [seenUrlText, setSeenUrlText] = useState(urlText);
  const navigationType = useNavigationType();

  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const cancelPending = useCallback(() => {
    if (pending.current) clearTimeout(pending.current);
    pending.current = null;
  }, []);
  // Leaving the screen drops a write not yet made: made later, it would navigate back here.
  useEffect(() => cancelPending, [cancelPending]);

  // Back, Forward or a link changed the URL: the field follows it. Typing's own writes replace the
  // entry and may land a keystroke behind, so those never reset the field.
  if (urlText !== seenUrlText) {
    setSeenUrlText(urlText);
    if (navigationType !== 'REPLACE') setLocalText(urlText);
  }
  // Back or Forward brought another query: the typing it replaced is not written over it.
  useEffect(() => {
    if (navigationType !== 'REPLACE') cancelPending();
  }, [urlText, navigationType, cancelPending]);

  const write = useCallback(
    (q: string, f: SearchFilter) => {
      cancelPending();
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (q) next.set('q', q);
          else next.delete('q');
          if (f !== 'all') next.set('filter', f);
          else next.delete('filter');
          return next;
        },
        { replace: true },
      );
    },
    [setParams, cancelPending],
  );

  return {
    text,
    filter,
    active: text.trim() !== '' || filter !== 'all',
    setText: (value) => {
      setLocalText(value);
      cancelPending();
      pending.current = setTimeout(() => write(value, filter), URL_WRITE_DELAY_MS);
    },
    setFilter: (value) => write(text, value),
    clear: () => {
      setLocalText('');
      write('', 'all');
    },
  };
}
