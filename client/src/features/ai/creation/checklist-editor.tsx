// An editable checklist (spec section 4): tick items, edit their text in place, remove them, add new
// ones (blank text ignored, Enter adds). The list itself belongs to the caller.
import { useId, useState } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import type { ChecklistItem } from '#core/note';
import { appendItem, editItemText, removeItem, toggleItem } from '#core/checklist';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { cn } from '../../../lib/utils';

export function ChecklistEditor({ items, onChange, label = 'Checklist' }: { items: ChecklistItem[]; onChange: (items: ChecklistItem[]) => void; label?: string }) {
  const [newText, setNewText] = useState('');
  const addId = useId();

  const add = () => {
    const next = appendItem(items, newText);
    if (next === items) return;
    onChange(next);
    setNewText('');
  };

  return (
    <div className="flex flex-col gap-3">
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">No items yet. Add the first one below.</p>
      ) : (
        <ul aria-label={label} className="flex flex-col gap-1.5">
          {items.map((item, index) => (
            <li key={item.id} className="group flex items-start gap-2 rounded-lg border bg-card px-2.5 py-1.5">
              <input
                type="checkbox"
                checked={item.completed}
                onChange={() => onChange(toggleItem(items, item.id))}
                aria-label={`Done: ${item.text || `item ${index + 1}`}`}
                className="mt-2 size-4 shrink-0 accent-primary"
              />
              <Textarea
                rows={1}
                value={item.text}
                aria-label={`Item ${index + 1}`}
                onChange={(event) => onChange(editItemText(items, item.id, event.target.value.replace(/\r?\n/g, ' ')))}
                onKeyDown={(event) => {
                  // One line per item: Enter does not break the text.
                  if (event.key === 'Enter') event.preventDefault();
                }}
                className={cn(
                  'field-sizing-content min-h-8 resize-none border-transparent bg-transparent px-1.5 py-1 shadow-none focus-visible:border-ring',
                  item.completed && 'text-muted-foreground line-through',
                )}
              />
              <Button variant="ghost" size="icon-sm" aria-label={`Remove item ${index + 1}`} onClick={() => onChange(removeItem(items, item.id))}>
                <Trash2 aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex items-center gap-2">
        <label htmlFor={addId} className="sr-only">
          New item
        </label>
        <Input
          id={addId}
          value={newText}
          placeholder="Add an item..."
          onChange={(event) => setNewText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
            event.preventDefault();
            add();
          }}
        />
        <Button variant="outline" onClick={add} disabled={newText.trim() === ''}>
          <Plus aria-hidden="true" />
          Add
        </Button>
      </div>
    </div>
  );
}
