// The offer of a typed date, as a keyboard user meets it: Set date and Dismiss go away when pressed, and
// focus goes to the item's date button (which shows the outcome), not to the page.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { appendItem, editItemText, removeItem, toggleItem } from '#core/checklist';
import { replaceItem } from '#core/checklist-due';
import type { ChecklistItem } from '#core/note';
import { ChecklistEditor } from './checklist-editor';

// The date parser loads on first use: loaded here first, so that no test waits on its import.
beforeAll(async () => {
  await import('#core/date-phrases');
}, 60_000);

function Editor() {
  const [items, setItems] = useState<ChecklistItem[]>([]);
  return (
    <ChecklistEditor
      items={items}
      onToggle={(id) => setItems(toggleItem(items, id))}
      onEditText={(id, text) => setItems(editItemText(items, id, text))}
      onRemove={(id) => setItems(removeItem(items, id))}
      onAppend={(text) => setItems(appendItem(items, text))}
      onChangeItem={(id, item) => setItems(replaceItem(items, id, item))}
    />
  );
}

function add(text: string) {
  const field = screen.getByRole('textbox', { name: 'New checklist item' });
  fireEvent.change(field, { target: { value: text } });
  fireEvent.keyDown(field, { key: 'Enter' });
}

describe('the offer of a typed date', () => {
  it('moves focus to the item’s date once Set date is pressed', async () => {
    render(<Editor />);
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
    render(<Editor />);
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
