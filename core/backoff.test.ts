// Back-off schedules with an injected random source.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FALLBACK_BACKOFF, FALLBACK_MAX_ATTEMPTS, exponentialBackoff, fallbackDelayMs } from './backoff';

const zero = () => 0;
const half = () => 0.5;
const almostOne = () => 0.999_999;

describe('fallbackDelayMs', () => {
  it('allows three attempts', () => {
    expect(FALLBACK_MAX_ATTEMPTS).toBe(3);
  });

  it.each([
    [0, zero, 1000],
    [1, zero, 2000],
    [2, zero, 4000],
    [3, zero, 8000],
    [4, zero, 10_000],
    [0, half, 1500],
    [2, half, 4500],
    [0, almostOne, 1999],
    [3, almostOne, 8999],
    [3, () => 1, 9000],
  ])('attempt %i -> %i ms', (attempt, random, expected) => {
    expect(fallbackDelayMs(attempt, random)).toBe(expected);
  });

  it('caps at 10 s including jitter', () => {
    expect(fallbackDelayMs(10, almostOne)).toBe(10_000);
    expect(fallbackDelayMs(5000, almostOne)).toBe(10_000);
  });

  it('uses Math.random by default, within the jitter window', () => {
    const delay = fallbackDelayMs(1);
    expect(delay).toBeGreaterThanOrEqual(2000);
    expect(delay).toBeLessThan(3000);
  });
});

describe('exponentialBackoff', () => {
  const sync = { baseMs: 500, factor: 3, maxMs: 30_000, jitterMs: 0 };

  it('grows by the factor', () => {
    expect([0, 1, 2, 3, 4].map((a) => exponentialBackoff(sync, a, zero))).toEqual([500, 1500, 4500, 13_500, 30_000]);
  });

  it('treats odd attempt numbers as the nearest sensible one', () => {
    expect(exponentialBackoff(sync, -2, zero)).toBe(500);
    expect(exponentialBackoff(sync, 1.7, zero)).toBe(1500);
    expect(exponentialBackoff(sync, Number.NaN, zero)).toBe(500);
    expect(exponentialBackoff(sync, Number.POSITIVE_INFINITY, zero)).toBe(30_000);
  });

  it('clamps a misbehaving random source', () => {
    expect(exponentialBackoff(FALLBACK_BACKOFF, 0, () => -5)).toBe(1000);
    expect(exponentialBackoff(FALLBACK_BACKOFF, 0, () => 7)).toBe(2000);
    expect(exponentialBackoff(FALLBACK_BACKOFF, 0, () => Number.NaN)).toBe(1000);
  });

  it('stays within [base * factor^n, cap] for any attempt and random (property)', () => {
    fc.assert(
      fc.property(fc.nat({ max: 60 }), fc.double({ min: 0, max: 1, noNaN: true }), (attempt, r) => {
        const delay = fallbackDelayMs(attempt, () => r);
        expect(Number.isInteger(delay)).toBe(true);
        expect(delay).toBeLessThanOrEqual(10_000);
        expect(delay).toBeGreaterThanOrEqual(Math.min(1000 * 2 ** attempt, 10_000));
      }),
    );
  });
});
