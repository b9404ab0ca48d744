import { describe, expect, it } from 'vitest';
import { interleave, median, quantile, smokeFailure, toRow } from './row';

describe('median and quantile', () => {
  it('takes the middle of an odd list, the mean of the middle two of an even one, and ignores NaN', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([NaN, 5])).toBe(5);
    expect(median([])).toBeNaN();
  });

  it('takes the nearest rank', () => {
    const hundred = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(quantile(hundred, 0.99)).toBe(99);
    expect(quantile(hundred, 0.5)).toBe(50);
    expect(quantile([7], 0.99)).toBe(7);
  });
});

describe('toRow', () => {
  it('puts the medians of the rounds side by side with their ratio, range and verdict', () => {
    const row = toRow({
      name: 'GET',
      unit: 'req/s',
      values: [40, 60, 50],
      floorName: 'raw SELECT',
      floorValues: [100, 90, 110],
      better: 'higher',
      goal: '>= 0.7x',
      meets: (v, f) => f !== null && v >= 0.7 * f,
    });
    expect(row).toMatchObject({
      value: 50,
      floorValue: 100,
      ratio: 0.5,
      met: false,
      spread: '40-60 / 90-110 (3 rounds)',
    });
  });

  it('has no ratio or verdict without a floor or a goal', () => {
    const row = toRow({ name: 'timeouts', unit: 'requests', values: [0, 0], better: 'lower' });
    expect(row).toMatchObject({ floorValue: null, ratio: null, met: null, floorName: '', spread: '0-0 (2 rounds)' });
  });
});

describe('smokeFailure', () => {
  const row = (ratio: number | null, smokeLimit?: { ratioAtMost?: number; ratioAtLeast?: number }) => ({
    ...toRow({ name: 'x', unit: 'ms', values: [1], floorName: 'floor', floorValues: [1], better: 'lower' as const }),
    ratio,
    smokeLimit,
  });

  it('fails a ratio past its limit, either way, and a row whose ratio could not be measured', () => {
    expect(smokeFailure(row(5, { ratioAtMost: 4 }))).toMatch(/above 4/);
    expect(smokeFailure(row(0.05, { ratioAtLeast: 0.1 }))).toMatch(/below 0.1/);
    expect(smokeFailure(row(null, { ratioAtMost: 4 }))).toMatch(/no ratio/);
  });

  it('passes a ratio within its limit and a row without one', () => {
    expect(smokeFailure(row(3, { ratioAtMost: 4 }))).toBeNull();
    expect(smokeFailure(row(100))).toBeNull();
  });
});

describe('interleave', () => {
  it('runs every step once a round, starting each round one step later', async () => {
    const order: string[] = [];
    const step = (name: string) => async () => {
      order.push(name);
      return order.length;
    };
    const samples = await interleave(3, { a: step('a'), b: step('b'), c: step('c') });
    expect(order).toEqual(['a', 'b', 'c', 'b', 'c', 'a', 'c', 'a', 'b']);
    expect(samples).toEqual({ a: [1, 6, 8], b: [2, 4, 9], c: [3, 5, 7] });
  });
});
