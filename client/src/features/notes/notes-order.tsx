// The lists' sort (issue 33): by last update (the spec's order, the default), by creation or by title,
// chosen with a plain select and kept on this device for the Dashboard and Checklists alike.
import { useCallback, useId, useState } from 'react';
import { cn } from '../../lib/utils';
import { ArrowDownWideNarrow } from 'lucide-react';
import { NOTES_ORDERS, type NotesOrder } from '../../data/notes';
import { DEVICE_KEYS, readText, removeKey, writeText } from '../../lib/device-keys';

export const ORDER_LABELS: Record<NotesOrder, string> = {
  updated: 'Last updated',
  created: 'Date created',
  title: 'Title',
};

const isOrder = (value: unknown): value is NotesOrder => (NOTES_ORDERS as readonly unknown[]).includes(value);

/** The order chosen on this device; 'updated' when none (or an unknown one) is stored. */
export function readNotesOrder(): NotesOrder {
  const stored = readText(DEVICE_KEYS.notesOrder);
  return isOrder(stored) ? stored : 'updated';
}

/** The lists' order and its setter, which keeps the choice on this device. */
export function useNotesOrder(): [NotesOrder, (order: NotesOrder) => void] {
  const [order, setOrder] = useState(readNotesOrder);
  const choose = useCallback((next: NotesOrder) => {
    setOrder(next);
    if (next === 'updated') removeKey(DEVICE_KEYS.notesOrder);
    else writeText(DEVICE_KEYS.notesOrder, next);
  }, []);
  return [order, choose];
}

export function SortSelect({
  order,
  onChange,
  className,
}: {
  order: NotesOrder;
  onChange: (order: NotesOrder) => void;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={cn('flex items-center gap-2 text-sm text-muted-foreground', className)}>
      <ArrowDownWideNarrow aria-hidden="true" className="size-4" />
      <label htmlFor={id}>Sort by</label>
      <select
        id={id}
        value={order}
        onChange={(event) => isOrder(event.target.value) && onChange(event.target.value)}
        className="h-8 rounded-md border border-input bg-background px-2 text-sm text-foreground shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        {NOTES_ORDERS.map((value) => (
          <option key={value} value={value}>
            {ORDER_LABELS[value]}
          </option>
        ))}
      </select>
    </div>
  );
}
