// A provider body that echoes the key in any common encoding, reversed or split, shows none of it (issue 14, item 8).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quoteBody } from './error-messages';
import { MIN_FRAGMENT, redactSecret } from './redact-secret';

const KEY = 'not-a-real-key-4f1c2a9be07d4c33a8e1f0b6d2c95e7a';

/** Whether any 8-character run of `form` still appears in `text`. */
function leaks(text: string, form: string): boolean {
  for (let i = 0; i + MIN_FRAGMENT <= form.length; i++) if (text.includes(form.slice(i, i + MIN_FRAGMENT))) return true;
  return false;
}

describe('redactSecret', () => {
  const b64 = Buffer.from(KEY).toString('base64');
  const echoes: Record<string, string> = {
    plain: `{"error":"key ${KEY} is not valid"}`,
    base64: `{"error":"bad credentials ${b64}"}`,
    'base64 of a Basic header': `Authorization: Basic ${Buffer.from(`user:${KEY}`).toString('base64')}`,
    base64url: `token=${Buffer.from(KEY).toString('base64url')}`,
    reversed: `yek ${[...KEY].reverse().join('')} detcejer`,
    hex: `key hex ${Buffer.from(KEY).toString('hex')}`,
    'url-encoded': `GET /v1/models?key=${[...Buffer.from(KEY)].map((b) => `%${b.toString(16).toUpperCase()}`).join('')}`,
    'split in halves': `first part ${KEY.slice(0, 20)} and then ${KEY.slice(20)} end`,
    'split by whitespace': `${KEY.slice(0, 12)}\n   ${KEY.slice(12, 30)}\t${KEY.slice(30)}`,
    uppercased: `KEY=${KEY.toUpperCase()}`,
  };
  for (const [name, body] of Object.entries(echoes)) {
    it(`removes the key echoed ${name}`, () => {
      const shown = redactSecret(body, KEY);
      expect(shown).toContain('[redacted]');
      for (const form of [KEY, b64, Buffer.from(KEY).toString('hex'), [...KEY].reverse().join('')])
        expect(leaks(shown, form)).toBe(false);
    });
  }

  it('leaves text without the key as it was', () => {
    const body = '{"error":{"message":"Provider returned error","code":502}}';
    expect(redactSecret(body, KEY)).toBe(body);
  });

  it('never leaves 8 characters of the key, wherever it sits in random text', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.nat(KEY.length - MIN_FRAGMENT),
        fc.integer({ min: MIN_FRAGMENT, max: KEY.length }),
        fc.string(),
        (before, at, length, after) => {
          const fragment = KEY.slice(at, at + length);
          expect(leaks(redactSecret(`${before}${fragment}${after}`, KEY), KEY)).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("is what 'Connection test failed: ...' quotes", () => {
    expect(quoteBody(echoes.base64, KEY)).not.toContain(b64.slice(0, 12));
  });
});
