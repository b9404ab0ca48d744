// Another list draws its first screenful in one render and the rest in the next; the same list grown draws whole.
import { act, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useScreenfulFirst } from './use-screenful-first';

const list = (name: string, count: number) => Array.from({ length: count }, (_, i) => ({ id: `${name} ${i}` }));

/** Renders the hook and records how many items each render drew. */
function drawn() {
  const counts: number[] = [];
  function List({ items }: { items: readonly { id: string }[] }) {
    const shown = useScreenfulFirst(items, 3);
    counts.push(shown.length);
    return (
      <ul>
        {shown.map((item) => (
          <li key={item.id}>{item.id}</li>
        ))}
      </ul>
    );
  }
  return { counts, List };
}

describe('useScreenfulFirst', () => {
  it('draws a list that starts with another item three items first, then whole', async () => {
    const { counts, List } = drawn();
    const view = render(<List items={list('all', 10)} />);
    expect(counts.at(-1)).toBe(10);
    counts.length = 0;
    await act(async () => view.rerender(<List items={list('work', 8)} />));
    expect(counts[0]).toBe(3);
    expect(counts.at(-1)).toBe(8);
    expect(view.container.querySelectorAll('li')).toHaveLength(8);
    expect(view.container.querySelector('li')?.textContent).toBe('work 0');
  });

  it('draws a list with the same first item (grown, edited below) whole at once', async () => {
    const { counts, List } = drawn();
    const view = render(<List items={list('all', 5)} />);
    counts.length = 0;
    await act(async () => view.rerender(<List items={list('all', 9)} />));
    expect(counts.every((count) => count === 9)).toBe(true);
  });
});
