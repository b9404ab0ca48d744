// The search room's one face: full-text search over the signed-in user's notes on this device, for the
// search field and the command palette. The index lives in a worker (search.worker.ts) that loads only
// when a screen first searches.
export { SEARCH_FILTERS, type SearchAnswer, type SearchFilter, type SearchHit } from './note-index';
export type { SearchIndexState } from './search-client';
export {
  containsTerm,
  highlightSegments,
  snippetAround,
  splitTagQuery,
  type SearchField,
  type TextSegment,
} from './search-text';
export {
  useNoteSearch,
  useSearchClient,
  useSearchIndexState,
  type NoteSearch,
  type NoteSearchResult,
} from './use-note-search';
