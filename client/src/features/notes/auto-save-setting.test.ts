// The Edit screen reads the auto-save interval defensively (spec: 15, 30, 60 seconds or off; default 30).
import { describe, expect, it } from 'vitest';
import { readAutoSaveSeconds } from './auto-save-setting';

const storage = (value: string | null) => ({ getItem: () => value });

describe('readAutoSaveSeconds', () => {
  it('defaults to 30 seconds', () => {
    expect(readAutoSaveSeconds(storage(null))).toBe(30);
    expect(readAutoSaveSeconds(null)).toBe(30);
  });
  it('reads either field name', () => {
    expect(readAutoSaveSeconds(storage('{"autoSaveSeconds":15}'))).toBe(15);
    expect(readAutoSaveSeconds(storage('{"autoSaveInterval":60}'))).toBe(60);
    expect(readAutoSaveSeconds(storage('{"autoSaveInterval":0}'))).toBe(0);
    expect(readAutoSaveSeconds(storage('{"autoSaveSeconds":"15"}'))).toBe(15);
  });
  it('ignores anything else', () => {
    expect(readAutoSaveSeconds(storage('{"autoSaveSeconds":7}'))).toBe(30);
    expect(readAutoSaveSeconds(storage('not json'))).toBe(30);
    expect(readAutoSaveSeconds(storage('[15]'))).toBe(30);
    expect(
      readAutoSaveSeconds({
        getItem: () => {
          throw new Error('denied');
        },
      }),
    ).toBe(30);
  });
});
