// A new list draws a screenful first (issue 33: a tag chosen in the sidebar shows its cards in under
// 50 ms). When the list starts with another item (another tag, another order, another page of data),
// its first `first` items render at once and the rest in a deferred render React may interrupt for
// input, a frame or two later. A list with the same first item (grown by 'Show more', an item below
// edited) renders whole, since most of its items are drawn already. Either way every item is drawn.
import { useDeferredValue } from 'react';

/** Enough cards to fill the largest screen the lists are laid out for (3 columns, 4 rows). */
export const SCREENFUL = 12;

export function useScreenfulFirst<T extends { id: string }>(items: readonly T[], first = SCREENFUL): readonly T[] {
  const deferred = useDeferredValue(items);
  // A first list (nothing drawn before it) is drawn whole: a start reads its page ahead to draw it at once.
  if (deferred === items || deferred.length === 0 || deferred[0]?.id === items[0]?.id) return items;
  return items.slice(0, first);
}
