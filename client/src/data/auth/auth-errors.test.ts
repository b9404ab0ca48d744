// Toast text for auth failures: the message, the weak-password reasons, or 'Please try again.'.
import { AuthApiError, AuthRetryableFetchError, AuthWeakPasswordError } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { authErrorMessage, describeWeakPasswordReasons } from './auth-errors';

describe('authErrorMessage', () => {
  it("uses the server's message", () => {
    expect(authErrorMessage(new AuthApiError('Invalid login credentials', 400, 'invalid_credentials'))).toBe(
      'Invalid login credentials',
    );
  });

  it('adds the reasons of a weak-password error', () => {
    const error = new AuthWeakPasswordError('Password should be at least 6 characters.', 422, ['length']);
    expect(authErrorMessage(error)).toBe('Password should be at least 6 characters. Reason: too short.');
  });

  it('names every reason, passing unknown ones through', () => {
    expect(describeWeakPasswordReasons(['length', 'characters', 'pwned', 'other'])).toBe(
      'too short, needs more kinds of characters, found in a known data breach, other',
    );
  });

  it('explains a network failure', () => {
    expect(authErrorMessage(new AuthRetryableFetchError('Failed to fetch', 0))).toMatch(/could not be reached/);
    expect(authErrorMessage(new TypeError('Failed to fetch'))).toMatch(/could not be reached/);
  });

  it("falls back to 'Please try again.'", () => {
    expect(authErrorMessage(new Error(''))).toBe('Please try again.');
    expect(authErrorMessage(undefined)).toBe('Please try again.');
  });
});
