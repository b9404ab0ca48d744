// A due written out for a sentence (issue 35): 'Fri 3 Apr', 'Fri 3 Apr 09:00', 'Mon 4 Jan 2027', for the
// date suggestion and the toast that says where a repeating item moved. The chip on an item uses the
// shorter formatDue ('Fri', 'Today 09:00', '3 Apr'), in the same locale (DATE_LOCALE).
import { DATE_LOCALE } from '#core/date-locale';
import { dueDayOf, parseDue, timeInZone, dayInZone } from '#core/due-dates';

// Days are formatted at noon UTC in UTC, so no zone can move them to a neighbouring date. The formatters
// are made on first use, not when a screen's code loads (docs/decisions.md, 'No Intl object at a start').
const DAY_OPTIONS: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' };
let dayFormat: Intl.DateTimeFormat | undefined;
let withYear: Intl.DateTimeFormat | undefined;

/** '' when `due` is malformed; the year only when it is not this year (in `timeZone` at `now`). */
export function dueText(due: unknown, now: Date, timeZone: string): string {
  const parsed = parseDue(due);
  const day = dueDayOf(due, timeZone);
  if (!parsed || !day) return '';
  const noon = new Date(`${day}T12:00:00.000Z`);
  const format =
    day.slice(0, 4) === dayInZone(now, timeZone).slice(0, 4)
      ? (dayFormat ??= new Intl.DateTimeFormat(DATE_LOCALE, DAY_OPTIONS))
      : (withYear ??= new Intl.DateTimeFormat(DATE_LOCALE, { ...DAY_OPTIONS, year: 'numeric' }));
  // en-GB puts a comma after the weekday ('Fri, 3 Apr'), which a label does not need.
  const date = format.format(noon).replace(',', '');
  return parsed.kind === 'instant' ? `${date} ${timeInZone(parsed.at, timeZone)}` : date;
}
