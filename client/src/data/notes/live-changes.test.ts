// [S21] What a change event tells the controller: the revision it wrote, when it names one.
import { describe, expect, it } from 'vitest';
import { hintedRevision } from './live-changes';

describe('hintedRevision', () => {
  it('reads the revision of the written row, as a number or a numeric string', () => {
    expect(hintedRevision({ new: { id: 'a', revision: 42 } })).toBe(42);
    expect(hintedRevision({ new: { id: 'a', revision: '43' } })).toBe(43);
  });

  it('names none for a deletion without a row, a missing or unreadable revision, or no payload', () => {
    expect(hintedRevision({ new: {} })).toBeUndefined();
    expect(hintedRevision({ new: { revision: null } })).toBeUndefined();
    expect(hintedRevision({ new: { revision: 'x' } })).toBeUndefined();
    expect(hintedRevision({ new: { revision: '' } })).toBeUndefined();
    expect(hintedRevision({ new: { revision: -1 } })).toBeUndefined();
    expect(hintedRevision({ new: { revision: 1.5 } })).toBeUndefined();
    expect(hintedRevision({})).toBeUndefined();
    expect(hintedRevision(null)).toBeUndefined();
  });
});
