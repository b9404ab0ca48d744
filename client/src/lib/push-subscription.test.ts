import { describe, expect, it } from 'vitest';
import { base64UrlBytes, madeWithKey } from './push-subscription';

describe("the server's push key", () => {
  it('decodes from base64url and recognises the subscriptions made with it', () => {
    const key = base64UrlBytes('BP-_AAE');
    expect(Array.from(key)).toEqual([4, 255, 191, 0, 1]);
    expect(madeWithKey(key.buffer, key)).toBe(true);
    expect(madeWithKey(new Uint8Array([4, 255, 191, 0, 2]).buffer, key)).toBe(false);
    expect(madeWithKey(null, key)).toBe(false);
  });
});
