// Profile rules: password checks (spec section 5), URL validation, the metadata patch, avatar display.
import { describe, expect, it } from 'vitest';
import {
  AVATAR_URL_ERROR,
  WEBSITE_ERROR,
  isDisplayableAvatarUrl,
  isValidWebUrl,
  newPasswordError,
  profileFromMetadata,
  profileMetadataPatch,
  validateProfile,
} from './profile-fields';

const blank = { name: '', bio: '', location: '', website: '', avatarUrl: '' };

describe('newPasswordError', () => {
  it('checks that the passwords match first, then the 8-character minimum', () => {
    expect(newPasswordError('abcdefgh', 'abcdefgX')).toBe("New passwords don't match.");
    expect(newPasswordError('short', 'other')).toBe("New passwords don't match.");
    expect(newPasswordError('short', 'short')).toBe('Password must be at least 8 characters.');
    expect(newPasswordError('1234567', '1234567')).toBe('Password must be at least 8 characters.');
    expect(newPasswordError('12345678', '12345678')).toBeNull();
  });
});

describe('isValidWebUrl', () => {
  it('accepts empty and absolute http(s) addresses only', () => {
    for (const ok of ['', '   ', 'https://example.com', 'http://example.com/path?q=1', 'https://sub.example.co.uk/a#b'])
      expect(isValidWebUrl(ok), ok).toBe(true);
    for (const bad of [
      'example.com',
      'javascript:alert(1)',
      'ftp://example.com',
      'https://',
      'http://exa mple.com',
      'mailto:a@b.c',
      'data:text/html,hi',
    ]) {
      expect(isValidWebUrl(bad), bad).toBe(false);
    }
  });

  it('reports the website and picture fields separately', () => {
    expect(validateProfile({ ...blank, website: 'nope' })).toEqual({ website: WEBSITE_ERROR });
    expect(validateProfile({ ...blank, avatarUrl: 'nope' })).toEqual({ avatarUrl: AVATAR_URL_ERROR });
    expect(validateProfile({ ...blank, website: 'https://a.example', avatarUrl: 'https://a.example/p.png' })).toEqual(
      {},
    );
  });
});

describe('profileMetadataPatch', () => {
  it('trims values and removes emptied fields', () => {
    expect(
      profileMetadataPatch({
        name: ' Ann Lee ',
        bio: '',
        location: 'Oslo, Norway',
        website: ' ',
        avatarUrl: 'https://a.example/p.png',
      }),
    ).toEqual({
      name: 'Ann Lee',
      bio: null,
      location: 'Oslo, Norway',
      website: null,
      avatar_url: 'https://a.example/p.png',
    });
  });
});

describe('profileFromMetadata', () => {
  it('reads user_metadata, falling back on the local user_data copy per field', () => {
    expect(
      profileFromMetadata(
        { name: 'Ann', avatar_url: 'https://a.example/p.png', bio: 42 },
        { bio: 'Local bio', name: 'Old' },
      ),
    ).toEqual({
      name: 'Ann',
      bio: 'Local bio',
      location: '',
      website: '',
      avatarUrl: 'https://a.example/p.png',
    });
    expect(profileFromMetadata(null)).toEqual(blank);
  });
});

describe('isDisplayableAvatarUrl', () => {
  const origin = 'https://sprout.example';
  it('allows only what the CSP lets load: this origin and data: images', () => {
    expect(isDisplayableAvatarUrl('https://sprout.example/me.png', origin)).toBe(true);
    expect(isDisplayableAvatarUrl('/me.png', origin)).toBe(true);
    expect(isDisplayableAvatarUrl('data:image/png;base64,AAAA', origin)).toBe(true);
    expect(isDisplayableAvatarUrl('https://cdn.example/me.png', origin)).toBe(false);
    expect(isDisplayableAvatarUrl('', origin)).toBe(false);
  });
});
