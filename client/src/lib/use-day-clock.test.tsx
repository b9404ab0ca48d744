// useDayClock moves on at the user's midnight, and after a sleep the timer missed, but not in between.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { dayInZone } from '#core/zoned-time';
import { nextDayStart, useDayClock } from './use-day-clock';

afterEach(() => vi.useRealTimers());

const NEW_YORK = 'America/New_York';

describe('nextDayStart', () => {
  it("is the zone's next midnight, a day of 23 or 25 hours included", () => {
    // 8 March 2026, 01:00 EST: the day clocks go forward in New York, 23 hours long.
    expect(nextDayStart(new Date('2026-03-08T06:00:00Z'), NEW_YORK).toISOString()).toBe('2026-03-09T04:00:00.000Z');
    // 1 November 2026: clocks go back, a 25-hour day.
    expect(nextDayStart(new Date('2026-11-01T12:00:00Z'), NEW_YORK).toISOString()).toBe('2026-11-02T05:00:00.000Z');
    expect(nextDayStart(new Date('2026-12-31T23:30:00Z'), 'Asia/Tokyo').toISOString()).toBe('2027-01-01T15:00:00.000Z');
  });
});

describe('useDayClock', () => {
  it('renders again when the day changes in the zone, not before', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    // 23:59:00 in New York.
    vi.setSystemTime(new Date('2026-12-03T04:59:00Z'));
    let renders = 0;
    const { result } = renderHook(() => {
      renders += 1;
      return useDayClock(NEW_YORK);
    });
    expect(dayInZone(result.current, NEW_YORK)).toBe('2026-12-02');
    const rendersBefore = renders;

    act(() => vi.advanceTimersByTime(30_000));
    expect(renders).toBe(rendersBefore);
    expect(dayInZone(result.current, NEW_YORK)).toBe('2026-12-02');

    act(() => vi.advanceTimersByTime(31_000));
    expect(dayInZone(result.current, NEW_YORK)).toBe('2026-12-03');

    // And the next midnight too: the timer is set again for each day.
    act(() => vi.advanceTimersByTime(24 * 60 * 60 * 1000));
    expect(dayInZone(result.current, NEW_YORK)).toBe('2026-12-04');
  });

  it('catches up when the page is shown again after a sleep its timer slept through', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date('2026-12-03T12:00:00Z'));
    const { result } = renderHook(() => useDayClock(NEW_YORK));
    expect(dayInZone(result.current, NEW_YORK)).toBe('2026-12-03');

    // The clock moves two days on while no timer runs (a phone asleep), then the page is shown.
    vi.setSystemTime(new Date('2026-12-05T12:00:00Z'));
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(dayInZone(result.current, NEW_YORK)).toBe('2026-12-05');
  });
});
