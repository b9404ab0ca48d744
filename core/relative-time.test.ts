// Relative 'Updated' times, blank on bad dates.
import { describe, expect, it } from 'vitest';
import { parseISO } from 'date-fns';
import fc from 'fast-check';
import { formatUpdated, parseTimestamp } from './relative-time';

const now = new Date('2024-06-10T12:00:00Z');

describe('formatUpdated', () => {
  it.each([
    ['2024-06-07T12:00:00Z', '3 days ago'],
    ['2024-06-07T12:00:00.123456+00:00', '3 days ago'],
    ['2024-06-07 12:00:00+00', '3 days ago'],
    ['2024-06-10T11:59:40Z', 'less than a minute ago'],
    ['2024-06-10T11:55:00Z', '5 minutes ago'],
    ['2024-06-10T09:00:00Z', 'about 3 hours ago'],
    ['2024-05-10T12:00:00Z', 'about 1 month ago'],
    ['2022-06-10T12:00:00Z', 'about 2 years ago'],
  ])('%s -> %s', (iso, expected) => {
    expect(formatUpdated(iso, now)).toBe(expected);
  });

  it('shows a slightly future time as just now', () => {
    expect(formatUpdated('2024-06-10T12:02:00Z', now)).toBe('less than a minute ago');
  });

  it.each([null, undefined, '', '  ', 'garbage', '1', '2024-13-45T00:00:00Z', 'Mon, 10 Jun 2024 12:00:00 GMT'])(
    'is blank for %j',
    (iso) => {
      expect(formatUpdated(iso, now)).toBe('');
    },
  );

  it('is blank when now is invalid', () => {
    expect(formatUpdated('2024-06-07T12:00:00Z', new Date(Number.NaN))).toBe('');
  });

  it('defaults now to the current time', () => {
    expect(formatUpdated(new Date(Date.now() - 3 * 86_400_000).toISOString())).toBe('3 days ago');
  });

  it('never throws (property)', () => {
    fc.assert(
      fc.property(fc.string(), fc.date(), (iso, at) => {
        expect(typeof formatUpdated(iso, at)).toBe('string');
      }),
    );
  });
});

describe('parseTimestamp', () => {
  it('reads ISO timestamps with any offset form', () => {
    expect(parseTimestamp('2024-06-10T14:00:00+02:00')?.toISOString()).toBe('2024-06-10T12:00:00.000Z');
    expect(parseTimestamp('2024-06-10T12:00:00Z')?.getTime()).toBe(now.getTime());
  });

  it('is null for non-ISO text', () => {
    expect(parseTimestamp('June 10, 2024')).toBeNull();
  });

  it('reads the stored form (toISOString) as parseISO does, impossible days refused', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('0001-01-01T00:00:00.000Z'),
          max: new Date('9999-12-31T23:59:59.999Z'),
          noInvalidDate: true,
        }),
        (at) => {
          expect(parseTimestamp(at.toISOString())?.getTime()).toBe(parseISO(at.toISOString()).getTime());
        },
      ),
    );
    expect(parseTimestamp('2024-02-30T00:00:00.000Z')).toBeNull();
    expect(parseTimestamp('2024-13-01T00:00:00.000Z')).toBeNull();
    // Not read back the same natively: parseISO decides, as before (it takes 24:00 for the next midnight).
    expect(parseTimestamp('2024-06-10T24:00:00.000Z')?.getTime()).toBe(parseISO('2024-06-10T24:00:00.000Z').getTime());
  });
});
