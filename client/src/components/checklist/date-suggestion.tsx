// The offer under an item whose text names a date (issue 35): 'Set due Fri 3 Apr?' with Set date and
// Dismiss. Nothing is dated until the user says so.
import { useId } from 'react';
import { CalendarClock } from 'lucide-react';
import type { DatePhrase } from '#core/date-phrases';
import { Button } from '../ui/button';
import { dueText } from './due-text';

export function DateSuggestion({
  found,
  now,
  timeZone,
  onAccept,
  onDismiss,
}: {
  found: DatePhrase;
  now: Date;
  timeZone: string;
  onAccept: () => void;
  onDismiss: () => void;
}) {
  const textId = useId();
  const repeat = found.repeat ? `, repeating ${found.repeat}` : '';
  return (
    <div
      role="group"
      aria-labelledby={textId}
      className="ml-7 flex flex-wrap items-center gap-x-2 gap-y-1 rounded-md bg-primary/5 py-1 pr-1 pl-2 text-xs"
    >
      <CalendarClock aria-hidden="true" className="size-3.5 text-primary" />
      <span id={textId} className="min-w-0">
        Set due <span className="font-medium">{dueText(found.due, now, timeZone)}</span>
        {repeat}? <span className="text-muted-foreground">(from “{found.phrase}”)</span>
      </span>
      <span className="ml-auto flex gap-1">
        <Button type="button" size="sm" variant="secondary" className="h-7" onClick={onAccept}>
          Set date
        </Button>
        <Button type="button" size="sm" variant="ghost" className="h-7 text-muted-foreground" onClick={onDismiss}>
          Dismiss
        </Button>
      </span>
    </div>
  );
}
