// chrono-node's readings of dates in an item's text, checked and settled for date-phrases.ts: which ones
// count (chrono reads 'sun' in 'walk in the sun' and '1/2' in '1/2 cup' as dates), and what the open
// phrases mean. Days and times are worked out here, in the user's zone, from chrono's wall-clock fields.
import { Chrono, configuration, type ParsedResult, type Parser } from 'chrono-node/en';
import {
  addDays,
  dayInZone,
  dayOf,
  daysInMonth,
  isDay,
  offsetMinutes,
  partsOf,
  weekdayOf,
  type Day,
  type WallTime,
} from './zoned-time';

/** A date chrono found and the checks kept. */
export interface FoundDate {
  index: number;
  end: number;
  /** The day; null for a time alone ('at 9am'), whose day depends on whether the time is still ahead. */
  day: Day | null;
  time: WallTime | null;
  /** The instant, when the phrase fixes it whatever the clocks do: 'in 2 hours', '9am EST'. */
  exact: Date | null;
}

// chrono's day-first English ('en.GB') also reads 'March 31' as March 2031, so the day-first reader is the
// month-first one with only its slash dates ('04/05') read the other way round.
let readers: { dayFirst: Chrono; monthFirst: Chrono } | null = null;

function baseReader(dayFirst: boolean): Chrono {
  if (!readers) {
    const monthFirst = configuration.createCasualConfiguration(false);
    const isSlashDates = (parser: Parser) => 'groupNumberDay' in parser;
    const dayFirstSlash = configuration.createCasualConfiguration(true).parsers.find(isSlashDates);
    readers = {
      monthFirst: new Chrono(monthFirst),
      dayFirst: new Chrono({
        ...monthFirst,
        parsers: monthFirst.parsers.map((parser) => (isSlashDates(parser) && dayFirstSlash) || parser),
      }),
    };
  }
  return dayFirst ? readers.dayFirst : readers.monthFirst;
}

const FRIDAY = 5;

/** 'End of the week': the coming Friday (today on a Friday), the working week's end. */
function endOfWeek(today: Day): Day {
  return addDays(today, (FRIDAY - weekdayOf(today) + 7) % 7);
}

function dayParts(day: Day): { year: number; month: number; day: number } {
  const [year, month, date] = partsOf(day);
  return { year, month, day: date };
}

const NUMBERS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
};
const AMOUNT = String.raw`(\d{1,3}|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)`;
const amountOf = (word: string) => NUMBERS[word.toLowerCase()] ?? Number(word);

/** `amount` days, weeks or months after `day`; a month on from 31 January is 28 or 29 February. */
function later(day: Day, amount: number, unit: string): Day {
  if (unit.startsWith('day')) return addDays(day, amount);
  if (unit.startsWith('week')) return addDays(day, 7 * amount);
  const [year, month, date] = partsOf(day);
  const index = year * 12 + month - 1 + amount;
  const [y, m] = [Math.floor(index / 12), (index % 12) + 1];
  return dayOf(y, m, Math.min(date, daysInMonth(y, m)));
}

const IN_MONTHS = new RegExp(String.raw`^(?:in|within)\s+${AMOUNT}\s+(months?)$`, 'i');
const FORTNIGHTS = new RegExp(String.raw`(?<!\w)in\s+${AMOUNT}\s+fortnights?(?!\w)`, 'i');
const FROM_TODAY = new RegExp(
  String.raw`(?<!\w)${AMOUNT}\s+(days?|weeks?|months?)\s+from\s+(today|tomorrow)(?!\w)`,
  'i',
);

/** The phrases chrono lacks, resolved from `today` in the user's zone. */
function extraParsers(today: Day): Parser[] {
  const [year, month, date] = partsOf(today);
  return [
    {
      // chrono reads '2 weeks from today' as '2 weeks' and 'today', two dates.
      pattern: () => FROM_TODAY,
      extract: (_context, match) => {
        const from = match[3]?.toLowerCase() === 'tomorrow' ? addDays(today, 1) : today;
        return dayParts(later(from, amountOf(match[1] ?? ''), (match[2] ?? '').toLowerCase()));
      },
    },
    {
      pattern: () => /(?<!\w)(?:the\s+)?end\s+of\s+(?:the\s+|this\s+|(next)\s+)?week(?!\w)/i,
      extract: (_context, match) => dayParts(addDays(endOfWeek(today), match[1] ? 7 : 0)),
    },
    {
      pattern: () => FORTNIGHTS,
      extract: (_context, match) => dayParts(addDays(today, 14 * amountOf(match[1] ?? ''))),
    },
    {
      // 'by the 15th': this month's, or next month's once it has passed; 'the 31st' in April is the 30th.
      pattern: () => /(?<!\w)(?:on|by|before|until|for)\s+the\s+([1-9]|[12]\d|3[01])(?:st|nd|rd|th)(?!\w)/i,
      extract: (_context, match) => {
        const wanted = Number(match[1]);
        const ahead = wanted >= date ? 0 : 1;
        const [y, m] = month + ahead > 12 ? [year + 1, 1] : [year, month + ahead];
        return { year: y, month: m, day: Math.min(wanted, daysInMonth(y, m)) };
      },
    },
  ];
}

/** Phrases chrono reads otherwise: it takes 'next week' for 'a week from now' and has 'this week' undated. */
const SETTLED = new Set(['next week', 'this week', 'next month', 'this month']);
const settledKey = (phrase: string) => phrase.trim().toLowerCase().replace(/\s+/g, ' ');

function settledDay(phrase: string, day: Day, today: Day): Day {
  const [year, month] = partsOf(today);
  // chrono adds months on a Date, so a month on from 31 January would be 3 March.
  const inMonths = IN_MONTHS.exec(phrase.trim());
  if (inMonths) return later(today, amountOf(inMonths[1] ?? ''), 'month');
  switch (settledKey(phrase)) {
    case 'next week':
      return addDays(today, 8 - (weekdayOf(today) || 7));
    case 'this week':
      return endOfWeek(today);
    case 'next month':
      return month === 12 ? dayOf(year + 1, 1, 1) : dayOf(year, month + 1, 1);
    case 'this month':
      return dayOf(year, month, daysInMonth(year, month));
    default:
      return day;
  }
}

const RELATIVE = /^(?:in|within|after|next|the\s+day\s+after)\s|^\+|\s(?:from\s+(?:now|today)|later)$/i;
const ABBREVIATED_WEEKDAY = /\b(sun|mon|tues?|wed|thu(?:rs?)?|fri|sat)\b/i;
const LINKING_WORD = /\b(?:on|by|due|until|till|before|from|next|this)\s+$/i;
// What may follow a weekday or a bare hour that stands for a date: 'Friday about the deposit', 'meet at 5
// with Jo'; not 'sunday school', 'look at 3 options'.
const AFTER_DATE =
  /^(?:$|[^\w\s]|(?:today|tomorrow|tonight|on|at|about|this|next|every|each|and|or|then|with|for|to|in|if|before|after|please|sharp|latest)\b)/i;

/** Past references ('about last Friday', '3 days ago'), years, 'now', and counted time without its 'in'. */
function isPastOrVague(result: ParsedResult, phrase: string): boolean {
  const tags = result.tags();
  if (tags.has('casualReference/now')) return true;
  if (/^(?:last|past|previous)\b|\bago\b|\b(?:next|this|last)\s+year\b/i.test(phrase)) return true;
  // 'a second opinion', 'the 90s': counted time needs its 'in' or 'from now'.
  return tags.has('result/relativeDate') && !tags.has('parser/ENCasualDateParser') && !RELATIVE.test(phrase);
}

/** A weekday alone is a date where a sentence uses it so: 'on Fri', 'call the venue Friday'. */
function isWeekdayDate(result: ParsedResult, phrase: string, before: string, after: string): boolean {
  const { start } = result;
  if (!start.isCertain('weekday') || start.isCertain('day') || start.isCertain('hour')) return true;
  if (/^(?:on|by|next|this)\s/i.test(phrase) || LINKING_WORD.test(before)) return true;
  // 'walk in the sun', 'sunday school', 'watch Friday Night Lights'
  if (/\bthe\s+$/i.test(before) || !AFTER_DATE.test(after)) return false;
  // 'Sat with Jo', 'wed': only a capitalised 'Fri' inside a sentence reads as a day.
  const short = ABBREVIATED_WEEKDAY.exec(phrase);
  return !short || (result.index > 0 && /^[A-Z]/.test(short[0]));
}

/** Numbers that chrono reads as dates or times but are not: 'look at 3 options', '1/2 cup', 'score 10/10'. */
function isNumberNotDate(phrase: string, before: string, after: string, dated: boolean): boolean {
  if (!dated && /^(?:at\s+)?\d{1,2}$/i.test(phrase) && !AFTER_DATE.test(after)) return true;
  const slash = /^(\d{1,2})\/(\d{1,2})$/.exec(phrase);
  if (!slash) return false;
  if (/\b(?:score[ds]?|rat(?:e|ed|ing)|out\s+of)(?:\s+\w+)?\s+$/i.test(before)) return true;
  return slash[1]?.length === 1 && slash[2]?.length === 1 && Number(slash[1]) < Number(slash[2]);
}

/** Whether chrono's reading is a date the text really holds (see the module's first line). */
function isPlausible(result: ParsedResult, text: string, dated: boolean): boolean {
  const phrase = result.text.trim();
  if (isPastOrVague(result, phrase)) return false;
  if (!dated && !result.start.isCertain('hour')) return false; // a month alone: 'in March', 'May'
  const before = text.slice(0, result.index);
  const after = text.slice(result.index + result.text.length).trimStart();
  return isWeekdayDate(result, phrase, before, after) && !isNumberNotDate(phrase, before, after, dated);
}

function hasDate(result: ParsedResult): boolean {
  const tags = result.tags();
  return (
    result.start.isCertain('day') ||
    result.start.isCertain('weekday') ||
    tags.has('result/relativeDate') ||
    tags.has('parser/ENCasualDateParser') ||
    SETTLED.has(settledKey(result.text)) ||
    // 'this afternoon' is today's; a bare 'evening' ('evening class') is no date.
    (tags.has('parser/ENCasualTimeParser') && /^this\s/i.test(result.text.trim()))
  );
}

const IN_HOURS = new RegExp(
  String.raw`^(?:in|within)\s+(?:(half\s+an)|${AMOUNT})\s+(hours?|hrs?|minutes?|mins?)$`,
  'i',
);

/**
 * The instant of 'in 2 hours' or '9am EST'. chrono adds durations on the device's own clock, which is off by
 * the change when the clocks change in between, so 'in N hours' is added here; a time that names its zone
 * is read with that zone's offset.
 */
function exactInstant(result: ParsedResult, now: Date, wall: number): Date | null {
  if (result.tags().has('result/relativeDateAndTime')) {
    const match = IN_HOURS.exec(result.text.trim());
    if (!match?.[3]) return null;
    const amount = match[1] ? 0.5 : amountOf(match[2] ?? '');
    const minutes = amount * (match[3].toLowerCase().startsWith('h') ? 60 : 1);
    return new Date(Math.floor(now.getTime() / 60_000) * 60_000 + minutes * 60_000);
  }
  const offset = result.start.isCertain('timezoneOffset') ? result.start.get('timezoneOffset') : null;
  return offset === null ? null : new Date(wall - offset * 60_000);
}

/** A time of day, when one was typed: 'at 5' and other bare hours from 1 to 7 are read as p.m. */
function timeOf(result: ParsedResult): { hour: number; minute: number } | null {
  if (!result.start.isCertain('hour')) return null; // 'tonight', 'tomorrow morning': a day, no time
  let hour = result.start.get('hour') ?? 0;
  if (!result.start.isCertain('meridiem') && hour >= 1 && hour <= 7) hour += 12;
  return { hour, minute: result.start.get('minute') ?? 0 };
}

function found(result: ParsedResult, text: string, now: Date, timeZone: string): FoundDate | null {
  const today = dayInZone(now, timeZone);
  const dated = hasDate(result);
  if (!isPlausible(result, text, dated)) return null;
  const year = result.start.get('year') ?? 0;
  const month = result.start.get('month') ?? 0;
  const date = result.start.get('day') ?? 0;
  const time = timeOf(result);
  const wall = Date.UTC(year, month - 1, date, time?.hour ?? 0, time?.minute ?? 0);
  const exact = time ? exactInstant(result, now, wall) : null;
  let day: Day | null = exact ? dayInZone(exact, timeZone) : null;
  if (!day && dated) {
    const typed = dayOf(year, month, date);
    if (!isDay(typed)) return null; // '29 Feb' in a year without one
    day = settledDay(result.text.trim(), typed, today);
    // 'Friday' on a Friday is next week's; 'this Friday' is today.
    const bareWeekday = result.start.isCertain('weekday') && !result.start.isCertain('day');
    if (bareWeekday && day === today && !/^this\b/i.test(result.text.trim())) day = addDays(day, 7);
  }
  if (day && day < today) return null;
  const pad = (value: number) => String(value).padStart(2, '0');
  const leading = result.text.length - result.text.trimStart().length;
  return {
    index: result.index + leading,
    end: result.index + result.text.trimEnd().length,
    day,
    time: time && !exact ? `${pad(time.hour)}:${pad(time.minute)}` : null,
    exact,
  };
}

/** The dates in `text` that pass the checks, first first, read on `now` in `timeZone`. */
export function readDates(text: string, now: Date, timeZone: string, dayFirst: boolean): FoundDate[] {
  const base = baseReader(dayFirst);
  const reader = new Chrono({
    parsers: [...base.parsers, ...extraParsers(dayInZone(now, timeZone))],
    refiners: base.refiners,
  });
  const results = reader.parse(text, { instant: now, timezone: offsetMinutes(now, timeZone) }, { forwardDate: true });
  return results.flatMap((result) => found(result, text, now, timeZone) ?? []);
}
