// The dashboard's count of what is due (issue 35), from the due index's keys alone: no rows, no date
// parser, no Today screen. Pure.
import { bucketOf } from '#core/due-dates';
import { addDays, dayInZone } from '#core/zoned-time';
import type { DueRange } from '../../data/notes';

/**
 * The dues that can be due today or overdue in any zone, read without knowing the user's: every zone's
 * day is within a day of UTC's, so up to three days after UTC's today covers the zone's 'up to the day
 * after tomorrow'. Read this way, a dashboard whose notes have no dated items never asks Intl for the
 * device's zone (its first Intl object, 20-50 ms in one task).
 */
export function dueCandidatesRange(now: Date): DueRange {
  return { from: '', before: addDays(dayInZone(now, 'UTC'), 3) };
}

/** How many of `dues` are due today and how many are overdue. */
export function countDue(dues: readonly string[], now: Date, timeZone: string): { today: number; overdue: number } {
  const counts = { today: 0, overdue: 0 };
  for (const due of dues) {
    const bucket = bucketOf(due, now, timeZone);
    if (bucket === 'today' || bucket === 'overdue') counts[bucket] += 1;
  }
  return counts;
}
