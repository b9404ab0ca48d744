// The checklist editor as a keyboard or pointer user meets it: moving items (its handles and their keys),
// and the offer of a typed date, whose Set date and Dismiss go away when pressed and leave focus on the
// item's date button, not on the page. The drag in a real browser, with the order kept after a reload, is
// e2e/notes-edit.spec.ts.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { appendItem, editItemText, moveItem, removeItem, toggleItem } from '#core/checklist';
import { replaceItem } from '#core/checklist-due';
import type { ChecklistItem } from '#core/note';
import { ChecklistEditor } from './checklist-editor';
import { dropIndex, shiftOf } from './use-item-drag';

// The date parser loads on first use: loaded here first, so that no test waits on its import.
beforeAll(async () => {
  await import('#core/date-phrases');
}, 60_000);

const ITEMS: ChecklistItem[] = ['Milk', 'Bread', 'Eggs'].map((text, index) => ({
  id: `item-${index}`,
  text,
  completed: false,
}));

/** The editor over a list it keeps, as a screen would: items that move, and (dated) items with dates. */
function Editor({ items: first = ITEMS, movable = true, dated = false }) {
  const [items, setItems] = useState(first);
  return (
    <ChecklistEditor
      items={items}
      onToggle={(id) => setItems(toggleItem(items, id))}
      onEditText={(id, text) => setItems(editItemText(items, id, text))}
      onRemove={(id) => setItems(removeItem(items, id))}
      onAppend={(text) => setItems(appendItem(items, text))}
      {...(movable && { onMove: (id: string, to: number) => setItems(moveItem(items, id, to)) })}
      {...(dated && { onChangeItem: (id: string, item: ChecklistItem) => setItems(replaceItem(items, id, item)) })}
    />
  );
}

const order = () => screen.getAllByRole('checkbox').map((box) => box.getAttribute('aria-label'));

describe('moving checklist items', () => {
  it('moves an item with the arrow keys on its handle, keeps focus on it and says where it went', () => {
    render(<Editor />);
    const handle = screen.getByRole('button', { name: 'Move Eggs' });
    expect(document.getElementById(handle.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Press the up or down arrow to move the item.',
    );
    handle.focus();
    fireEvent.keyDown(handle, { key: 'ArrowUp' });
    expect(order()).toEqual(['Milk', 'Eggs', 'Bread']);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(order()).toEqual(['Eggs', 'Milk', 'Bread']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Eggs' }));
    expect(screen.getByText('Eggs: position 1 of 3').getAttribute('aria-live')).toBe('polite');
    // Already first: nothing moves.
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(order()).toEqual(['Eggs', 'Milk', 'Bread']);
  });

  it('moves an item with Alt and an arrow key from its text, and leaves plain arrows to the text', () => {
    render(<Editor />);
    const text = screen.getByRole('textbox', { name: 'Edit item: Milk' });
    fireEvent.keyDown(text, { key: 'ArrowDown' });
    expect(order()).toEqual(['Milk', 'Bread', 'Eggs']);
    fireEvent.keyDown(text, { key: 'ArrowDown', altKey: true });
    expect(order()).toEqual(['Bread', 'Milk', 'Eggs']);
  });

  it('offers no handle where the list cannot be reordered', () => {
    render(<Editor movable={false} />);
    expect(screen.queryByRole('button', { name: /^Move / })).toBeNull();
  });
});

describe('the drag geometry', () => {
  // Three rows 40 px tall, their middles at 20, 64 and 108 (a 4 px gap).
  const middles = [20, 64, 108];

  it('lands the dragged row past every other row whose middle it passed', () => {
    expect(dropIndex(middles, 2, 108)).toBe(2);
    expect(dropIndex(middles, 2, 60)).toBe(1);
    expect(dropIndex(middles, 2, 10)).toBe(0);
    expect(dropIndex(middles, 0, 70)).toBe(1);
    expect(dropIndex(middles, 0, 500)).toBe(2);
  });

  it('moves the rows between aside by one row, up or down', () => {
    expect([0, 1, 2].map((index) => shiftOf(index, { from: 2, over: 0 }, 44))).toEqual([44, 44, 0]);
    expect([0, 1, 2].map((index) => shiftOf(index, { from: 0, over: 1 }, 44))).toEqual([0, -44, 0]);
    expect(shiftOf(1, null, 44)).toBe(0);
  });
});

function add(text: string) {
  const field = screen.getByRole('textbox', { name: 'New checklist item' });
  fireEvent.change(field, { target: { value: text } });
  fireEvent.keyDown(field, { key: 'Enter' });
}

describe('the offer of a typed date', () => {
  it('moves focus to the item’s date once Set date is pressed', async () => {
    render(<Editor items={[]} movable={false} dated />);
    add('Post the parcel tomorrow');
    const setDate = await screen.findByRole('button', { name: 'Set date' }, { timeout: 10_000 });
    setDate.focus();
    fireEvent.click(setDate);
    await waitFor(() =>
      expect(document.activeElement?.getAttribute('aria-label')).toBe(
        'Tomorrow: change the due date of Post the parcel',
      ),
    );
  });

  it('moves focus to the item’s date button once Dismiss is pressed', async () => {
    render(<Editor items={[]} movable={false} dated />);
    add('Return the books next Friday');
    const dismiss = await screen.findByRole('button', { name: 'Dismiss' }, { timeout: 10_000 });
    dismiss.focus();
    fireEvent.click(dismiss);
    await waitFor(() =>
      expect(document.activeElement?.getAttribute('aria-label')).toBe(
        'Set a due date for Return the books next Friday',
      ),
    );
  });
});
