// An item's date at a glance (issue 35): its label ('Fri', 'Today 09:00'), red-ish when overdue, with a
// bell for a reminder and an arrow for a repeat. As a button it opens the item's date dialog; an item
// without a date shows only a calendar icon there.
import type { ButtonHTMLAttributes, Ref } from 'react';
import { Bell, CalendarPlus, CalendarDays, Repeat } from 'lucide-react';
import type { ChecklistItem } from '#core/note';
import { bucketOf, describeDue, formatDue } from '#core/due-dates';
import { cn } from '../../lib/utils';

type Dated = Pick<ChecklistItem, 'due' | 'repeat' | 'remind' | 'completed'>;

/** The chip's colours: overdue red-ish, today the primary colour, else quiet; a ticked item always quiet. */
export function dueTone(item: Dated, now: Date, timeZone: string): string {
  const bucket = item.completed ? null : bucketOf(item.due, now, timeZone);
  if (bucket === 'overdue') return 'border-destructive/40 bg-destructive/10 text-destructive';
  if (bucket === 'today') return 'border-primary/40 bg-primary/10 text-primary';
  return 'border-border bg-muted/50 text-muted-foreground';
}

/** The label with its icons, for a chip or a list row. */
export function DueLabel({ item, now, timeZone }: { item: Dated; now: Date; timeZone: string }) {
  return (
    <>
      <CalendarDays aria-hidden="true" className="size-3.5" />
      <span>{formatDue(item.due, now, timeZone)}</span>
      {item.repeat && <Repeat aria-hidden="true" className="size-3.5" />}
      {item.remind && <Bell aria-hidden="true" className="size-3.5" />}
    </>
  );
}

/** A long description for a screen reader: 'Due Friday, March 27, 2026 at 09:00, repeats weekly, reminder on'. */
export function dueDescription(item: Dated, timeZone: string): string {
  const described = describeDue(item.due, timeZone, { repeat: item.repeat });
  return item.remind ? `${described}, reminder on` : described;
}

export function DueChipButton({
  item,
  name,
  now,
  timeZone,
  ref,
  className,
  ...props
}: {
  item: Dated;
  /** The item's name, for the button's accessible name. */
  name: string;
  now: Date;
  timeZone: string;
  ref?: Ref<HTMLButtonElement>;
} & ButtonHTMLAttributes<HTMLButtonElement>) {
  const base =
    'inline-flex shrink-0 items-center gap-1 rounded-full border text-xs font-medium whitespace-nowrap transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 focus-visible:ring-offset-background';
  if (!item.due) {
    return (
      <button
        ref={ref}
        type="button"
        aria-label={`Set a due date for ${name}`}
        className={cn(
          base,
          'mt-1 size-7 justify-center border-transparent text-muted-foreground hover:bg-accent hover:text-foreground',
          className,
        )}
        {...props}
      >
        <CalendarPlus aria-hidden="true" className="size-4" />
      </button>
    );
  }
  return (
    <button
      ref={ref}
      type="button"
      // The visible label first, so that saying what is on screen ('Fri') finds the button.
      aria-label={`${formatDue(item.due, now, timeZone)}: change the due date of ${name}`}
      title={dueDescription(item, timeZone)}
      className={cn(base, 'mt-1.5 h-6 px-2 hover:brightness-95', dueTone(item, now, timeZone), className)}
      {...props}
    >
      <DueLabel item={item} now={now} timeZone={timeZone} />
    </button>
  );
}
