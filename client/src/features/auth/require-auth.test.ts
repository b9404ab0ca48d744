// Where the login screen sends a user after sign-in.
import { describe, expect, it } from 'vitest';
import { afterLoginPath, loginRedirectState } from './require-auth';

describe('afterLoginPath', () => {
  it('returns to the page the guard stopped, with its query and hash', () => {
    expect(afterLoginPath({ from: { pathname: '/settings', search: '?tab=ai', hash: '#x' } })).toBe(
      '/settings?tab=ai#x',
    );
  });

  it('goes to / without a usable origin', () => {
    expect(afterLoginPath(null)).toBe('/');
    expect(afterLoginPath({})).toBe('/');
    expect(afterLoginPath({ from: { pathname: '/login' } })).toBe('/');
    expect(afterLoginPath({ from: { pathname: '//evil.example' } })).toBe('/');
    expect(afterLoginPath({ from: { pathname: 'relative' } })).toBe('/');
  });
});

describe('loginRedirectState', () => {
  const at = { pathname: '/profile', search: '?tab=security', hash: '' };

  it('remembers the page when the session ended or there was none, so that sign-in comes back to it', () => {
    expect(afterLoginPath(loginRedirectState('session-ended', at))).toBe('/profile?tab=security');
    expect(afterLoginPath(loginRedirectState(null, at))).toBe('/profile?tab=security');
  });

  it('tells /login only of a session the server ended', () => {
    expect(loginRedirectState('session-ended', at)?.sessionEnded).toBe(true);
    expect(loginRedirectState(null, at)?.sessionEnded).toBeUndefined();
  });

  it("forgets it after the user's own Sign out: the next sign-in starts at the dashboard", () => {
    expect(afterLoginPath(loginRedirectState('explicit', at))).toBe('/');
  });
});
