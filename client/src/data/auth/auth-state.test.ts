// Auth state transitions, including the offline rule: a stored session kept by supabase-js after a
// network failure is a signed-in state, and only an explicit Sign out is reported as 'explicit'.
import type { Session } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import {
  initialAuthState,
  keepIfSame,
  LOADING_STATE,
  nextAuthState,
  signedIn,
  SIGN_OUT_ELSEWHERE_MS,
  signedOut,
  signedOutByUserElsewhere,
  stateWhenAuthUnreachable,
} from './auth-state';

const session = {
  access_token: 'a',
  refresh_token: 'r',
  expires_at: 1,
  expires_in: 3600,
  token_type: 'bearer',
  user: { id: 'u1' },
} as unknown as Session;

describe('nextAuthState', () => {
  it('is signed in whenever supabase-js gives a session', () => {
    for (const event of ['INITIAL_SESSION', 'SIGNED_IN', 'TOKEN_REFRESHED', 'USER_UPDATED'] as const) {
      expect(nextAuthState(event, session, null, false)).toMatchObject({
        status: 'signed-in',
        offline: false,
        user: { id: 'u1' },
      });
    }
  });

  it('keeps a stored session when the initial load found none because a refresh could not reach the server', () => {
    expect(nextAuthState('INITIAL_SESSION', null, session, false)).toMatchObject({
      status: 'signed-in',
      offline: true,
    });
  });

  it('is signed out when nothing is stored', () => {
    expect(nextAuthState('INITIAL_SESSION', null, null, false)).toMatchObject({
      status: 'signed-out',
      signedOutReason: null,
    });
  });

  it('tells an explicit sign-out from a session the server ended', () => {
    expect(nextAuthState('SIGNED_OUT', null, null, true)).toMatchObject({
      status: 'signed-out',
      signedOutReason: 'explicit',
    });
    expect(nextAuthState('SIGNED_OUT', null, null, false)).toMatchObject({
      status: 'signed-out',
      signedOutReason: 'session-ended',
    });
  });
});

describe('stateWhenAuthUnreachable', () => {
  it('lets a stored session through while loading', () => {
    expect(stateWhenAuthUnreachable(LOADING_STATE, session)).toMatchObject({ status: 'signed-in', offline: true });
  });

  it('changes nothing without a stored session or once settled', () => {
    expect(stateWhenAuthUnreachable(LOADING_STATE, null)).toBe(LOADING_STATE);
    const settled = signedIn(session);
    expect(stateWhenAuthUnreachable(settled, session)).toBe(settled);
  });
});

describe('initialAuthState', () => {
  const now = 1_800_000_000_000;
  const expiringIn = (ms: number) => ({ ...session, expires_at: (now + ms) / 1000 }) as Session;

  it('starts signed in with a stored session supabase-js will not refresh first', () => {
    const stored = expiringIn(60 * 60_000);
    expect(initialAuthState(stored, now)).toMatchObject({ status: 'signed-in', offline: false, session: stored });
  });

  it('waits for supabase-js when the stored session is due for a refresh or expired', () => {
    expect(initialAuthState(expiringIn(60_000), now)).toBe(LOADING_STATE);
    expect(initialAuthState(expiringIn(-60_000), now)).toBe(LOADING_STATE);
  });

  it('is signed out when nothing is stored', () => {
    expect(initialAuthState(null, now)).toMatchObject({ status: 'signed-out', signedOutReason: null });
  });
});

describe('keepIfSame', () => {
  it('keeps the current state when the next one says the same', () => {
    const current = signedIn(session);
    expect(keepIfSame(current, signedIn({ ...session }))).toBe(current);
  });

  it("takes the next state when the user changes under the same token (the profile's metadata saved)", () => {
    const current = signedIn(session);
    const updated = signedIn({ ...session, user: { ...session.user, user_metadata: { name: 'Ada' } } } as Session);
    expect(keepIfSame(current, updated)).toBe(updated);
  });

  it('takes the next state when the token, the status or the offline flag changes', () => {
    const current = signedIn(session);
    const refreshed = signedIn({ ...session, access_token: 'b' });
    expect(keepIfSame(current, refreshed)).toBe(refreshed);
    const offline = signedIn(session, true);
    expect(keepIfSame(current, offline)).toBe(offline);
    const out = signedOut('session-ended');
    expect(keepIfSame(signedOut(), out)).toBe(out);
  });
});

describe('signedOutByUserElsewhere', () => {
  const now = 1_000_000_000;
  it('is a Sign out begun in another tab within the last minute', () => {
    expect(signedOutByUserElsewhere(String(now - 2_000), now)).toBe(true);
    expect(signedOutByUserElsewhere(String(now - SIGN_OUT_ELSEWHERE_MS), now)).toBe(true);
  });

  it('is not an old one, none, one from the future or a value it cannot read', () => {
    expect(signedOutByUserElsewhere(String(now - SIGN_OUT_ELSEWHERE_MS - 1), now)).toBe(false);
    expect(signedOutByUserElsewhere(null, now)).toBe(false);
    expect(signedOutByUserElsewhere(String(now + 5_000), now)).toBe(false);
    expect(signedOutByUserElsewhere('soon', now)).toBe(false);
  });
});
