// Search by meaning where users already search (issue 34): the notes the server finds by meaning, as this
// device has them, fused with the instant word search's results. Loaded with the screens that use it (the
// dashboard's search loads it lazily, the command palette with itself), never with the first load.
export { MEANING_FLOOR, RRF_K, type MatchReason } from './fuse-results';
export {
  useMeaningSearch,
  withMeaning,
  type FoundNote,
  type MeaningSearch,
  type WordsOnlyReason,
} from './use-meaning-search';
