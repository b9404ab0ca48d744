// How many notes the command palette lists for a query. The palette finds them through the search
// index (data/search), the same one the search field uses.
export const NOTE_SEARCH_LIMIT = 8;
