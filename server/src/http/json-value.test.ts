import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkJsonValue, jsonByteLength } from './json-value';

const nested = (levels: number) => JSON.parse(`${'['.repeat(levels)}${']'.repeat(levels)}`) as unknown;

describe('checkJsonValue', () => {
  it('refuses NUL and lone surrogates in values and keys, and says where', () => {
    expect(checkJsonValue({ a: ['x', 'y\u0000'] }, { maxDepth: 8 })).toEqual({
      path: 'a[1]',
      issue: expect.stringContaining('NUL'),
    });
    expect(checkJsonValue({ b: '\ud800' }, { maxDepth: 8 })?.issue).toMatch(/surrogate/);
    expect(checkJsonValue({ b: 'x\udc00' }, { maxDepth: 8 })?.issue).toMatch(/surrogate/);
    expect(checkJsonValue({ ['k\u0000']: 1 }, { maxDepth: 8 })?.issue).toMatch(/^key/);
    expect(checkJsonValue({ ok: 'emoji 🌱 and é' }, { maxDepth: 8 })).toBeNull();
  });

  it('bounds depth without recursion, even at nesting that overflows JSON.stringify', () => {
    const deep = nested(200_000);
    expect(() => JSON.stringify(deep)).toThrow(RangeError);
    expect(checkJsonValue(deep, { maxDepth: 64 })?.issue).toMatch(/deeper than 64/);
    expect(checkJsonValue(nested(64), { maxDepth: 64 })).toBeNull();
  });

  it('bounds size', () => {
    expect(checkJsonValue({ a: 'x'.repeat(5000) }, { maxDepth: 8, maxBytes: 4096 })?.issue).toMatch(
      /at most 4096 bytes/,
    );
  });

  it('measures size exactly as JSON.stringify would', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(jsonByteLength(value)).toBe(Buffer.byteLength(JSON.stringify(value)));
      }),
      { numRuns: 300 },
    );
  });
});
