// Which option of the palette is active. The notes arrive from the search worker a moment after each
// keystroke, so the list changes under the keyboard: until the user moves (arrow keys, Home/End, the
// pointer) the first option stays active whatever arrives; once they chose one, it stays active while it
// is listed; a new query is a new list and starts at its first option again. Pure, for the palette.

/** The option values the palette lists, in order: the notes first, then the commands. */
export type PaletteOptions = readonly string[];

export interface PaletteSelection {
  /** The query the user's choice was made for. */
  query: string;
  /** The option the user moved to, or null when they have not moved since typing. */
  chosen: string | null;
}

export const NO_CHOICE: PaletteSelection = { query: '', chosen: null };

/** The active option: the user's choice while it is listed for the same query, else the first option. */
export function activeOption(options: PaletteOptions, query: string, selection: PaletteSelection): string {
  if (selection.chosen !== null && selection.query === query && options.includes(selection.chosen))
    return selection.chosen;
  return options[0] ?? '';
}

/** The keys with which cmdk moves the active option (arrows, Home/End, and its Ctrl+N/J/P/K bindings). */
export function isMoveKey(event: { key: string; ctrlKey: boolean }): boolean {
  if (['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key)) return true;
  return event.ctrlKey && ['n', 'j', 'p', 'k'].includes(event.key);
}
