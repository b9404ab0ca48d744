import { describe, expect, it } from 'vitest';
import { isRepresentableTimestamp, utcMillis } from './timestamp-range';

describe('isRepresentableTimestamp', () => {
  it('refuses instants that PostgreSQL stores past year 9999 or before year 1 once the zone is applied', () => {
    expect(isRepresentableTimestamp('9999-12-31T23:59:59-12:00')).toBe(false);
    expect(isRepresentableTimestamp('9999-12-31T23:59:59.5Z')).toBe(false);
    expect(isRepresentableTimestamp('0001-01-01T00:00:00+01:00')).toBe(false);
    expect(isRepresentableTimestamp('0001-01-01 00:00:00+0100')).toBe(false);
  });

  it('accepts the ends of the range and ordinary timestamps in every accepted form', () => {
    expect(isRepresentableTimestamp('9999-12-31T23:59:59Z')).toBe(true);
    expect(isRepresentableTimestamp('9999-12-31T12:00:00+11:59')).toBe(true);
    expect(isRepresentableTimestamp('0001-01-01T00:00:00Z')).toBe(true);
    expect(isRepresentableTimestamp('2024-05-01T12:00:00.123456Z')).toBe(true);
    expect(isRepresentableTimestamp('2024-05-01')).toBe(true);
    expect(isRepresentableTimestamp('2024-05-01 12:00')).toBe(true);
  });

  it('reads the instant as PostgreSQL does in a UTC session', () => {
    expect(utcMillis('2024-05-01T12:00:00+02:00')).toBe(Date.parse('2024-05-01T10:00:00Z'));
    expect(utcMillis('2024-05-01 12:00')).toBe(Date.parse('2024-05-01T12:00:00Z'));
    expect(utcMillis('0050-01-01T00:00:00Z')).toBe(Date.parse('0050-01-01T00:00:00Z'));
    expect(utcMillis('nonsense')).toBeNull();
  });
});
