import { describe, expect, it } from 'vitest';
import { formatCount } from './format-count';

describe('formatCount', () => {
  it('groups a whole number as English does', () => {
    for (const n of [0, 7, 999, 1000, 12_345, 999_999, 1_234_567, -1234, Number.MAX_SAFE_INTEGER])
      expect(formatCount(n)).toBe(new Intl.NumberFormat('en').format(n));
    expect(formatCount(20_000)).toBe('20,000');
  });

  it('formats any other number with Intl', () => {
    expect(formatCount(1234.5)).toBe('1,234.5');
    expect(formatCount(1e21)).toBe(new Intl.NumberFormat('en').format(1e21));
  });
});
