// Which refusals of a refresh end a session here: supabase-js's own error classes, as its client throws them
// (the whole check against the real server: test/sync/session-ended.test.ts).
import { AuthApiError, AuthRetryableFetchError, AuthSessionMissingError } from '@supabase/auth-js';
import { describe, expect, it } from 'vitest';
import { refusedByAuthServer } from './session-check';

describe('refusedByAuthServer', () => {
  it('is the auth server refusing the refresh token or the user', () => {
    expect(
      refusedByAuthServer(
        new AuthApiError('Invalid Refresh Token: Refresh Token Not Found', 400, 'refresh_token_not_found'),
      ),
    ).toBe(true);
    expect(
      refusedByAuthServer(
        new AuthApiError('Session from session_id claim in JWT does not exist', 403, 'session_not_found'),
      ),
    ).toBe(true);
    expect(refusedByAuthServer(new AuthApiError('User is banned', 401, 'user_banned'))).toBe(true);
  });

  it('is not a lost network, a server failure, a rate limit, a timeout or no session at all', () => {
    expect(refusedByAuthServer(new AuthRetryableFetchError('Failed to fetch', 0))).toBe(false);
    expect(refusedByAuthServer(new AuthRetryableFetchError('Service Unavailable', 503))).toBe(false);
    expect(refusedByAuthServer(new AuthApiError('Too many requests', 429, 'over_request_rate_limit'))).toBe(false);
    expect(refusedByAuthServer(new AuthApiError('Request timeout', 408, undefined))).toBe(false);
    expect(refusedByAuthServer(new AuthSessionMissingError())).toBe(false);
    expect(refusedByAuthServer(new TypeError('Failed to fetch'))).toBe(false);
  });
});
