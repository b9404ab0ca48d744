// The notes search field's stable id: a screen's search input takes this id, and the `/` shortcut
// focuses whichever one is on screen (the command palette opens instead when none is).
export const NOTE_SEARCH_FIELD_ID = 'note-search';

/** Focuses and selects the search field on screen; false when there is none. */
export function focusNoteSearchField(doc: Document = document): boolean {
  const field = doc.getElementById(NOTE_SEARCH_FIELD_ID);
  if (!(field instanceof HTMLInputElement) || field.disabled || field.getClientRects().length === 0) return false;
  field.focus();
  field.select();
  return true;
}
