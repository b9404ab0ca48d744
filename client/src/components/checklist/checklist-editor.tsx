// The one checklist of the app (issue 12): the creation flow, the note view and the edit screen all use it.
// Toggle an item, edit its text in place (saved when the field loses focus or on Enter), remove it, or
// append one (blank text is ignored; Enter adds).
import { useId, useState, type KeyboardEvent } from 'react';
import { Check, Plus, X } from 'lucide-react';
import type { ChecklistItem } from '#core/note';
import { Button } from '../ui/button';
import { Input } from '../ui/input';
import { cn } from '../../lib/utils';

export interface ChecklistEditorProps {
  items: readonly ChecklistItem[];
  onToggle: (id: string) => void;
  onEditText: (id: string, text: string) => void;
  onRemove: (id: string) => void;
  onAppend: (text: string) => void;
  /** Accessible name of the list. */
  label?: string;
  className?: string;
}

export function ChecklistEditor({
  items,
  onToggle,
  onEditText,
  onRemove,
  onAppend,
  label = 'Checklist',
  className,
}: ChecklistEditorProps) {
  const [newText, setNewText] = useState('');
  const addId = useId();

  const add = () => {
    if (newText.trim() === '') return;
    onAppend(newText);
    setNewText('');
  };

  return (
    <div className={cn('grid gap-3', className)}>
      {items.length === 0 ? (
        <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
          No items yet. Add the first one below.
        </p>
      ) : (
        <ul aria-label={label} className="grid gap-1">
          {items.map((item) => (
            <ChecklistRow key={item.id} item={item} onToggle={onToggle} onEditText={onEditText} onRemove={onRemove} />
          ))}
        </ul>
      )}
      <div className="flex items-center gap-2">
        <label htmlFor={addId} className="sr-only">
          New checklist item
        </label>
        <Input
          id={addId}
          value={newText}
          placeholder="Add an item…"
          onChange={(event) => setNewText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
              event.preventDefault();
              add();
            }
          }}
        />
        <Button type="button" variant="secondary" onClick={add} disabled={newText.trim() === ''}>
          <Plus aria-hidden="true" />
          Add
        </Button>
      </div>
    </div>
  );
}

function ChecklistRow({
  item,
  onToggle,
  onEditText,
  onRemove,
}: { item: ChecklistItem } & Pick<ChecklistEditorProps, 'onToggle' | 'onEditText' | 'onRemove'>) {
  // While the field has focus it shows the draft; otherwise the stored text.
  const [draft, setDraft] = useState<string | null>(null);
  const name = item.text.trim() || 'Untitled item';

  const commit = (text: string) => {
    // A blank text is not saved: the item keeps its words (remove it with the X instead).
    if (text.trim() !== '' && text !== item.text) onEditText(item.id, text);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (draft !== null) commit(draft);
    } else if (event.key === 'Escape') {
      setDraft(item.text);
    }
  };

  return (
    <li className="group flex items-start gap-2 rounded-lg px-1.5 py-1 transition-colors hover:bg-muted/60 focus-within:bg-muted/60">
      <button
        type="button"
        role="checkbox"
        aria-checked={item.completed}
        aria-label={name}
        onClick={() => onToggle(item.id)}
        className={cn(
          'mt-1.5 flex size-5 shrink-0 items-center justify-center rounded-[5px] border-2 transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 focus-visible:ring-offset-background',
          item.completed
            ? 'border-primary bg-primary text-primary-foreground'
            : 'border-muted-foreground/70 bg-background hover:border-primary',
        )}
      >
        {item.completed && <Check aria-hidden="true" className="size-3.5" strokeWidth={3} />}
      </button>
      {/* A one-line text that wraps long items; Enter saves rather than starting a new line. */}
      <textarea
        rows={1}
        aria-label={`Edit item: ${name}`}
        value={draft ?? item.text}
        onFocus={() => setDraft(item.text)}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={() => {
          if (draft !== null) commit(draft);
          setDraft(null);
        }}
        onKeyDown={onKeyDown}
        className={cn(
          'field-sizing-content min-h-8 min-w-0 flex-1 resize-none rounded-md border border-transparent bg-transparent px-2 py-1.5 text-sm leading-5 outline-none transition-colors',
          'hover:border-input focus-visible:border-ring focus-visible:bg-background focus-visible:ring-[3px] focus-visible:ring-ring/40',
          item.completed && draft === null && 'text-muted-foreground line-through',
        )}
      />
      <Button
        type="button"
        variant="ghost-plain"
        size="icon-sm"
        aria-label={`Remove ${name}`}
        onClick={() => onRemove(item.id)}
        className="text-muted-foreground hover:text-destructive"
      >
        <X aria-hidden="true" />
      </Button>
    </li>
  );
}
