// The one checklist of the app (issue 12): the creation flow, the note view and the edit screen all use it.
// Toggle an item, edit its text in place (saved when the field loses focus or on Enter), remove it, or
// append one (blank text is ignored; Enter adds). With `onChangeItem`, items have dates (issue 35): a chip
// opening the date dialog, an offer to date an item whose typed text names a date, and ticking a repeating
// item moves it to its next date instead. With `onMove`, each item has a handle that moves it: dragged
// (use-item-drag.ts), or with the arrow keys; Alt with an arrow key moves it from its text too.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Check, GripVertical, Plus, X } from 'lucide-react';
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
import { useItemDrag } from './use-item-drag';

const DueDateDialog = lazyWithPreload(() => import('./due-date-dialog').then((m) => m.DueDateDialog));

export interface ChecklistEditorProps {
  items: readonly ChecklistItem[];
  onToggle: (id: string) => void;
  onEditText: (id: string, text: string) => void;
  onRemove: (id: string) => void;
  onAppend: (text: string) => void;
  /** Moves an item to another position; without it items cannot be moved. */
  onMove?: (id: string, to: number) => void;
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
  onMove,
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
  const list = useRef<HTMLUListElement | null>(null);
  const moveHintId = useId();
  // Said after a move from the keyboard, where the moved item now is.
  const [moved, setMoved] = useState('');
  const move = (id: string, to: number) => {
    if (!onMove || to < 0 || to >= items.length) return;
    const item = items.find((candidate) => candidate.id === id);
    onMove(id, to);
    setMoved(`${item?.text.trim() || 'Untitled item'}: position ${to + 1} of ${items.length}`);
  };
  const { drag, handleProps, rowShift } = useItemDrag(list, move);

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
    // Columns of minmax(0, 1fr), not auto: an item's text sizes to its words (field-sizing), and an auto
    // column would grow to the longest item instead of wrapping it on a phone.
    <div className={cn('grid grid-cols-[minmax(0,1fr)] gap-3', className)}>
      {items.length === 0 ? (
        <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
          No items yet. Add the first one below.
        </p>
      ) : (
        <ul ref={list} aria-label={label} className="grid grid-cols-[minmax(0,1fr)] gap-1">
          {items.map((item, index) => (
            <ChecklistRow
              key={item.id}
              item={item}
              onToggle={toggle}
              onEditText={onEditText}
              onRemove={onRemove}
              dates={dates}
              moving={
                onMove && {
                  hintId: moveHintId,
                  up: () => move(item.id, index - 1),
                  down: () => move(item.id, index + 1),
                  handle: handleProps(item.id, index),
                  dragged: drag?.id === item.id,
                  dragging: drag !== null,
                  shift: rowShift(index),
                }
              }
            />
          ))}
        </ul>
      )}
      {onMove && items.length > 1 && (
        <>
          <p id={moveHintId} className="sr-only">
            Press the up or down arrow to move the item.
          </p>
          <p aria-live="polite" className="sr-only">
            {moved}
          </p>
        </>
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

/** What a row needs to be moved: its handle's keys and pointer, and where it is drawn while one is dragged. */
interface RowMoving {
  hintId: string;
  up: () => void;
  down: () => void;
  handle: ReturnType<ReturnType<typeof useItemDrag>['handleProps']>;
  dragged: boolean;
  dragging: boolean;
  shift: string;
}

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
  moving,
}: { item: ChecklistItem; dates: RowDates | undefined; moving: RowMoving | undefined } & Pick<
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
    } else if (moving && event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      event.preventDefault();
      if (event.key === 'ArrowUp') moving.up();
      else moving.down();
    }
  };

  const suggestion = dates?.suggestionOf(item) ?? null;
  // Set date and Dismiss go away when pressed: focus goes to the item's date button, which shows the outcome,
  // rather than to the page (where a keyboard user would start over, and Ctrl+S would miss the form).
  const chip = useRef<HTMLButtonElement | null>(null);
  const focusChip = useRef(false);
  useEffect(() => {
    if (!focusChip.current || !chip.current) return;
    focusChip.current = false;
    chip.current.focus();
  });

  return (
    <li
      style={moving?.shift ? { transform: moving.shift } : undefined}
      className={cn(
        'group grid grid-cols-[minmax(0,1fr)] gap-1 rounded-lg px-1.5 py-1 transition-colors hover:bg-muted/60 focus-within:bg-muted/60',
        moving?.dragging && !moving.dragged && 'transition-transform duration-150 motion-reduce:transition-none',
        moving?.dragged && 'relative z-10 bg-background shadow-md ring-1 ring-border',
      )}
    >
      <div className="flex items-start gap-2">
        {moving && (
          <button
            type="button"
            aria-label={`Move ${name}`}
            aria-describedby={moving.hintId}
            onKeyDown={(event) => {
              if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
              event.preventDefault();
              if (event.key === 'ArrowUp') moving.up();
              else moving.down();
            }}
            {...moving.handle}
            className={cn(
              '-mr-1 mt-1 flex size-6 shrink-0 cursor-grab touch-none items-center justify-center rounded text-muted-foreground transition-opacity outline-none focus-visible:ring-2 focus-visible:ring-ring hover:text-foreground',
              // Shown on hover and focus where there is a mouse; always on a touch screen.
              'opacity-40 group-hover:opacity-100 focus-visible:opacity-100 [@media(pointer:coarse)]:opacity-100',
              moving.dragged && 'cursor-grabbing opacity-100',
            )}
          >
            <GripVertical aria-hidden="true" className="size-4" />
          </button>
        )}
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
        {/* The text and its date: on a narrow screen the date goes under the text rather than squeezing
            it to a few letters a line. */}
        <div className="flex min-w-0 flex-1 flex-wrap items-start gap-x-2">
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
              'field-sizing-content min-h-8 min-w-0 flex-[1_1_8rem] resize-none rounded-md border border-transparent bg-transparent px-2 py-1.5 text-sm leading-5 outline-none transition-colors',
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
              ref={chip}
              {...preloadOnIntent(DueDateDialog.preload)}
              onClick={(event) => dates.open(item, event.currentTarget)}
            />
          )}
        </div>
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
          onAccept={() => {
            focusChip.current = true;
            dates.accept(item, suggestion);
          }}
          onDismiss={() => {
            focusChip.current = true;
            dates.dismiss(item);
          }}
        />
      )}
    </li>
  );
}
