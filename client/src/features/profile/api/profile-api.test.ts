// The profile's server calls: the password-change error texts and the user_data mirror of a saved profile.
import { describe, expect, it } from 'vitest';
import { AuthApiError, AuthRetryableFetchError, AuthWeakPasswordError } from '@supabase/supabase-js';
import { passwordChangeErrorMessage } from './change-password';
import { userDataFromUser } from './save-profile';

describe('passwordChangeErrorMessage', () => {
  it('names a wrong current password clearly', () => {
    expect(
      passwordChangeErrorMessage(
        new AuthApiError('Current password does not match.', 400, 'current_password_mismatch'),
      ),
    ).toBe('Your current password is incorrect.');
    expect(passwordChangeErrorMessage(new AuthApiError('x', 422, 'same_password'))).toBe(
      'Your new password must be different from your current password.',
    );
  });

  it("shows the server's weak-password reasons and explains an unreachable server", () => {
    expect(passwordChangeErrorMessage(new AuthWeakPasswordError('Password is too weak.', 422, ['pwned']))).toBe(
      'Password is too weak. Reason: found in a known data breach.',
    );
    expect(passwordChangeErrorMessage(new AuthRetryableFetchError('Failed to fetch', 0))).toMatch(
      /could not be reached/,
    );
  });
});

describe('userDataFromUser', () => {
  it('keeps the email and the non-empty profile fields', () => {
    expect(
      userDataFromUser({
        email: 'ann@example.com',
        user_metadata: { name: 'Ann', bio: '', website: 'https://a.example', ai_preferences: {} },
      }),
    ).toEqual({ email: 'ann@example.com', name: 'Ann', website: 'https://a.example' });
  });
});
