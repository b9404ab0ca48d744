// Where supabase-js keeps the session, and reading it back without the client.
import { describe, expect, it } from 'vitest';
import { authStorageKey, readStoredSession } from './supabase';

describe('authStorageKey', () => {
  it("is sb-<first label of the host>-auth-token, as supabase-js names it", () => {
    expect(authStorageKey('http://127.0.0.1:4310')).toBe('sb-127-auth-token');
    expect(authStorageKey('https://notes.example.com')).toBe('sb-notes-auth-token');
    expect(authStorageKey('http://localhost:3000')).toBe('sb-localhost-auth-token');
  });
});

describe('readStoredSession', () => {
  const session = { access_token: 'a', refresh_token: 'r', expires_at: 1, expires_in: 3600, token_type: 'bearer', user: { id: 'u1' } };
  const storage = (value: string | null) => ({ getItem: () => value });

  it('returns a well-formed stored session', () => {
    expect(readStoredSession(storage(JSON.stringify(session)), 'k')?.user.id).toBe('u1');
  });

  it('returns null for nothing, bad JSON or a partial session', () => {
    expect(readStoredSession(storage(null), 'k')).toBeNull();
    expect(readStoredSession(storage('{nope'), 'k')).toBeNull();
    expect(readStoredSession(storage(JSON.stringify({ ...session, refresh_token: undefined })), 'k')).toBeNull();
    expect(readStoredSession(storage(JSON.stringify({ ...session, user: null })), 'k')).toBeNull();
  });
});
