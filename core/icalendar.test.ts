// The iCalendar writer, read back with ical.js (a well-kept RFC 5545 parser): values, folding, escaping.
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { ChecklistItem } from './note-fields';
import {
  calendarFeed,
  escapeText,
  eventUid,
  foldLine,
  hasCalendarDate,
  singleEventCalendar,
  type DatedStep,
} from './icalendar';
import { offsetChanges } from './vtimezone';

const origin = 'https://notes.example.org';
const now = new Date('2026-03-01T08:00:00.000Z');
const options = { origin, now };
const NOTE_ID = '6f1c2b1e-4a4d-4c53-9a4b-0d3b6f1f2a10';
const note = { id: NOTE_ID, title: 'Open a bakery', updated_at: '2026-02-27T10:15:00.000Z' };

const step = (item: Partial<ChecklistItem> & { id: string }): DatedStep => ({
  note,
  item: { text: 'A step', completed: false, ...item },
});

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent');
  return { calendar, events };
}

// Each byte of a character's UTF-8 is one %XX (core has neither TextEncoder nor Buffer).
const utf8Length = (line: string) => encodeURIComponent(line).replace(/%[0-9A-F]{2}/g, '.').length;

describe('calendarFeed', () => {
  const feed = calendarFeed(
    [
      step({ id: 'day', text: 'Call the venue', due: '2026-03-31' }),
      step({ id: 'timed', text: 'Sign the lease', due: '2026-03-12T09:30:00.000Z', remind: true }),
      step({ id: 'weekly', text: 'Bake a test batch', due: '2026-03-02', repeat: 'weekly' }),
      step({ id: 'done', text: 'Pick a name', due: '2026-02-20T10:00:00.000Z', remind: true, completed: true }),
      step({ id: 'undated', text: 'Someday' }),
      step({ id: 'impossible', text: 'Not a day', due: '2026-02-30' }),
    ],
    options,
  );
  const { calendar, events } = parse(feed);
  const byUid = new Map(events.map((event) => [String(event.getFirstPropertyValue('uid')), event]));
  const event = (itemId: string) => {
    const found = byUid.get(eventUid(NOTE_ID, itemId));
    if (!found) throw new Error(`no event for ${itemId}`);
    return found;
  };

  it('is a published calendar named Sprout, with CRLF line ends', () => {
    expect(calendar.name).toBe('vcalendar');
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('prodid')).toBe('-//Sprout//Sprout notes//EN');
    expect(calendar.getFirstPropertyValue('calscale')).toBe('GREGORIAN');
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Sprout');
    expect(feed.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(feed.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('has one event per dated item, none for an item without a real date', () => {
    expect([...byUid.keys()].sort()).toEqual(['day', 'done', 'timed', 'weekly'].map((id) => eventUid(NOTE_ID, id)));
    expect(calendar.getAllSubcomponents('vtodo')).toEqual([]);
  });

  it('writes a day as an all-day event ending the next day', () => {
    const day = event('day');
    const start = day.getFirstPropertyValue('dtstart') as ICAL.Time;
    const end = day.getFirstPropertyValue('dtend') as ICAL.Time;
    expect(start.isDate).toBe(true);
    expect(start.toString()).toBe('2026-03-31');
    expect(end.toString()).toBe('2026-04-01');
    expect(day.getFirstPropertyValue('summary')).toBe('Call the venue');
    expect(day.getFirstPropertyValue('transp')).toBe('TRANSPARENT');
    expect(day.getFirstPropertyValue('dtstamp')?.toString()).toBe('2026-03-01T08:00:00Z');
    expect(day.getFirstPropertyValue('last-modified')?.toString()).toBe('2026-02-27T10:15:00Z');
    expect(day.getFirstSubcomponent('valarm')).toBeNull();
    expect(day.getFirstPropertyValue('rrule')).toBeNull();
  });

  it('links every event to its note', () => {
    const link = `${origin}/note/${NOTE_ID}`;
    expect(event('day').getFirstPropertyValue('url')).toBe(link);
    expect(event('day').getFirstPropertyValue('description')).toBe(`Open a bakery\n${link}`);
  });

  it('writes an instant in UTC, 30 minutes long, with its reminder', () => {
    const timed = event('timed');
    const start = timed.getFirstPropertyValue('dtstart') as ICAL.Time;
    expect(start.isDate).toBe(false);
    expect(start.zone).toBe(ICAL.Timezone.utcTimezone);
    expect(start.toString()).toBe('2026-03-12T09:30:00Z');
    expect(timed.getFirstPropertyValue('dtend')?.toString()).toBe('2026-03-12T10:00:00Z');
    const alarm = timed.getFirstSubcomponent('valarm');
    expect(alarm?.getFirstPropertyValue('action')).toBe('DISPLAY');
    expect(alarm?.getFirstPropertyValue('trigger')?.toString()).toBe('PT0S');
  });

  it('repeats with an RRULE that ical.js expands', () => {
    const weekly = new ICAL.Event(event('weekly'));
    expect(weekly.isRecurring()).toBe(true);
    const next = weekly.iterator();
    const dates = [next.next(), next.next(), next.next()].map((time) => time?.toString());
    expect(dates).toEqual(['2026-03-02', '2026-03-09', '2026-03-16']);
  });

  it('marks a done step in its title, with no reminder', () => {
    expect(event('done').getFirstPropertyValue('summary')).toBe('✓ Pick a name');
    expect(event('done').getFirstPropertyValue('status')).toBeNull();
    expect(event('done').getFirstSubcomponent('valarm')).toBeNull();
  });
});

describe('repeats', () => {
  const expand = (item: Partial<ChecklistItem> & { id: string }, count: number) => {
    const [vevent] = parse(calendarFeed([step(item)], options)).events;
    const iterator = new ICAL.Event(vevent).iterator();
    return Array.from({ length: count }, () => iterator.next()?.toString());
  };

  it('daily and weekly', () => {
    expect(expand({ id: 'd', due: '2026-02-27', repeat: 'daily' }, 3)).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
    ]);
    expect(expand({ id: 't', due: '2026-03-28T23:30:00.000Z', repeat: 'weekly' }, 2)).toEqual([
      '2026-03-28T23:30:00Z',
      '2026-04-04T23:30:00Z',
    ]);
  });

  it('monthly on the 31st falls on the last day of shorter months; on the 30th it skips February', () => {
    expect(expand({ id: 'm', due: '2026-01-31', repeat: 'monthly' }, 4)).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
    ]);
    expect(expand({ id: 'l', due: '2026-01-30', repeat: 'monthly' }, 3)).toEqual([
      '2026-01-30',
      '2026-03-30',
      '2026-04-30',
    ]);
    expect(expand({ id: 's', due: '2026-01-15T12:00:00.000Z', repeat: 'monthly' }, 2)).toEqual([
      '2026-01-15T12:00:00Z',
      '2026-02-15T12:00:00Z',
    ]);
  });
});

describe('escaping and folding', () => {
  it('escapes backslash, semicolon, comma and newlines, and drops other control characters', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf\rg\u0007h\ti')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng' + 'h\ti');
    const text = 'Buy flour, sugar; eggs\\milk\nthen bake';
    const [vevent] = parse(calendarFeed([step({ id: 'x', text, due: '2026-03-03' })], options)).events;
    expect(vevent?.getFirstPropertyValue('summary')).toBe(text);
  });

  it('folds a long multi-byte summary at 75 octets without splitting a character', () => {
    const text = `Réserver la salle 🎉 pour la fête d'ouverture — 東京の友達に招待状を送る `.repeat(4).trim();
    const feed = calendarFeed([step({ id: 'long', text, due: '2026-03-03' })], options);
    const lines = feed.split('\r\n');
    expect(lines.filter((line) => line.startsWith(' ')).length).toBeGreaterThan(3);
    for (const line of lines) {
      expect(utf8Length(line)).toBeLessThanOrEqual(75);
      // A split inside a character would have left a replacement character or a lone surrogate.
      expect(line).not.toMatch(/\uFFFD|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    }
    const [vevent] = parse(feed).events;
    expect(vevent?.getFirstPropertyValue('summary')).toBe(text);
  });

  it('keeps a short line whole and fills each folded line to 75 octets', () => {
    expect(foldLine('SUMMARY:short')).toBe('SUMMARY:short');
    const folded = foldLine(`SUMMARY:${'x'.repeat(200)}`).split('\r\n');
    expect(folded.map(utf8Length)).toEqual([75, 75, 60]);
  });
});

describe('singleEventCalendar', () => {
  it('is one event, with no method or calendar name, for importing', () => {
    const text = singleEventCalendar(step({ id: 'one', text: 'Call the venue', due: '2026-03-31' }), options);
    expect(text).not.toBeNull();
    const { calendar, events } = parse(text!);
    expect(events).toHaveLength(1);
    expect(calendar.getFirstPropertyValue('method')).toBeNull();
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBeNull();
    expect(events[0]?.getFirstPropertyValue('summary')).toBe('Call the venue');
  });

  it('is null for an item without a usable date', () => {
    expect(singleEventCalendar(step({ id: 'none' }), options)).toBeNull();
    expect(singleEventCalendar(step({ id: 'bad', due: '2026-13-01' }), options)).toBeNull();
    expect(hasCalendarDate({ due: '2026-02-29' })).toBe(false);
    expect(hasCalendarDate({ due: '2028-02-29' })).toBe(true);
    expect(hasCalendarDate({ due: '2026-03-12T09:30:00.000Z' })).toBe(true);
    expect(hasCalendarDate({ due: '2026-03-12T25:30:00.000Z' })).toBe(false);
  });
});

describe('a timed item that repeats, in the user’s zone', () => {
  /** The first `count` starts of the feed's one event, as instants, its zone read from the feed's VTIMEZONE. */
  function starts(item: Partial<ChecklistItem> & { id: string }, timeZone: string, count: number) {
    const { calendar, events } = parse(calendarFeed([step(item)], { ...options, timeZone }));
    const vtimezone = calendar.getFirstSubcomponent('vtimezone');
    expect(vtimezone?.getFirstPropertyValue('tzid')).toBe(timeZone);
    ICAL.TimezoneService.register(vtimezone!);
    try {
      const iterator = new ICAL.Event(events[0]).iterator();
      return Array.from({ length: count }, () => iterator.next()!.toJSDate().toISOString());
    } finally {
      ICAL.TimezoneService.remove(timeZone);
    }
  }

  it('stays at its wall-clock time when the clocks go forward and back', () => {
    // Mondays at 09:00 in London: GMT until 29 March 2026, BST until 25 October.
    expect(starts({ id: 'w', due: '2026-03-23T09:00:00.000Z', repeat: 'weekly' }, 'Europe/London', 3)).toEqual([
      '2026-03-23T09:00:00.000Z',
      '2026-03-30T08:00:00.000Z',
      '2026-04-06T08:00:00.000Z',
    ]);
    expect(starts({ id: 'd', due: '2026-10-24T08:00:00.000Z', repeat: 'daily' }, 'Europe/London', 2)).toEqual([
      '2026-10-24T08:00:00.000Z',
      '2026-10-25T09:00:00.000Z',
    ]);
    // Sydney's clocks go back on 5 April 2026 and forward on 4 October.
    expect(starts({ id: 's', due: '2026-03-29T22:00:00.000Z', repeat: 'weekly' }, 'Australia/Sydney', 2)).toEqual([
      '2026-03-29T22:00:00.000Z',
      '2026-04-05T23:00:00.000Z',
    ]);
  });

  it('writes its start and end as the zone’s wall clock, and a monthly 31st by its day there', () => {
    // 00:30 on 31 January in Tokyo is still the 30th in UTC.
    const text = calendarFeed([step({ id: 'm', due: '2026-01-30T15:30:00.000Z', repeat: 'monthly' })], {
      ...options,
      timeZone: 'Asia/Tokyo',
    });
    expect(text).toContain('DTSTART;TZID=Asia/Tokyo:20260131T003000\r\n');
    expect(text).toContain('DTEND;TZID=Asia/Tokyo:20260131T010000\r\n');
    expect(text).toContain('RRULE:FREQ=MONTHLY;BYMONTHDAY=-1\r\n');
    expect(starts({ id: 'm', due: '2026-01-30T15:30:00.000Z', repeat: 'monthly' }, 'Asia/Tokyo', 2)).toEqual([
      '2026-01-30T15:30:00.000Z',
      '2026-02-27T15:30:00.000Z',
    ]);
  });

  it('leaves a one-off time, a day and a feed without a zone in UTC, with no VTIMEZONE', () => {
    const zoned = { ...options, timeZone: 'Europe/London' };
    for (const text of [
      calendarFeed([step({ id: 'once', due: '2026-03-12T09:30:00.000Z' })], zoned),
      calendarFeed([step({ id: 'day', due: '2026-03-12', repeat: 'weekly' })], zoned),
      calendarFeed([step({ id: 'utc', due: '2026-03-12T09:30:00.000Z', repeat: 'weekly' })], options),
    ]) {
      expect(text).not.toContain('VTIMEZONE');
      expect(text).not.toContain('TZID');
    }
  });
});

describe('offsetChanges', () => {
  it('finds each change of a zone’s offset to the minute, and none where there is none', () => {
    expect(offsetChanges('Europe/London', new Date('2026-01-01T00:00:00Z'), new Date('2027-01-01T00:00:00Z'))).toEqual([
      { at: new Date('2026-03-29T01:00:00Z'), from: 0, to: 60 },
      { at: new Date('2026-10-25T01:00:00Z'), from: 60, to: 0 },
    ]);
    expect(offsetChanges('Asia/Kolkata', new Date('2026-01-01T00:00:00Z'), new Date('2036-01-01T00:00:00Z'))).toEqual(
      [],
    );
  });
});
