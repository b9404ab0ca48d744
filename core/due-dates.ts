// Checklist items' due dates (issue 35): reading the stored form, ordering, the next date of a repeating
// item, the Today screen's buckets, and the short and long labels. A due is a day in the user's zone
// (`2026-03-31`) or, with a time, an instant in UTC (`2026-03-31T08:00:00.000Z`); the zone is the user's.
import { DATE_LOCALE } from './date-locale';
import type { Repeat } from './note-constants';
import {
  addDays,
  dayInZone,
  dayOf,
  daysBetween,
  daysInMonth,
  instantOf,
  isDay,
  partsOf,
  timeInZone,
  type Day,
  type WallTime,
} from './zoned-time';

// Code written against this module's first outline imports the zone helpers from here.
export { dayInZone, instantOf, timeInZone } from './zoned-time';
export type { Day as DueDay, WallTime } from './zoned-time';

/** A stored due: a day, or an instant as Date#toISOString writes it. */
export type ParsedDue = { kind: 'day'; day: Day } | { kind: 'instant'; at: Date };

/** Where the Today screen lists an item: before today, today, within the next 7 days, or after. */
export type DueBucket = 'overdue' | 'today' | 'next7' | 'later';

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Whether `value` is a due day, `YYYY-MM-DD`, that exists on the calendar. */
export function isDueDay(value: unknown): value is Day {
  return isDay(value);
}

/** Whether `value` is a due instant exactly as Date#toISOString writes it (the engine would roll 02-30 on). */
export function isDueInstant(value: unknown): value is string {
  if (typeof value !== 'string' || !INSTANT.test(value)) return false;
  const at = new Date(value);
  return !Number.isNaN(at.getTime()) && at.toISOString() === value;
}

/** A stored due read; null for anything else, so a malformed date reads as no date. */
export function parseDue(value: unknown): ParsedDue | null {
  if (isDueDay(value)) return { kind: 'day', day: value };
  if (isDueInstant(value)) return { kind: 'instant', at: new Date(value) };
  return null;
}

/** The day an item is due in the user's zone; null when `due` is malformed. */
export function dueDayOf(due: unknown, timeZone: string): Day | null {
  const parsed = parseDue(due);
  if (!parsed) return null;
  return parsed.kind === 'day' ? parsed.day : dayInZone(parsed.at, timeZone);
}

/**
 * An order for dues (for Array#sort): by day in the user's zone; within a day, items without a time first
 * (as calendars put all-day events on top), then by time; missing or malformed dues last.
 */
export function compareDue(a: unknown, b: unknown, timeZone: string): number {
  const left = parseDue(a);
  const right = parseDue(b);
  if (!left || !right) return (left ? 0 : 1) - (right ? 0 : 1);
  const leftDay = left.kind === 'day' ? left.day : dayInZone(left.at, timeZone);
  const rightDay = right.kind === 'day' ? right.day : dayInZone(right.at, timeZone);
  if (leftDay !== rightDay) return leftDay < rightDay ? -1 : 1;
  const leftTime = left.kind === 'day' ? -Infinity : left.at.getTime();
  const rightTime = right.kind === 'day' ? -Infinity : right.at.getTime();
  return leftTime === rightTime ? 0 : leftTime < rightTime ? -1 : 1;
}

/**
 * The `step`-th monthly occurrence after `day`. Clamped to the month's end (31 January, then 28 or 29
 * February); and since an item stores no anchor of its own, a due on the last day of its month is read as
 * 'the month's end' and stays on it: 31 Jan, 29 Feb 2028, 31 Mar, 30 Apr. An item on the 30th thus moves
 * to the 31st after February; the other reading would leave an end-of-month item on the 28th for good.
 */
function monthlyAfter(day: Day, step: number): Day {
  const [year, month, date] = partsOf(day);
  const index = year * 12 + (month - 1) + step;
  const [nextYear, nextMonth] = [Math.floor(index / 12), (index % 12) + 1];
  const last = daysInMonth(nextYear, nextMonth);
  return dayOf(nextYear, nextMonth, date === daysInMonth(year, month) ? last : Math.min(date, last));
}

function occurrenceAfter(day: Day, repeat: Repeat, step: number): Day {
  if (repeat === 'monthly') return monthlyAfter(day, step);
  return addDays(day, step * (repeat === 'weekly' ? 7 : 1));
}

/** The fewest steps from `day` that land after `today` (at least one). */
function stepsPast(day: Day, repeat: Repeat, today: Day | undefined): number {
  if (!today) return 1;
  const behind = daysBetween(day, today);
  if (behind < 0) return 1;
  if (repeat !== 'monthly') return Math.floor(behind / (repeat === 'weekly' ? 7 : 1)) + 1;
  let step = Math.max(1, Math.floor(behind / 31));
  while (occurrenceAfter(day, repeat, step) <= today) step += 1;
  return step;
}

/**
 * The due a repeating item moves to when it is ticked: one day, 7 days, or a month (see monthlyAfter) on,
 * keeping the wall-clock time in the user's zone (09:00 stays 09:00 when the clocks change). When that is
 * still on or before `today` (an item ticked long after its date), the first occurrence after today
 * instead: ticking says 'done for today', so today's own occurrence is skipped too. Occurrences count from
 * the item's date, so a weekly Monday item stays on Mondays. Null when `due` is malformed.
 * A time that falls in a clock change's gap moves past it (instantOf), and later occurrences keep the moved
 * time: nothing stores the time the user first chose.
 */
export function nextDue(due: string, repeat: Repeat, timeZone: string, today?: Day): string | null {
  const parsed = parseDue(due);
  if (!parsed) return null;
  const day = parsed.kind === 'day' ? parsed.day : dayInZone(parsed.at, timeZone);
  const next = occurrenceAfter(day, repeat, stepsPast(day, repeat, today && isDay(today) ? today : undefined));
  if (parsed.kind === 'day') return next;
  return instantOf(next, timeInZone(parsed.at, timeZone), timeZone).toISOString();
}

/**
 * The Today screen's bucket for a due, by day in the user's zone: before today is overdue; an item with a
 * time earlier today stays 'today' until the day ends (the Today screen lists days, and the reminder has
 * already said its time has come), so a day-only item and a timed one become overdue together, at
 * midnight. 'next7' is tomorrow to 7 days on. Null when `due` is malformed.
 */
export function bucketOf(due: unknown, now: Date, timeZone: string): DueBucket | null {
  const day = dueDayOf(due, timeZone);
  if (!day) return null;
  const ahead = daysBetween(dayInZone(now, timeZone), day);
  if (ahead < 0) return 'overdue';
  if (ahead === 0) return 'today';
  return ahead <= 7 ? 'next7' : 'later';
}

// Made once per locale and options: a formatter costs far more to make than to use, and Today labels
// a thousand items in one render (npm run bench -- today).
const dayFormatters = new Map<string, Intl.DateTimeFormat>();

// Days are formatted at noon UTC in UTC, so no zone can move them to a neighbouring date.
function dayFormat(day: Day, locale: string, options: Intl.DateTimeFormatOptions): string {
  const [year, month, date] = partsOf(day);
  const key = `${locale} ${JSON.stringify(options)}`;
  let formatter = dayFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    dayFormatters.set(key, formatter);
  }
  return formatter.format(new Date(Date.UTC(year, month - 1, date, 12)));
}

function timeOf(parsed: ParsedDue, timeZone: string): WallTime | null {
  return parsed.kind === 'instant' ? timeInZone(parsed.at, timeZone) : null;
}

/**
 * A short label for a due: 'Today', 'Tomorrow', 'Yesterday', the short weekday for 2 to 6 days ahead
 * ('Fri'), else the short date ('31 Mar', with the year when it is not this year's), with the time after it
 * on a 24-hour clock ('Today 09:00') whatever the locale, as everywhere in Sprout's dates. The words are
 * English (the app is); `locale` shapes the weekday and date. '' when `due` is malformed.
 */
export function formatDue(due: unknown, now: Date, timeZone: string, locale = DATE_LOCALE): string {
  const parsed = parseDue(due);
  if (!parsed) return '';
  const day = parsed.kind === 'day' ? parsed.day : dayInZone(parsed.at, timeZone);
  const today = dayInZone(now, timeZone);
  const ahead = daysBetween(today, day);
  const label =
    ahead === 0
      ? 'Today'
      : ahead === 1
        ? 'Tomorrow'
        : ahead === -1
          ? 'Yesterday'
          : ahead >= 2 && ahead <= 6
            ? dayFormat(day, locale, { weekday: 'short' })
            : dayFormat(day, locale, {
                month: 'short',
                day: 'numeric',
                ...(day.slice(0, 4) === today.slice(0, 4) ? {} : { year: 'numeric' }),
              });
  const time = timeOf(parsed, timeZone);
  return time ? `${label} ${time}` : label;
}

/**
 * The long form for screen readers and titles: 'Due Tuesday, 31 March 2026 at 09:00, repeats weekly'
 * (the date in `locale`'s long form, so 'Tuesday, March 31, 2026' in en-US). '' when `due` is malformed.
 */
export function describeDue(
  due: unknown,
  timeZone: string,
  options: { repeat?: Repeat | undefined; locale?: string } = {},
): string {
  const parsed = parseDue(due);
  if (!parsed) return '';
  const day = parsed.kind === 'day' ? parsed.day : dayInZone(parsed.at, timeZone);
  const date = dayFormat(day, options.locale ?? DATE_LOCALE, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  const time = timeOf(parsed, timeZone);
  const repeat = options.repeat ? `, repeats ${options.repeat}` : '';
  return `Due ${date}${time ? ` at ${time}` : ''}${repeat}`;
}
