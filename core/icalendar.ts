// Dated checklist items as iCalendar (RFC 5545, issue 35 item 4): the user's calendar feed, which Google
// Calendar, Apple Calendar and Thunderbird subscribe to, and the one-event file of 'Add to calendar'.
// Each item is a VEVENT (docs/decisions.md, "The calendar feed"): the calendars ignore VTODO or show it
// apart, and a feed is for seeing the plan beside the rest of one's days. Pure: the caller gives the
// origin the note links go to, the time of writing and the user's zone, where a timed repeat is written.
import type { ChecklistItem, NoteRow } from './note-fields';
import { localValue, vtimezoneLines } from './vtimezone';
import { offsetMinutes } from './zoned-time';

/** What an event needs of its note. */
export type StepNote = Pick<NoteRow, 'id' | 'title' | 'updated_at'>;

/** A checklist item with the note it is in. */
export interface DatedStep {
  note: StepNote;
  item: ChecklistItem;
}

export interface CalendarOptions {
  /** Where the app is reached, without a trailing slash: the note links are `<origin>/note/<id>`. */
  origin: string;
  /** When the calendar is written (each event's DTSTAMP). */
  now: Date;
  /**
   * The user's IANA zone, where a timed item repeats at its wall-clock time (the app moves it so,
   * core/due-dates.ts nextDue): its events are written in that zone, with its VTIMEZONE, so a change of
   * the clocks does not move them by an hour. Without it they are written in UTC.
   */
  timeZone?: string;
}

/** How many years of the zone's offsets a calendar carries past the later of now and its first repeat. */
const ZONE_YEARS = 10;

/** A timed item is shown as a short event: calendars draw a zero-length one as a hairline or not at all. */
export const TIMED_EVENT_MINUTES = 30;
const PRODID = '-//Sprout//Sprout notes//EN';
/** How often a subscriber is asked to fetch the feed again (RFC 7986 and its older X- form). */
const REFRESH = 'PT1H';
const DONE_MARK = '✓ ';
const LINE_OCTETS = 75;

/** A due date as the calendar writes it; null when it is not a real day or instant. */
type When = { kind: 'day'; year: number; month: number; day: number } | { kind: 'instant'; at: Date };

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function readDue(due: string | undefined): When | null {
  if (due === undefined) return null;
  const day = DAY.exec(due);
  if (day) {
    const [year, month, date] = [Number(day[1]), Number(day[2]), Number(day[3])];
    // Date.UTC rolls 02-30 over into March: only a day that reads back the same is one.
    const utc = new Date(Date.UTC(year, month - 1, date));
    if (utc.getUTCFullYear() !== year || utc.getUTCMonth() !== month - 1 || utc.getUTCDate() !== date) return null;
    return { kind: 'day', year, month, day: date };
  }
  if (!INSTANT.test(due)) return null;
  const at = new Date(due);
  return Number.isNaN(at.getTime()) || at.toISOString() !== due ? null : { kind: 'instant', at };
}

/** Whether an item has a date the calendar can show. */
export function hasCalendarDate(item: Pick<ChecklistItem, 'due'>): boolean {
  return readDue(item.due) !== null;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const dateValue = (d: Date) => `${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}`;
const utcValue = (d: Date) => `${localValue(d, 0)}Z`;

/** TEXT escaping (RFC 5545 3.3.11); other control characters are not allowed in a TEXT value at all. */
export function escapeText(value: string): string {
  return value
    .replace(/[\\;,]/g, (c) => `\\${c}`)
    .replace(/\r\n|\r|\n/g, '\\n')
    .replace(/(?!\t)\p{Cc}/gu, '');
}

function utf8Octets(codePoint: number): number {
  return codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
}

/**
 * Folds a content line at 75 octets (RFC 5545 3.1): each continuation starts with one space, which counts.
 * Breaks fall between code points, never inside a character's UTF-8 bytes.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = utf8Octets(char.codePointAt(0)!);
    if (octets + size > LINE_OCTETS) {
      parts.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n');
}

export function noteUrl(origin: string, noteId: string): string {
  return `${origin}/note/${encodeURIComponent(noteId)}`;
}

/** The same for an item wherever and whenever it is written, so a subscriber updates it in place. */
export function eventUid(noteId: string, itemId: string): string {
  return `${noteId}-${itemId}@sprout`;
}

/**
 * A monthly item on the 31st falls on the last day of shorter months (BYMONTHDAY=-1, which every calendar
 * reads). One on the 29th or 30th skips the months without that day, as RFC 5545 says: the portable clamp,
 * BYSETPOS over BYMONTHDAY, is expanded wrongly by some readers (ical.js 2.2 among them).
 */
function rrule(item: ChecklistItem, dayOfMonth: number): string | null {
  if (item.repeat === 'daily') return 'FREQ=DAILY';
  if (item.repeat === 'weekly') return 'FREQ=WEEKLY';
  if (item.repeat !== 'monthly') return null;
  return dayOfMonth === 31 ? 'FREQ=MONTHLY;BYMONTHDAY=-1' : 'FREQ=MONTHLY';
}

interface Event {
  lines: string[];
  /** The start of an event written in the user's zone. */
  zonedFrom?: Date;
}

/** One item's VEVENT, its content lines unfolded; null when it has no usable date. */
function itemEvent({ note, item }: DatedStep, { origin, now, timeZone }: CalendarOptions): Event | null {
  const when = readDue(item.due);
  if (!when) return null;
  let zonedFrom: Date | undefined;
  const link = noteUrl(origin, note.id);
  const title = note.title.trim();
  const lines = ['BEGIN:VEVENT', `UID:${escapeText(eventUid(note.id, item.id))}`, `DTSTAMP:${utcValue(now)}`];
  const edited = new Date(note.updated_at);
  if (!Number.isNaN(edited.getTime())) lines.push(`LAST-MODIFIED:${utcValue(edited)}`);
  let dayOfMonth: number;
  if (when.kind === 'day') {
    const start = new Date(Date.UTC(when.year, when.month - 1, when.day));
    const end = new Date(Date.UTC(when.year, when.month - 1, when.day + 1));
    lines.push(`DTSTART;VALUE=DATE:${dateValue(start)}`, `DTEND;VALUE=DATE:${dateValue(end)}`);
    dayOfMonth = when.day;
  } else {
    // A repeat is written where it keeps its wall-clock time; a one-off time in UTC, exact either way.
    const zone = timeZone && item.repeat ? timeZone : null;
    const offset = zone ? offsetMinutes(when.at, zone) : 0;
    const value = (instant: Date) => (zone ? `;TZID=${zone}:${localValue(instant, offset)}` : `:${utcValue(instant)}`);
    const end = new Date(when.at.getTime() + TIMED_EVENT_MINUTES * 60_000);
    lines.push(`DTSTART${value(when.at)}`, `DTEND${value(end)}`);
    dayOfMonth = new Date(when.at.getTime() + offset * 60_000).getUTCDate();
    if (zone) zonedFrom = when.at;
  }
  const repeat = rrule(item, dayOfMonth);
  if (repeat) lines.push(`RRULE:${repeat}`);
  // VEVENT has no 'completed' status (only TENTATIVE, CONFIRMED, CANCELLED): a done step says so in its title.
  const summary = `${item.completed ? DONE_MARK : ''}${item.text.trim() || 'Step'}`;
  lines.push(
    `SUMMARY:${escapeText(summary)}`,
    `DESCRIPTION:${escapeText(title ? `${title}\n${link}` : link)}`,
    `URL;VALUE=URI:${link}`,
    // A step is a thing to do, not an appointment: it never makes the user look busy.
    'TRANSP:TRANSPARENT',
  );
  // A reminder needs a time, and a done step reminds nobody.
  if (item.remind && when.kind === 'instant' && !item.completed) {
    lines.push('BEGIN:VALARM', 'ACTION:DISPLAY', `DESCRIPTION:${escapeText(summary)}`, 'TRIGGER:PT0S', 'END:VALARM');
  }
  lines.push('END:VEVENT');
  return zonedFrom ? { lines, zonedFrom } : { lines };
}

/**
 * The VTIMEZONE of the user's zone when an event is written in it: its offsets from the year of the first
 * such event to ZONE_YEARS past the later of that year and now's.
 */
function zoneLines(events: readonly Event[], { now, timeZone }: CalendarOptions): string[] {
  let first = Infinity;
  for (const event of events) if (event.zonedFrom) first = Math.min(first, event.zonedFrom.getTime());
  if (!timeZone || first === Infinity) return [];
  const firstYear = new Date(first).getUTCFullYear();
  const lastYear = Math.max(firstYear, now.getUTCFullYear()) + ZONE_YEARS;
  return vtimezoneLines(timeZone, new Date(Date.UTC(firstYear, 0, 1)), new Date(Date.UTC(lastYear, 0, 1)));
}

function calendar(header: string[], events: Event[], options: CalendarOptions): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${PRODID}`,
    'CALSCALE:GREGORIAN',
    ...header,
    ...zoneLines(events, options),
    ...events.flatMap((event) => event.lines),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/** The user's feed: one event per dated step, in the order given; steps without a usable date are left out. */
export function calendarFeed(steps: Iterable<DatedStep>, options: CalendarOptions): string {
  const events: Event[] = [];
  for (const step of steps) {
    const event = itemEvent(step, options);
    if (event) events.push(event);
  }
  return calendar(
    [
      'METHOD:PUBLISH',
      'X-WR-CALNAME:Sprout',
      `REFRESH-INTERVAL;VALUE=DURATION:${REFRESH}`,
      `X-PUBLISHED-TTL:${REFRESH}`,
    ],
    events,
    options,
  );
}

/**
 * One step as a file to open in a calendar ('Add to calendar'): no METHOD and no calendar name, so it is
 * imported into a calendar the user picks. Null when the item has no usable date.
 */
export function singleEventCalendar(step: DatedStep, options: CalendarOptions): string | null {
  const event = itemEvent(step, options);
  return event ? calendar([], [event], options) : null;
}
