// Calendar days and wall-clock times in an IANA time zone, with Intl.DateTimeFormat as the only zone data
// (no date library): what due dates (due-dates.ts) and typed date phrases (date-phrases.ts) are built on.
// Unknown zones make Intl throw a RangeError; callers pass the zone Intl itself reported.

/** A calendar day, `YYYY-MM-DD`. */
export type Day = string;
/** A wall-clock time, `HH:MM` on a 24-hour clock. */
export type WallTime = string;

const MS_PER_DAY = 86_400_000;
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

// Making a formatter costs far more than using one, and the Today screen reads a thousand dates at a time.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      // h23, not hour12: false, which some engines answer with '24' at midnight.
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

// The clocks last read, by zone and instant: sorting a thousand dated items compares each instant many
// times, and formatToParts is the cost of each (npm run bench -- today). Emptied when full.
const clocks = new Map<string, Readonly<WallClock>>();
const CLOCKS_KEPT = 4096;

function wallClock(instant: Date, timeZone: string): Readonly<WallClock> {
  // UTC's clock is Date's own: no formatter, so no ICU data (a page's first Intl object costs 14-32 ms).
  if (timeZone === 'UTC') return utcClock(instant);
  const key = `${timeZone} ${instant.getTime()}`;
  const known = clocks.get(key);
  if (known) return known;
  const clock: WallClock = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type in clock) clock[part.type as keyof WallClock] = Number(part.value);
  }
  if (clocks.size >= CLOCKS_KEPT) clocks.clear();
  clocks.set(key, clock);
  return clock;
}

function utcClock(instant: Date): WallClock {
  return {
    year: instant.getUTCFullYear(),
    month: instant.getUTCMonth() + 1,
    day: instant.getUTCDate(),
    hour: instant.getUTCHours(),
    minute: instant.getUTCMinutes(),
    second: instant.getUTCSeconds(),
  };
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** How far the zone's clocks are ahead of UTC at `epochMs`, in milliseconds. */
function offsetAt(epochMs: number, timeZone: string): number {
  const clock = wallClock(new Date(epochMs), timeZone);
  const asUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
  return asUtc - Math.floor(epochMs / 1000) * 1000;
}

/** How many minutes the zone's clocks are ahead of UTC at `instant` (60 for London in summer). */
export function offsetMinutes(instant: Date, timeZone: string): number {
  return offsetAt(instant.getTime(), timeZone) / 60_000;
}

/** The number of days in a month (1-12) of a year. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Whether `value` is a real calendar day written `YYYY-MM-DD` (not 2026-02-30). */
export function isDay(value: unknown): value is Day {
  if (typeof value !== 'string') return false;
  const match = DAY_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** Whether `value` is a wall-clock time written `HH:MM` (00:00 to 23:59). */
export function isWallTime(value: unknown): value is WallTime {
  return typeof value === 'string' && TIME_PATTERN.test(value);
}

/** The day of a year, month (1-12) and day of the month. */
export function dayOf(year: number, month: number, day: number): Day {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** The parts of a day: [year, month (1-12), day of the month]. Throws a RangeError on a malformed day. */
export function partsOf(day: Day): [number, number, number] {
  const match = DAY_PATTERN.exec(day);
  if (!match || !isDay(day)) throw new RangeError(`Not a day: ${day}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** The day `days` days after `day` (before, when negative). */
export function addDays(day: Day, days: number): Day {
  const [year, month, date] = partsOf(day);
  const moved = new Date(Date.UTC(year, month - 1, date + days));
  return dayOf(moved.getUTCFullYear(), moved.getUTCMonth() + 1, moved.getUTCDate());
}

/** Whole days from `from` to `to`: 1 when `to` is the next day, negative when it is earlier. */
export function daysBetween(from: Day, to: Day): number {
  const [y1, m1, d1] = partsOf(from);
  const [y2, m2, d2] = partsOf(to);
  return Math.round((Date.UTC(y2, m2 - 1, d2) - Date.UTC(y1, m1 - 1, d1)) / MS_PER_DAY);
}

/** The day of the week, 0 for Sunday to 6 for Saturday (as Date#getDay). */
export function weekdayOf(day: Day): number {
  const [year, month, date] = partsOf(day);
  return new Date(Date.UTC(year, month - 1, date)).getUTCDay();
}

/** The calendar day an instant falls on in `timeZone`. */
export function dayInZone(instant: Date, timeZone: string): Day {
  const clock = wallClock(instant, timeZone);
  return dayOf(clock.year, clock.month, clock.day);
}

/** The wall-clock time, `HH:MM`, an instant shows in `timeZone` (seconds are dropped). */
export function timeInZone(instant: Date, timeZone: string): WallTime {
  const clock = wallClock(instant, timeZone);
  return `${pad(clock.hour)}:${pad(clock.minute)}`;
}

/**
 * The instant a clock in `timeZone` shows `time` on `day`. Where clocks go back and the time happens twice,
 * the first of the two; where they go forward and it never happens, the time as the clock before the jump
 * would have shown it, so 01:30 on the morning London skips to 02:00 BST becomes 02:30 BST. (Temporal calls
 * this 'compatible'; a reminder lands just after the gap rather than an hour early.)
 * Throws a RangeError on a malformed day or time.
 */
export function instantOf(day: Day, time: WallTime, timeZone: string): Date {
  const [year, month, date] = partsOf(day);
  const match = TIME_PATTERN.exec(time);
  if (!match) throw new RangeError(`Not a time: ${time}`);
  const wall = Date.UTC(year, month - 1, date, Number(match[1]), Number(match[2]));
  // A zone changes its offset at most once within a day on either side: those are the only candidates.
  const before = offsetAt(wall - MS_PER_DAY, timeZone);
  const after = offsetAt(wall + MS_PER_DAY, timeZone);
  for (const offset of before === after ? [before] : [before, after]) {
    if (offsetAt(wall - offset, timeZone) === offset) return new Date(wall - offset);
  }
  return new Date(wall - before);
}

/** Whether the runtime knows `timeZone` (an IANA name such as Europe/Paris). */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}
