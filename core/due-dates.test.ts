// Due dates: the stored form, order, repeats, the Today screen's buckets and the labels.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  bucketOf,
  compareDue,
  describeDue,
  dueDayOf,
  formatDue,
  isDueDay,
  isDueInstant,
  nextDue,
  parseDue,
} from './due-dates';
import { dayInZone, timeInZone } from './zoned-time';

const LONDON = 'Europe/London';
const NEW_YORK = 'America/New_York';
/** Wednesday 25 March 2026, 10:00 in London. */
const NOW = new Date('2026-03-25T10:00:00.000Z');

describe('the stored form', () => {
  it('reads a day and an instant', () => {
    expect(parseDue('2026-03-31')).toEqual({ kind: 'day', day: '2026-03-31' });
    expect(parseDue('2026-03-31T08:00:00.000Z')).toEqual({ kind: 'instant', at: new Date('2026-03-31T08:00:00.000Z') });
  });

  it.each([
    '2026-02-30',
    '2026-02-30T08:00:00.000Z',
    '2026-03-31T08:00:00Z',
    '2026-03-31T08:00:00.000+01:00',
    '2026-03-31 08:00',
    '31/03/2026',
    '',
    null,
    undefined,
    1774944000000,
  ])('reads %j as no date', (value) => {
    expect(parseDue(value)).toBeNull();
    expect(isDueDay(value) || isDueInstant(value)).toBe(false);
  });

  it('gives the day an item is due in the user zone', () => {
    // 23:30 UTC on 31 March is already 1 April in London (BST) and still 31 March in New York.
    expect(dueDayOf('2026-03-31T23:30:00.000Z', LONDON)).toBe('2026-04-01');
    expect(dueDayOf('2026-03-31T23:30:00.000Z', NEW_YORK)).toBe('2026-03-31');
    expect(dueDayOf('2026-03-31', 'Asia/Tokyo')).toBe('2026-03-31');
    expect(dueDayOf('soon', LONDON)).toBeNull();
  });
});

describe('compareDue', () => {
  it('orders by day, then day-only items, then by time, with no date last', () => {
    // null rather than undefined: Array#sort puts undefined last without asking the comparator.
    const dues = [
      null,
      '2026-04-01T08:00:00.000Z',
      '2026-04-01',
      'garbage',
      '2026-03-31T16:00:00.000Z',
      '2026-03-31T07:00:00.000Z',
      '2026-03-30',
    ];
    expect(dues.sort((a, b) => compareDue(a, b, LONDON))).toEqual([
      '2026-03-30',
      '2026-03-31T07:00:00.000Z',
      '2026-03-31T16:00:00.000Z',
      '2026-04-01',
      '2026-04-01T08:00:00.000Z',
      null,
      'garbage',
    ]);
  });

  it('compares instants by the day they fall on in the zone', () => {
    // 23:30 UTC on 31 March is 1 April in London: after a day-only item due on 1 April.
    expect(compareDue('2026-03-31T23:30:00.000Z', '2026-04-01', LONDON)).toBe(1);
    expect(compareDue('2026-03-31T23:30:00.000Z', '2026-04-01', NEW_YORK)).toBe(-1);
    expect(compareDue('2026-04-01', '2026-04-01', LONDON)).toBe(0);
  });
});

describe('nextDue', () => {
  it('moves a day by a day, a week or a month', () => {
    expect(nextDue('2026-03-25', 'daily', LONDON)).toBe('2026-03-26');
    expect(nextDue('2026-03-25', 'weekly', LONDON)).toBe('2026-04-01');
    expect(nextDue('2026-03-25', 'monthly', LONDON)).toBe('2026-04-25');
    expect(nextDue('2026-12-15', 'monthly', LONDON)).toBe('2027-01-15');
    expect(nextDue('2026-12-31', 'daily', LONDON)).toBe('2027-01-01');
  });

  it('keeps a month-end item on the month end, and clamps other days to it', () => {
    expect(nextDue('2026-01-31', 'monthly', LONDON)).toBe('2026-02-28');
    expect(nextDue('2028-01-31', 'monthly', LONDON)).toBe('2028-02-29');
    expect(nextDue('2028-02-29', 'monthly', LONDON)).toBe('2028-03-31');
    expect(nextDue('2026-03-31', 'monthly', LONDON)).toBe('2026-04-30');
    expect(nextDue('2026-04-30', 'monthly', LONDON)).toBe('2026-05-31');
    expect(nextDue('2026-01-30', 'monthly', LONDON)).toBe('2026-02-28');
    expect(nextDue('2026-01-29', 'monthly', LONDON)).toBe('2026-02-28');
    expect(nextDue('2026-03-29', 'monthly', LONDON)).toBe('2026-04-29');
  });

  it('crosses the leap day', () => {
    expect(nextDue('2028-02-28', 'daily', LONDON)).toBe('2028-02-29');
    expect(nextDue('2028-02-29', 'daily', LONDON)).toBe('2028-03-01');
    expect(nextDue('2028-02-22', 'weekly', LONDON)).toBe('2028-02-29');
  });

  it('keeps the wall-clock time when the clocks change', () => {
    // 09:00 GMT on Saturday 28 March, 09:00 BST on Sunday 29 March.
    expect(nextDue('2026-03-28T09:00:00.000Z', 'daily', LONDON)).toBe('2026-03-29T08:00:00.000Z');
    expect(nextDue('2026-03-23T09:00:00.000Z', 'weekly', LONDON)).toBe('2026-03-30T08:00:00.000Z');
    expect(nextDue('2026-10-24T08:00:00.000Z', 'daily', LONDON)).toBe('2026-10-25T09:00:00.000Z');
    expect(nextDue('2026-03-07T14:00:00.000Z', 'daily', NEW_YORK)).toBe('2026-03-08T13:00:00.000Z');
    expect(nextDue('2026-02-28T14:00:00.000Z', 'monthly', NEW_YORK)).toBe('2026-03-31T13:00:00.000Z');
  });

  it('moves a time the clocks skip past the gap', () => {
    // 01:30 on 29 March does not happen in London: 02:30 BST instead.
    expect(nextDue('2026-03-28T01:30:00.000Z', 'daily', LONDON)).toBe('2026-03-29T01:30:00.000Z');
  });

  it('skips to the first occurrence after today when ticked late', () => {
    // Due Monday 2 March, ticked on Wednesday 25 March: Mondays 9, 16 and 23 have passed.
    expect(nextDue('2026-03-02', 'weekly', LONDON, '2026-03-25')).toBe('2026-03-30');
    expect(nextDue('2026-03-20', 'daily', LONDON, '2026-03-25')).toBe('2026-03-26');
    expect(nextDue('2026-01-31', 'monthly', LONDON, '2026-03-25')).toBe('2026-03-31');
    expect(nextDue('2025-01-31', 'monthly', LONDON, '2026-03-25')).toBe('2026-03-31');
    expect(nextDue('2026-01-15', 'monthly', LONDON, '2026-03-15')).toBe('2026-04-15');
    expect(nextDue('2026-03-20T09:00:00.000Z', 'daily', LONDON, '2026-03-30')).toBe('2026-03-31T08:00:00.000Z');
  });

  it('skips today too: ticking says done for today', () => {
    expect(nextDue('2026-03-24', 'daily', LONDON, '2026-03-25')).toBe('2026-03-26');
    expect(nextDue('2026-03-18', 'weekly', LONDON, '2026-03-25')).toBe('2026-04-01');
  });

  it('moves an item ticked early from its own date', () => {
    expect(nextDue('2026-03-30', 'weekly', LONDON, '2026-03-25')).toBe('2026-04-06');
  });

  it('is null for a malformed due and ignores a malformed today', () => {
    expect(nextDue('next week', 'daily', LONDON)).toBeNull();
    expect(nextDue('2026-03-25', 'daily', LONDON, 'today')).toBe('2026-03-26');
  });

  it('always moves forward and keeps the time (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2000, 0, 1) / 60_000, max: Date.UTC(2050, 0, 1) / 60_000 }),
        fc.constantFrom('daily' as const, 'weekly' as const, 'monthly' as const),
        fc.constantFrom(LONDON, NEW_YORK, 'Australia/Sydney'),
        (minute, repeat, zone) => {
          const due = new Date(minute * 60_000);
          const next = new Date(nextDue(due.toISOString(), repeat, zone) ?? '');
          expect(dayInZone(next, zone) > dayInZone(due, zone)).toBe(true);
          // These zones change their clocks between 01:00 and 04:00: any other time is kept exactly.
          const time = timeInZone(due, zone);
          if (time >= '04:00') expect(timeInZone(next, zone)).toBe(time);
        },
      ),
    );
  });
});

describe('bucketOf', () => {
  it.each([
    ['2026-03-24', 'overdue'],
    ['2025-12-01', 'overdue'],
    ['2026-03-25', 'today'],
    ['2026-03-26', 'next7'],
    ['2026-04-01', 'next7'],
    ['2026-04-02', 'later'],
    ['2026-03-25T08:00:00.000Z', 'today'],
    ['2026-03-25T23:59:00.000Z', 'today'],
    ['2026-03-24T23:59:00.000Z', 'overdue'],
  ])('%s is %s on Wednesday 25 March at 10:00', (due, bucket) => {
    expect(bucketOf(due, NOW, LONDON)).toBe(bucket);
  });

  it('keeps an earlier time today in today, until midnight in the zone', () => {
    expect(bucketOf('2026-03-25T09:00:00.000Z', NOW, LONDON)).toBe('today');
    expect(bucketOf('2026-03-25T09:00:00.000Z', new Date('2026-03-26T00:00:00.000Z'), LONDON)).toBe('overdue');
  });

  it('counts days in the user zone', () => {
    // 02:00 UTC on 26 March: still the 25th in New York, so an item due on the 25th is not overdue there.
    const late = new Date('2026-03-26T02:00:00.000Z');
    expect(bucketOf('2026-03-25', late, NEW_YORK)).toBe('today');
    expect(bucketOf('2026-03-25', late, LONDON)).toBe('overdue');
  });

  it('is null for a malformed due', () => {
    expect(bucketOf('tomorrow', NOW, LONDON)).toBeNull();
  });
});

describe('formatDue', () => {
  it.each([
    ['2026-03-25', 'Today'],
    ['2026-03-26', 'Tomorrow'],
    ['2026-03-24', 'Yesterday'],
    ['2026-03-27', 'Fri'],
    ['2026-03-31', 'Tue'],
    ['2026-04-01', '1 Apr'],
    ['2026-03-20', '20 Mar'],
    ['2027-01-02', '2 Jan 2027'],
    ['2025-12-31', '31 Dec 2025'],
    ['2026-03-25T17:30:00.000Z', 'Today 17:30'],
    ['2026-03-31T08:00:00.000Z', 'Tue 09:00'],
    ['2026-03-26T00:30:00.000Z', 'Tomorrow 00:30'],
  ])('%s reads %s', (due, label) => {
    expect(formatDue(due, NOW, LONDON)).toBe(label);
  });

  it('follows the locale for dates, not for times or words', () => {
    expect(formatDue('2026-04-01T16:00:00.000Z', NOW, LONDON, 'en-US')).toBe('Apr 1 17:00');
    expect(formatDue('2026-03-25T16:00:00.000Z', NOW, LONDON, 'en-US')).toBe('Today 16:00');
  });

  it('counts today in the user zone', () => {
    // 23:30 UTC on 25 March is Thursday morning in Tokyo.
    expect(formatDue('2026-03-26', new Date('2026-03-25T23:30:00.000Z'), 'Asia/Tokyo')).toBe('Today');
  });

  it('is blank for a malformed due', () => {
    expect(formatDue('Friday', NOW, LONDON)).toBe('');
  });
});

describe('describeDue', () => {
  it('says the date in full, the time and the repeat', () => {
    expect(describeDue('2026-03-31T08:00:00.000Z', LONDON, { repeat: 'weekly' })).toMatch(
      /^Due Tuesday,? 31 March 2026 at 09:00, repeats weekly$/,
    );
    expect(describeDue('2026-03-31', LONDON)).toMatch(/^Due Tuesday,? 31 March 2026$/);
    expect(describeDue('2028-02-29', LONDON, { locale: 'en-US', repeat: 'monthly' })).toBe(
      'Due Tuesday, February 29, 2028, repeats monthly',
    );
  });

  it('is blank for a malformed due', () => {
    expect(describeDue('', LONDON)).toBe('');
  });
});
