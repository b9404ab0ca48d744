// The search field of a list screen (id 'note-search', which the `/` shortcut focuses) and, on the
// dashboard, the filters: All, Checklists, Conflict copies, Not yet synced, Archived (the only one that
// finds archived notes, issue 33).
import { Search, X } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { cn } from '../../../lib/utils';
import { useSearchClient, type SearchFilter } from '../../../data/search';
import type { UrlSearch } from './use-url-search';

export const NOTE_SEARCH_INPUT_ID = 'note-search';

const FILTER_LABELS: Record<SearchFilter, string> = {
  all: 'All',
  checklists: 'Checklists',
  conflicts: 'Conflict copies',
  unsynced: 'Not yet synced',
  archived: 'Archived',
};

export interface NoteSearchBarProps {
  search: UrlSearch;
  label: string;
  filters?: boolean;
  /** The field gained (true) or lost (false) focus: the dashboard prepares the results meanwhile. */
  onFocusChange?: (focused: boolean) => void;
}

export function NoteSearchBar({ search, label, filters = true, onFocusChange }: NoteSearchBarProps) {
  // The index is built while the field is on screen, so it is ready by the first keystroke.
  const client = useSearchClient();
  return (
    <div role="search" className="mt-6 grid gap-3">
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id={NOTE_SEARCH_INPUT_ID}
          type="search"
          aria-label={label}
          placeholder={`${label}…`}
          autoComplete="off"
          spellCheck={false}
          value={search.text}
          onChange={(event) => {
            // The query leaves for the worker before React draws the key: the answer is on its way meanwhile.
            client?.ask(event.target.value);
            search.setText(event.target.value);
          }}
          onFocus={() => onFocusChange?.(true)}
          onBlur={() => onFocusChange?.(false)}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && search.text) {
              event.preventDefault();
              search.setText('');
            }
          }}
          height="h-10"
          className="pr-10 pl-9 [&::-webkit-search-cancel-button]:hidden"
        />
        {search.text && (
          <Button
            type="button"
            variant="ghost"
            size="icon-sm"
            aria-label="Clear search"
            className="absolute top-1/2 right-1.5 -translate-y-1/2 text-muted-foreground"
            onClick={() => {
              search.setText('');
              document.getElementById(NOTE_SEARCH_INPUT_ID)?.focus();
            }}
          >
            <X aria-hidden="true" />
          </Button>
        )}
      </div>
      {filters && (
        <div role="group" aria-label="Show" className="flex flex-wrap gap-2">
          {(Object.keys(FILTER_LABELS) as SearchFilter[]).map((filter) => (
            <Button
              key={filter}
              type="button"
              size="sm"
              variant={search.filter === filter ? 'default' : 'outline'}
              aria-pressed={search.filter === filter}
              shape="pill"
              className={cn(search.filter !== filter && 'text-foreground')}
              onClick={() => search.setFilter(filter)}
            >
              {FILTER_LABELS[filter]}
            </Button>
          ))}
        </div>
      )}
    </div>
  );
}
