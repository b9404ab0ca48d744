// A list shows a page, then a page more with each 'Show more'; another list starts at its first page.
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PAGE_SIZE } from '../../data/notes';
import { useListLength } from './list-length';

describe('useListLength', () => {
  it('grows a page at a time, and starts again at the first page for another tag or order', () => {
    const { result, rerender } = renderHook(({ list }) => useListLength(list), { initialProps: { list: 'updated ' } });
    expect(result.current[0]).toBe(PAGE_SIZE);
    act(() => result.current[1]());
    act(() => result.current[1]());
    expect(result.current[0]).toBe(3 * PAGE_SIZE);
    rerender({ list: 'updated work' });
    expect(result.current[0]).toBe(PAGE_SIZE);
    act(() => result.current[1]());
    expect(result.current[0]).toBe(2 * PAGE_SIZE);
    rerender({ list: 'title work' });
    expect(result.current[0]).toBe(PAGE_SIZE);
  });
});
