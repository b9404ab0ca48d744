// The dashboard's 'Today · 3' (issue 35): how many items are due today or overdue, linking to Today.
// Counted from the due index's keys alone, so the dashboard reads no notes and loads no date parser for it;
// and read without the device's zone, which is asked for only when there are dated items to count.
import { Link } from 'react-router';
import { CalendarCheck } from 'lucide-react';
import { useDues } from '../../data/notes';
import { deviceTimeZone } from '../../lib/time-zone';
import { useDayClock } from '../../lib/use-day-clock';
import { cn } from '../../lib/utils';
import { countDue, dueCandidatesRange } from './due-count';

export function DueTodayChip({ className }: { className?: string }) {
  // Moves on at UTC's midnight: the range is every zone's, so it needs no zone (core/zoned-time.ts).
  const now = useDayClock('UTC');
  const dues = useDues(dueCandidatesRange(now));
  return dues && dues.length > 0 ? <DueCount dues={dues} className={className} /> : null;
}

function DueCount({ dues, className }: { dues: readonly string[]; className?: string }) {
  const timeZone = deviceTimeZone();
  const now = useDayClock(timeZone);
  const { today, overdue } = countDue(dues, now, timeZone);
  const count = today + overdue;
  if (count === 0) return null;
  const detail = overdue > 0 ? `${today} due today, ${overdue} overdue` : `${today} due today`;
  return (
    <Link
      to="/today"
      title={detail}
      className={cn(
        'inline-flex h-5 items-center gap-1 rounded-full border px-2 text-xs font-medium transition-colors outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring',
        overdue > 0 ? 'border-destructive/40 text-destructive' : 'border-primary/40 text-primary',
        className,
      )}
    >
      <CalendarCheck aria-hidden="true" className="size-3.5" />
      Today · {count}
      <span className="sr-only">: {detail}</span>
    </Link>
  );
}
