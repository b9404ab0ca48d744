// A VTIMEZONE (RFC 5545 3.6.5) for an IANA zone, read from the runtime's own zone data (Intl): what a
// repeating event at a wall-clock time needs, so that 'every Monday at 09:00' stays at 09:00 across a change
// of the clocks. Calendars that know the zone by its name use their own data; a reader that does not (ical.js
// among them) takes its offsets from here. Each change of offset in the years given is one observance, so no
// rule has to be guessed from the data; before the first change the zone's offset at the start holds.
import { offsetMinutes } from './zoned-time';

const MINUTE_MS = 60_000;
// Zones change their offset months apart: a week's step finds every change but two within one week.
const STEP_MS = 7 * 24 * 60 * MINUTE_MS;

export interface OffsetChange {
  /** The first instant of the new offset. */
  at: Date;
  /** Minutes ahead of UTC before and after. */
  from: number;
  to: number;
}

/** The changes of `timeZone`'s offset from `start` to `end`, to the minute. */
export function offsetChanges(timeZone: string, start: Date, end: Date): OffsetChange[] {
  const changes: OffsetChange[] = [];
  let before = start.getTime();
  let offset = offsetMinutes(start, timeZone);
  while (before < end.getTime()) {
    const after = before + STEP_MS;
    const next = offsetMinutes(new Date(after), timeZone);
    if (next !== offset) {
      // The last minute with the old offset and the first with the new lie between `low` and `high`.
      let low = before;
      let high = after;
      while (high - low > MINUTE_MS) {
        const middle = low + Math.floor((high - low) / 2 / MINUTE_MS) * MINUTE_MS;
        if (offsetMinutes(new Date(middle), timeZone) === offset) low = middle;
        else high = middle;
      }
      changes.push({ at: new Date(high), from: offset, to: next });
      offset = next;
    }
    before = after;
  }
  return changes;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `+0100`, `-0330`. */
function utcOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const size = Math.abs(minutes);
  return `${sign}${pad(Math.floor(size / 60))}${pad(size % 60)}`;
}

/** The local date-time an instant shows `minutes` ahead of UTC, as iCalendar writes a floating one. */
export function localValue(instant: Date, minutes: number): string {
  const d = new Date(instant.getTime() + minutes * MINUTE_MS);
  return (
    `${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}` +
    `T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`
  );
}

function observance(kind: 'STANDARD' | 'DAYLIGHT', start: string, from: number, to: number): string[] {
  return [
    `BEGIN:${kind}`,
    `DTSTART:${start}`,
    `TZOFFSETFROM:${utcOffset(from)}`,
    `TZOFFSETTO:${utcOffset(to)}`,
    `END:${kind}`,
  ];
}

/**
 * The content lines of `timeZone`'s VTIMEZONE, unfolded, covering `start` to `end`: the offset at `start`
 * from 1970 on, then each change. A change to a larger offset is DAYLIGHT, to a smaller one STANDARD.
 */
export function vtimezoneLines(timeZone: string, start: Date, end: Date): string[] {
  const first = offsetMinutes(start, timeZone);
  const changes = offsetChanges(timeZone, start, end);
  const initial = changes[0] && changes[0].to < first ? 'DAYLIGHT' : 'STANDARD';
  return [
    'BEGIN:VTIMEZONE',
    `TZID:${timeZone}`,
    ...observance(initial, '19700101T000000', first, first),
    // DTSTART is the onset as the clocks before the change show it (RFC 5545 3.6.5).
    ...changes.flatMap((change) =>
      observance(
        change.to > change.from ? 'DAYLIGHT' : 'STANDARD',
        localValue(change.at, change.from),
        change.from,
        change.to,
      ),
    ),
    'END:VTIMEZONE',
  ];
}
