// Keys typed before a field has focus (issue 33): which element takes typed text itself, and what a
// key typed ahead adds to the text held for a field that is still on its way (the palette's query, a
// quick note's title).

const TEXT_INPUT_TYPES = new Set([
  'text',
  'search',
  'email',
  'password',
  'url',
  'tel',
  'number',
  'date',
  'datetime-local',
  'month',
  'time',
  'week',
]);

/** True for an element that takes typed text. */
export function isTypingTarget(
  element: { tagName?: string; isContentEditable?: boolean; type?: string } | null,
): boolean {
  if (!element?.tagName) return false;
  const tag = element.tagName.toUpperCase();
  if (tag === 'TEXTAREA' || tag === 'SELECT' || element.isContentEditable) return true;
  return tag === 'INPUT' && TEXT_INPUT_TYPES.has((element.type ?? 'text').toLowerCase());
}

/**
 * True when a key pressed at `target` is typed into it. A field of a dialog that is closing (fading out,
 * data-state="closed") keeps focus for a moment: it no longer counts.
 */
export function typesIntoTarget(target: EventTarget | null): boolean {
  const element = target instanceof HTMLElement ? target : null;
  return isTypingTarget(element) && !element?.closest('[data-state="closed"]');
}

/**
 * The text once `event` is typed ahead into `text` (a printable key, or Backspace); null for a key that is
 * not typing (Escape, an arrow, a shortcut with Ctrl, Cmd or Alt), which keeps its own meaning.
 */
export function typeAhead(
  text: string,
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>,
): string | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  if (event.key === 'Backspace') return text.slice(0, -1);
  return [...event.key].length === 1 ? text + event.key : null;
}
