import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ACTION_TOKEN_TTL_MS, signActionToken, verifyActionToken } from './action-token';

const key = randomBytes(32);
const reminder = {
  noteId: '0b5f3c1e-6a4e-4f0e-9b1a-3f1c2d3e4f50',
  itemId: 'item-1',
  due: '2026-03-31T08:00:00.000Z',
};
const userId = '7d9c2a10-1b2c-4d3e-8f9a-0b1c2d3e4f5a';
const now = Date.parse('2026-03-31T08:00:30.000Z');

describe('the action token of a reminder', () => {
  const token = signActionToken(key, { ...reminder, userId }, now);

  it('names its user for its own reminder until it expires', () => {
    expect(verifyActionToken(key, token, reminder, now)).toBe(userId);
    expect(verifyActionToken(key, token, reminder, now + ACTION_TOKEN_TTL_MS - 1000)).toBe(userId);
    expect(verifyActionToken(key, token, reminder, now + ACTION_TOKEN_TTL_MS + 1000)).toBeNull();
  });

  it('is refused for another reminder, under another key, or altered', () => {
    expect(verifyActionToken(key, token, { ...reminder, itemId: 'item-2' }, now)).toBeNull();
    expect(verifyActionToken(key, token, { ...reminder, due: '2026-04-01T08:00:00.000Z' }, now)).toBeNull();
    expect(verifyActionToken(randomBytes(32), token, reminder, now)).toBeNull();
    const [, expiry, signature] = token.split('.');
    const otherUser = '11111111-2222-4333-8444-555555555555';
    expect(verifyActionToken(key, `${otherUser}.${expiry}.${signature}`, reminder, now)).toBeNull();
    expect(verifyActionToken(key, `${userId}.${Number(expiry) + 1}.${signature}`, reminder, now)).toBeNull();
    for (const junk of ['', '...', 'a.b.c', `${userId}.x.${signature}`, `${token}.more`])
      expect(verifyActionToken(key, junk, reminder, now)).toBeNull();
  });
});
