// A date typed in a checklist item's text ('call the venue next Friday', 'by 31 March', 'every Monday at 9'),
// found with chrono-node for the user to confirm (issue 35): nothing here changes an item. It would rather
// miss a date than offer one the text does not hold, so chrono's readings pass the checks of
// date-phrase-rules.ts first, and the meanings it leaves open are settled there and below.
import type { Repeat } from './note-constants';
import { readDates, type FoundDate } from './date-phrase-rules';
import { findRepeat, type FoundRepeat } from './date-phrase-repeats';
import { addDays, dayInZone, instantOf, weekdayOf, type Day, type WallTime } from './zoned-time';
import { nextDue } from './due-dates';

/** A date phrase found in an item's text. */
export interface DatePhrase {
  /** The phrase exactly as typed: `text.slice(index, index + phrase.length)`. */
  phrase: string;
  index: number;
  /** The due in its stored form (due-dates.ts): a day, or an instant in UTC when a time was typed. */
  due: string;
  repeat?: Repeat;
  /** The text without the phrase and a 'by', 'on' or 'due' left hanging before it, spaces tidied. */
  textWithout: string;
}

export interface DatePhraseOptions {
  /**
   * How '04/05' reads: 4 May (day first, the default: the app's English is British, as in '31 March'), or
   * 5 April. A date only one way can be read ('31/03', '03/31') reads so either way. prefersDayFirst()
   * picks it from the user's locale.
   */
  dayFirst?: boolean;
}

/** Whether dates are written day first in `locale` ('en-GB', 'en-AU': yes; 'en-US': no). */
export function prefersDayFirst(locale: string): boolean {
  const parts = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'numeric' }).formatToParts(0);
  return parts.findIndex((part) => part.type === 'day') < parts.findIndex((part) => part.type === 'month');
}

interface Span {
  index: number;
  end: number;
}

// What may stand between a repeat and a date for the two to read as one phrase: 'every Monday at 9am',
// 'on the 1st of each month'.
const JOINED = /^[\s,]*(?:at|on|of|from|starting|by)?[\s,]*$/i;

/**
 * The first date phrase in `text`, resolved against `now` in the user's `timeZone`; null when there is none.
 * Decisions a user would notice (the tests hold each):
 * - never a day before today: a past date in a task's text is a reference ('about last Friday'), not a due;
 * - a time alone ('at 9am') is today's if still ahead, else tomorrow's; a bare hour from 1 to 7 is p.m.;
 * - 'Friday' and 'on Friday' on a Friday mean next week's; 'this Friday' means today; 'next Friday' is the
 *   Friday of next week (weeks start on Monday), 'next week' its Monday, 'next month' its 1st, 'end of the
 *   week' and 'this week' the coming Friday, 'end of the month' and 'this month' the month's last day;
 * - a repeat starts today, or on the named weekday ('every Monday', today when it is Monday); with a time,
 *   at the first occurrence still ahead. Repeats Sprout cannot store ('every other week') give null.
 */
export function findDatePhrase(
  text: string,
  now: Date,
  timeZone: string,
  options: DatePhraseOptions = {},
): DatePhrase | null {
  const repeat = findRepeat(text);
  if (repeat === 'unsupported') return null;
  const today = dayInZone(now, timeZone);
  const masked = repeat
    ? text.slice(0, repeat.index) + ' '.repeat(repeat.end - repeat.index) + text.slice(repeat.end)
    : text;
  const date = readDates(masked, now, timeZone, options.dayFirst ?? true)[0] ?? null;
  if (repeat && date && joined(text, repeat, date)) {
    return phrase(text, [repeat, date], repeatDue(repeat, date, now, timeZone, today), repeat.repeat);
  }
  if (repeat && (!date || repeat.index < date.index)) {
    return phrase(text, [repeat], repeatDue(repeat, null, now, timeZone, today), repeat.repeat);
  }
  if (!date) return null;
  return phrase(text, [date], dueOf(date.day ?? timeOnlyDay(date.time, now, timeZone, today), date, timeZone));
}

function joined(text: string, a: Span, b: Span): boolean {
  const [first, second] = a.index < b.index ? [a, b] : [b, a];
  return first.end <= second.index && JOINED.test(text.slice(first.end, second.index));
}

/** A time typed without a day: today's while it is still ahead, else tomorrow's. */
function timeOnlyDay(time: WallTime | null, now: Date, timeZone: string, today: Day): Day {
  if (time && instantOf(today, time, timeZone) > now) return today;
  return addDays(today, 1);
}

function dueOf(day: Day, date: FoundDate | null, timeZone: string): string {
  if (date?.exact) return date.exact.toISOString();
  if (date?.time) return instantOf(day, date.time, timeZone).toISOString();
  return day;
}

/** Where a repeat starts: the date typed with it, else today or the named weekday, at the first time ahead. */
function repeatDue(repeat: FoundRepeat, date: FoundDate | null, now: Date, timeZone: string, today: Day): string {
  if (date?.day) return dueOf(date.day, date, timeZone);
  const start = repeat.weekday === undefined ? today : addDays(today, (repeat.weekday - weekdayOf(today) + 7) % 7);
  const due = dueOf(start, date, timeZone);
  if (!date?.time || new Date(due) > now) return due;
  return nextDue(due, repeat.repeat, timeZone) ?? due;
}

// Words that only tied the phrase to the sentence: 'call the venue by 31 March', 'report due on Friday'.
const LINK = String.raw`(?:due|by|on|at|before|until|till|later|upcoming|coming)`;
const DANGLING = new RegExp(String.raw`(?:\b${LINK}\s+)*\b${LINK}(?:\s+the)?\s*$`, 'i');

function phrase(text: string, spans: Span[], due: string, repeat?: Repeat): DatePhrase {
  const index = Math.min(...spans.map((span) => span.index));
  const end = Math.max(...spans.map((span) => span.end));
  const before = text.slice(0, index).replace(DANGLING, '');
  const textWithout = `${before} ${text.slice(end)}`
    // A phrase that filled its brackets ('send the invitations (by next Friday)') takes them with it.
    .replace(/[([]\s*[)\]]/g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.;:!?)\]])/g, '$1')
    .replace(/\s*[([]\s*$/, '')
    .replace(/^[\s,;:–—-]+|[\s,;:–—-]+$/g, '');
  return { phrase: text.slice(index, end), index, due, ...(repeat ? { repeat } : {}), textWithout };
}
