// Days and wall-clock times in IANA zones, across clock changes.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addDays,
  dayInZone,
  dayOf,
  daysBetween,
  daysInMonth,
  instantOf,
  isDay,
  isWallTime,
  offsetMinutes,
  partsOf,
  timeInZone,
  weekdayOf,
} from './zoned-time';

const at = (iso: string) => new Date(iso);

describe('days', () => {
  it.each(['2026-03-31', '2028-02-29', '2000-02-29', '0001-01-01', '9999-12-31'])('%s is a day', (day) => {
    expect(isDay(day)).toBe(true);
  });

  it.each([
    '2026-02-29',
    '1900-02-29',
    '2026-04-31',
    '2026-13-01',
    '2026-00-10',
    '2026-3-1',
    '2026-03-31T00:00',
    '',
    20260331,
    null,
  ])('%j is not a day', (value) => {
    expect(isDay(value)).toBe(false);
  });

  it('counts the days of months, leap Februaries included', () => {
    expect([daysInMonth(2026, 2), daysInMonth(2028, 2), daysInMonth(2100, 2), daysInMonth(2026, 4)]).toEqual([
      28, 29, 28, 30,
    ]);
  });

  it('moves across month, year and leap-day ends', () => {
    expect(addDays('2026-03-31', 1)).toBe('2026-04-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-03-25', 0)).toBe('2026-03-25');
  });

  it('counts the days between two days either way', () => {
    expect(daysBetween('2026-03-25', '2026-04-01')).toBe(7);
    expect(daysBetween('2026-04-01', '2026-03-25')).toBe(-7);
    // The clocks change on 29 March; days are days.
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
  });

  it('names the day of the week', () => {
    expect(weekdayOf('2026-03-25')).toBe(3);
    expect(weekdayOf('2028-02-29')).toBe(2);
    expect(weekdayOf('2026-03-29')).toBe(0);
  });

  it('takes days apart and puts them together', () => {
    expect(partsOf('2026-03-05')).toEqual([2026, 3, 5]);
    expect(dayOf(2026, 3, 5)).toBe('2026-03-05');
    expect(() => partsOf('2026-02-30')).toThrow(RangeError);
  });

  it('reads wall times', () => {
    expect(['00:00', '09:05', '23:59'].every(isWallTime)).toBe(true);
    expect(['24:00', '9:05', '12:60', '12:00:00', ''].some(isWallTime)).toBe(false);
  });
});

describe('dayInZone and timeInZone', () => {
  it('give the day and time the zone shows', () => {
    const instant = at('2026-03-31T23:30:00.000Z');
    expect([dayInZone(instant, 'UTC'), timeInZone(instant, 'UTC')]).toEqual(['2026-03-31', '23:30']);
    expect([dayInZone(instant, 'Europe/London'), timeInZone(instant, 'Europe/London')]).toEqual([
      '2026-04-01',
      '00:30',
    ]);
    expect([dayInZone(instant, 'America/New_York'), timeInZone(instant, 'America/New_York')]).toEqual([
      '2026-03-31',
      '19:30',
    ]);
    expect([dayInZone(instant, 'Asia/Kolkata'), timeInZone(instant, 'Asia/Kolkata')]).toEqual(['2026-04-01', '05:00']);
  });

  it('shows midnight as 00:00, not 24:00', () => {
    expect(timeInZone(at('2026-03-25T00:00:00.000Z'), 'UTC')).toBe('00:00');
  });

  it('throws on an unknown zone', () => {
    expect(() => dayInZone(new Date(0), 'Mars/Olympus')).toThrow(RangeError);
  });

  it("reads UTC from Date's own clock as Intl reads it (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2200, 0, 1) }), (ms) => {
        const instant = new Date(ms);
        expect([dayInZone(instant, 'UTC'), timeInZone(instant, 'UTC'), offsetMinutes(instant, 'UTC')]).toEqual([
          dayInZone(instant, 'Etc/UTC'),
          timeInZone(instant, 'Etc/UTC'),
          0,
        ]);
      }),
    );
  });
});

describe('offsetMinutes', () => {
  it('follows the clock changes', () => {
    expect(offsetMinutes(at('2026-03-29T00:59:00.000Z'), 'Europe/London')).toBe(0);
    expect(offsetMinutes(at('2026-03-29T01:00:00.000Z'), 'Europe/London')).toBe(60);
    expect(offsetMinutes(at('2026-03-25T10:00:00.000Z'), 'Asia/Kathmandu')).toBe(345);
    expect(offsetMinutes(at('2026-07-01T00:00:00.000Z'), 'America/New_York')).toBe(-240);
  });
});

describe('instantOf', () => {
  it('reads a wall time in the zone', () => {
    expect(instantOf('2026-03-31', '09:00', 'Europe/London').toISOString()).toBe('2026-03-31T08:00:00.000Z');
    expect(instantOf('2026-03-27', '09:00', 'Europe/London').toISOString()).toBe('2026-03-27T09:00:00.000Z');
    expect(instantOf('2026-03-31', '09:00', 'Asia/Tokyo').toISOString()).toBe('2026-03-31T00:00:00.000Z');
    expect(instantOf('2026-03-31', '09:00', 'Asia/Kolkata').toISOString()).toBe('2026-03-31T03:30:00.000Z');
    expect(instantOf('2026-01-01', '00:00', 'Pacific/Kiritimati').toISOString()).toBe('2025-12-31T10:00:00.000Z');
  });

  it('moves a time the clocks skip to just after the gap', () => {
    // London jumps from 01:00 GMT to 02:00 BST; New York from 02:00 EST to 03:00 EDT.
    expect(instantOf('2026-03-29', '01:30', 'Europe/London').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(timeInZone(instantOf('2026-03-29', '01:30', 'Europe/London'), 'Europe/London')).toBe('02:30');
    expect(instantOf('2026-03-08', '02:30', 'America/New_York').toISOString()).toBe('2026-03-08T07:30:00.000Z');
    // Lord Howe Island moves by half an hour.
    expect(timeInZone(instantOf('2026-10-04', '02:15', 'Australia/Lord_Howe'), 'Australia/Lord_Howe')).toBe('02:45');
  });

  it('takes the first of a time the clocks show twice', () => {
    expect(instantOf('2026-10-25', '01:30', 'Europe/London').toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(instantOf('2026-11-01', '01:30', 'America/New_York').toISOString()).toBe('2026-11-01T05:30:00.000Z');
  });

  it('keeps times either side of a change', () => {
    expect(instantOf('2026-03-29', '00:59', 'Europe/London').toISOString()).toBe('2026-03-29T00:59:00.000Z');
    expect(instantOf('2026-03-29', '02:00', 'Europe/London').toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(instantOf('2026-10-25', '02:00', 'Europe/London').toISOString()).toBe('2026-10-25T02:00:00.000Z');
  });

  it('throws on a malformed day or time', () => {
    expect(() => instantOf('2026-02-30', '09:00', 'UTC')).toThrow(RangeError);
    expect(() => instantOf('2026-03-31', '9:00', 'UTC')).toThrow(RangeError);
  });

  it('gives back the wall time of any instant (property)', () => {
    const zones = ['Europe/London', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kolkata', 'America/Santiago'];
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1990, 0, 1) / 60_000, max: Date.UTC(2060, 0, 1) / 60_000 }),
        fc.constantFrom(...zones),
        (minute, zone) => {
          const instant = new Date(minute * 60_000);
          const day = dayInZone(instant, zone);
          const time = timeInZone(instant, zone);
          const back = instantOf(day, time, zone);
          expect([dayInZone(back, zone), timeInZone(back, zone)]).toEqual([day, time]);
          // Only a time shown twice can come back as its other instant, the earlier one.
          expect(back.getTime()).toBeLessThanOrEqual(instant.getTime());
        },
      ),
    );
  });
});
