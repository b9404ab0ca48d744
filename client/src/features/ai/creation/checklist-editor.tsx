// The creation flow's checklist (spec section 4): the app's one checklist component over a list the
// caller keeps, reporting each change as the whole new list.
import type { ChecklistItem } from '#core/note';
import { appendItem, editItemText, moveItem, removeItem, toggleItem } from '#core/checklist';
import { replaceItem } from '#core/checklist-due';
import { ChecklistEditor as SharedChecklistEditor } from '../../../components/checklist/checklist-editor';

export function ChecklistEditor({
  items,
  onChange,
  label = 'Checklist',
}: {
  items: ChecklistItem[];
  onChange: (items: ChecklistItem[]) => void;
  label?: string;
}) {
  const change = (next: ChecklistItem[]) => {
    if (next !== items) onChange(next);
  };
  return (
    <SharedChecklistEditor
      items={items}
      label={label}
      onToggle={(id) => change(toggleItem(items, id))}
      onEditText={(id, text) => change(editItemText(items, id, text))}
      onChangeItem={(id, item) => change(replaceItem(items, id, item))}
      // A plan's steps arrive with the dates they name ('by next Friday') for the user to accept.
      checkAllDates
      onRemove={(id) => change(removeItem(items, id))}
      onMove={(id, to) => change(moveItem(items, id, to))}
      onAppend={(text) => change(appendItem(items, text))}
    />
  );
}
