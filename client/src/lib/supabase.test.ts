// Reading the session supabase-js stored back without the client.
import { describe, expect, it } from 'vitest';
import { readStoredSession } from './supabase';

describe('readStoredSession', () => {
  const session = {
    access_token: 'a',
    refresh_token: 'r',
    expires_at: 1,
    expires_in: 3600,
    token_type: 'bearer',
    user: { id: 'u1' },
  };
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
