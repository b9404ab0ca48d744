// The dashboard's search: the field, its filters and the results. The typed text lives here rather than
// in the dashboard, so a keystroke re-renders only the field and the results, not the header, the page
// of note cards kept hidden below and the dialogs (docs/decisions.md, 'A keystroke in search costs a few
// cards'). The dashboard only learns whether a search is active, which changes on the first key and on
// clearing, to hide or show its own list.
import { memo, useEffect, useLayoutEffect, useState } from 'react';
import type { NoteView } from '../../../data/notes';
import { NoteSearchBar } from './note-search-bar';
import { afterContentIdle } from '../../../lib/first-content';
import { loadMeaningSearch, SearchResults } from './search-results';
import { useUrlSearch } from './use-url-search';

export interface DashboardSearchProps {
  /** The dashboard's notes are loaded, and whether there are any: the field shows once there are. */
  notesLoaded: boolean;
  hasNotes: boolean;
  viewTo: (note: NoteView) => `/${string}`;
  onView: (note: NoteView) => void;
  onDelete: (note: NoteView) => void;
  /** A query or a filter was set (true) or cleared (false). */
  onActiveChange: (active: boolean) => void;
}

export const DashboardSearch = memo(function DashboardSearch({
  notesLoaded,
  hasNotes,
  viewTo,
  onView,
  onDelete,
  onActiveChange,
}: DashboardSearchProps) {
  const search = useUrlSearch();
  // While the empty field has focus, the results are drawn hidden (see SearchResults' `hidden`).
  const [focused, setFocused] = useState(false);
  // A layout effect: the dashboard hides its list in the same commit, before the browser paints.
  useLayoutEffect(() => onActiveChange(search.active), [search.active, onActiveChange]);
  // The search by meaning's code is fetched once the dashboard is shown and the page idle, so that it is
  // in by the first search, offline too (a search before that loads it; a failed load is tried again).
  useEffect(() => {
    void afterContentIdle().then(() => loadMeaningSearch().catch(() => undefined));
  }, []);

  return (
    <>
      {notesLoaded && (hasNotes || search.active) && (
        <NoteSearchBar search={search} label="Search notes" onFocusChange={setFocused} />
      )}
      {/* Mounted, hidden, while the empty field has focus too: the first key then shows cards already drawn. */}
      {(search.active || (focused && notesLoaded && hasNotes)) && (
        <SearchResults
          hidden={!search.active}
          query={search.text}
          filter={search.filter}
          noun="note"
          byMeaning
          viewTo={viewTo}
          onView={onView}
          onDelete={onDelete}
          onClear={search.clear}
        />
      )}
    </>
  );
});
