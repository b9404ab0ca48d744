// Avatar initials from a name, with the email as fallback.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { avatarInitials, initials } from './initials';

describe('initials', () => {
  it.each([
    ['Ada Lovelace', 'AL'],
    ['ada lovelace', 'AL'],
    ['Ada', 'A'],
    ['John Ronald Reuel Tolkien', 'JR'],
    ['  Ada   Lovelace  ', 'AL'],
    ['Ada\tLovelace', 'AL'],
    ['Jean-Luc Picard', 'JP'],
    ['(Ann) Smith', 'AS'],
    ['🌱 Sprout Fan', 'SF'],
    ['Émile Zola', 'ÉZ'],
    ['straße weg', 'SW'],
    ['ßtraße', 'ß'],
    ['', ''],
    ['   ', ''],
  ])('%j -> %j', (name, expected) => {
    expect(initials(name)).toBe(expected);
  });

  it('handles a missing name', () => {
    expect(initials(null)).toBe('');
    expect(initials(undefined)).toBe('');
  });

  it('is at most two characters (property)', () => {
    fc.assert(
      fc.property(fc.string(), (name) => {
        expect(Array.from(initials(name)).length).toBeLessThanOrEqual(2);
      }),
    );
  });
});

describe('avatarInitials', () => {
  it('prefers the name', () => {
    expect(avatarInitials('Ada Lovelace', 'zed@example.com')).toBe('AL');
  });

  it('falls back to the first letter of the email', () => {
    expect(avatarInitials('', 'zed@example.com')).toBe('Z');
    expect(avatarInitials('  ', ' zed@example.com')).toBe('Z');
    expect(avatarInitials(null, 'zed@example.com')).toBe('Z');
  });

  it('is blank with neither', () => {
    expect(avatarInitials(null, null)).toBe('');
    expect(avatarInitials('', '')).toBe('');
  });
});
