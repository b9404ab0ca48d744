// The one checklist of the app (issue 12): the creation flow, the note view and the edit screen all use it.
// Toggle an item, edit its text in place (saved when the field loses focus or on Enter), remove it, or
// append one (blank text is ignored; Enter adds). With `onChangeItem`, items have dates (issue 35): a chip
// opening the date dialog, an offer to date an item whose typed text names a date, and ticking a repeating
// item moves it to its next date instead.
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Check, Plus, X } from 'lucide-react';
import type { ChecklistItem } from '#core/note';
import type { StepNote } from '#core/icalendar';
import type { DatePhrase } from '#core/date-phrases';
import { tickOutcome, withDue, withPhraseDate } from '#core/checklist-due';
import { Button } from '../ui/button';
import { Input } from '../ui/input';
import { lazyWithPreload, preloadOnIntent, useOpenedOnce } from '../../lib/lazy-with-preload';
import { deviceTimeZone } from '../../lib/time-zone';
import { useDayClock } from '../../lib/use-day-clock';
import { toast } from '../../lib/toast';
import { cn } from '../../lib/utils';
import { DateSuggestion } from './date-suggestion';
import { DueChipButton } from './due-chip';
import { dueText } from './due-text';
import { markWritten, useDateSuggestions } from './use-date-suggestions';

const DueDateDialog = lazyWithPreload(() => import('./due-date-dialog').then((m) => m.DueDateDialog));

export interface ChecklistEditorProps {
  items: readonly ChecklistItem[];
  onToggle: (id: string) => void;
  onEditText: (id: string, text: string) => void;
  onRemove: (id: string) => void;
  onAppend: (text: string) => void;
  /** Replaces an item (its date set or cleared, a repeating one moved on); without it items show no dates. */
  onChangeItem?: (id: string, item: ChecklistItem) => void;
  /** Offer dates for the phrases in every item's text, not only those the user types (a plan's steps). */
  checkAllDates?: boolean;
  /** The saved note the list is in: a dated item can then be added to a calendar from its date. */
  note?: StepNote;
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
  onChangeItem,
  checkAllDates = false,
  note,
  label = 'Checklist',
  className,
}: ChecklistEditorProps) {
  const [newText, setNewText] = useState('');
  const addId = useId();
  const [editing, setEditing] = useState<string | null>(null);
  const dialogMounted = useOpenedOnce(editing !== null);
  const chipOfDialog = useRef<HTMLButtonElement | null>(null);
  const suggestions = useDateSuggestions(onChangeItem ? items : NO_ITEMS, checkAllDates);
  const timeZone = deviceTimeZone();
  // The chips' words ('Tomorrow', overdue) change with the day, not between renders.
  const now = useDayClock(timeZone);
  const editedItem = items.find((item) => item.id === editing) ?? null;

  const toggle = (id: string) => {
    const item = items.find((candidate) => candidate.id === id);
    const outcome = item && onChangeItem ? tickOutcome(item, timeZone, new Date()) : null;
    if (item && onChangeItem && outcome?.kind === 'moved') {
      onChangeItem(id, outcome.item);
      toast({ title: `Next: ${dueText(outcome.item.due, new Date(), timeZone)}`, description: item.text });
    } else onToggle(id);
  };

  const dates: RowDates | undefined = onChangeItem && {
    now,
    timeZone,
    open: (item, chip) => {
      chipOfDialog.current = chip;
      setEditing(item.id);
    },
    suggestionOf: suggestions.suggestionOf,
    accept: (item, found) => onChangeItem(item.id, withPhraseDate(item, found)),
    dismiss: suggestions.dismiss,
  };

  const add = () => {
    if (newText.trim() === '') return;
    markWritten(newText.trim());
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
            <ChecklistRow
              key={item.id}
              item={item}
              onToggle={toggle}
              onEditText={onEditText}
              onRemove={onRemove}
              dates={dates}
            />
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
      {onChangeItem && dialogMounted && (
        <DueDateDialog
          item={editedItem}
          timeZone={timeZone}
          onOpenChange={(open) => {
            if (!open) setEditing(null);
          }}
          onSave={(members) => {
            if (editedItem) onChangeItem(editedItem.id, withDue(editedItem, members));
            setEditing(null);
          }}
          returnFocus={() => chipOfDialog.current?.focus()}
          note={note}
        />
      )}
    </div>
  );
}

const NO_ITEMS: readonly ChecklistItem[] = [];

/** What a row needs for its date: the chip, the dialog and the offer of a typed date. */
interface RowDates {
  now: Date;
  timeZone: string;
  open: (item: ChecklistItem, chip: HTMLButtonElement) => void;
  suggestionOf: (item: ChecklistItem) => DatePhrase | null;
  accept: (item: ChecklistItem, found: DatePhrase) => void;
  dismiss: (item: ChecklistItem) => void;
}

function ChecklistRow({
  item,
  onToggle,
  onEditText,
  onRemove,
  dates,
}: { item: ChecklistItem; dates: RowDates | undefined } & Pick<
  ChecklistEditorProps,
  'onToggle' | 'onEditText' | 'onRemove'
>) {
  // While the field has focus it shows the draft; otherwise the stored text.
  const [draft, setDraft] = useState<string | null>(null);
  const name = item.text.trim() || 'Untitled item';

  const commit = (text: string) => {
    // A blank text is not saved: the item keeps its words (remove it with the X instead).
    if (text.trim() !== '' && text !== item.text) {
      markWritten(text);
      markWritten(text.trim());
      onEditText(item.id, text);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (draft !== null) commit(draft);
    } else if (event.key === 'Escape') {
      setDraft(item.text);
    }
  };

  const suggestion = dates?.suggestionOf(item) ?? null;

  return (
    <li className="group grid gap-1 rounded-lg px-1.5 py-1 transition-colors hover:bg-muted/60 focus-within:bg-muted/60">
      <div className="flex items-start gap-2">
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
        {dates && (
          <DueChipButton
            item={item}
            name={name}
            now={dates.now}
            timeZone={dates.timeZone}
            {...preloadOnIntent(DueDateDialog.preload)}
            onClick={(event) => dates.open(item, event.currentTarget)}
          />
        )}
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
      </div>
      {dates && suggestion && (
        <DateSuggestion
          found={suggestion}
          now={dates.now}
          timeZone={dates.timeZone}
          onAccept={() => dates.accept(item, suggestion)}
          onDismiss={() => dates.dismiss(item)}
        />
      )}
    </li>
  );
}
