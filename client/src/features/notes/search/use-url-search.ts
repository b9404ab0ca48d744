// The search of a list screen kept in the URL (`?q=groceries&filter=unsynced`), so Back and a reload
// return to it. Typing replaces the current history entry rather than adding one per keystroke.
import { useCallback, useState } from 'react';
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

  // Back, Forward or a link changed the URL: the field follows it. Typing's own writes replace the
  // entry and may land a keystroke behind, so those never reset the field.
  if (urlText !== seenUrlText) {
    setSeenUrlText(urlText);
    if (navigationType !== 'REPLACE') setLocalText(urlText);
  }

  const write = useCallback(
    (q: string, f: SearchFilter) => {
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
    [setParams],
  );

  return {
    text,
    filter,
    active: text.trim() !== '' || filter !== 'all',
    setText: (value) => {
      setLocalText(value);
      write(value, filter);
    },
    setFilter: (value) => write(text, value),
    clear: () => {
      setLocalText('');
      write('', 'all');
    },
  };
}
