// How many notes a list shows: a page at first, a page more with each 'Show more'. Another list (another tag,
// another order) starts again at its first page, rather than reading and drawing as many notes as the last
// one had come to show.
import { useCallback, useState } from 'react';
import { PAGE_SIZE } from '../../data/notes';

/** The length of the list named `list` (its tag and order) and the 'Show more' that adds a page to it. */
export function useListLength(list: string): [shown: number, showMore: () => void] {
  const [length, setLength] = useState({ list, shown: PAGE_SIZE });
  const shown = length.list === list ? length.shown : PAGE_SIZE;
  const showMore = useCallback(() => setLength({ list, shown: shown + PAGE_SIZE }), [list, shown]);
  return [shown, showMore];
}
