// Where the login screen sends a user after sign-in.
import { describe, expect, it } from 'vitest';
import { afterLoginPath } from './require-auth';

describe('afterLoginPath', () => {
  it('returns to the page the guard stopped, with its query and hash', () => {
    expect(afterLoginPath({ from: { pathname: '/settings', search: '?tab=ai', hash: '#x' } })).toBe('/settings?tab=ai#x');
  });

  it('goes to / without a usable origin', () => {
    expect(afterLoginPath(null)).toBe('/');
    expect(afterLoginPath({})).toBe('/');
    expect(afterLoginPath({ from: { pathname: '/login' } })).toBe('/');
    expect(afterLoginPath({ from: { pathname: '//evil.example' } })).toBe('/');
    expect(afterLoginPath({ from: { pathname: 'relative' } })).toBe('/');
  });
});
