// The app counts as signed in only once supabase-js has stored the session (issue 14.11): a page opened
// in between (a reload, a typed URL) would otherwise find no session and land on /login.
import { act, render, screen } from '@testing-library/react';
import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from '../../data/auth';
import { DEVICE_KEYS } from '../../lib/device-storage';
import { beforeSessionEnds, KEEP_WAIT_MS } from '../../lib/session-keepers';
import { AuthProvider } from './auth-provider';

const session = {
  access_token: 'fresh',
  refresh_token: 'r',
  expires_at: 9_999_999_999,
  expires_in: 3600,
  token_type: 'bearer',
  user: { id: '00000000-0000-4000-8000-000000000001' },
} as unknown as Session;

/** A stand-in for supabase-js's auth client that announces a sign-in before its storage write lands. */
function slowStoringAuth() {
  let listener: ((event: AuthChangeEvent, session: Session | null) => void) | null = null;
  return {
    onAuthStateChange(callback: (event: AuthChangeEvent, session: Session | null) => void) {
      listener = callback;
      queueMicrotask(() => callback('INITIAL_SESSION', null));
      return { data: { subscription: { unsubscribe: () => (listener = null) } } };
    },
    getSession: async () => ({ data: { session: null }, error: null }),
    signOut: async () => ({ error: null }),
    signIn: () => listener?.('SIGNED_IN', session),
    store: () => localStorage.setItem(DEVICE_KEYS.authSession(), JSON.stringify(session)),
  };
}

/** The provider rendered over slowStoringAuth, with a way to announce any event to it. */
function renderWithEmitter() {
  const auth = slowStoringAuth();
  let listener!: (event: AuthChangeEvent, s: Session | null) => void;
  const wrapped = {
    ...auth,
    onAuthStateChange(callback: (event: AuthChangeEvent, s: Session | null) => void) {
      listener = callback;
      return auth.onAuthStateChange(callback);
    },
  };
  render(
    <AuthProvider getAuth={async () => wrapped as never}>
      <Status />
    </AuthProvider>,
  );
  return { auth, emit: (event: AuthChangeEvent, s: Session | null) => listener(event, s) };
}

function Status() {
  return <p>{useAuth().status}</p>;
}

/** Runs the provider's storage checks on the fake clock: time passes without the test sleeping. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }));
afterEach(() => vi.useRealTimers());

describe('AuthProvider', () => {
  it('[issue 14.11] shows signed in only once the session is stored', async () => {
    const auth = slowStoringAuth();
    render(
      <AuthProvider getAuth={async () => auth as never}>
        <Status />
      </AuthProvider>,
    );
    await advance(0);
    expect(screen.getByText('signed-out')).toBeTruthy();
    act(() => auth.signIn());
    // Announced, not stored: a page opened now would find no session, so the app does not count it yet.
    await advance(1000);
    expect(screen.getByText('signed-out')).toBeTruthy();
    act(() => auth.store());
    await advance(50);
    expect(screen.getByText('signed-in')).toBeTruthy();
  });

  it('a sign-out announced meanwhile wins over the earlier sign-in still waiting for storage', async () => {
    const { auth, emit } = renderWithEmitter();
    await advance(0);
    act(() => emit('SIGNED_IN', session));
    act(() => emit('SIGNED_OUT', null));
    act(() => auth.store());
    await advance(1000);
    expect(screen.getByText('signed-out')).toBeTruthy();
  });

  it('a session ended elsewhere lets the screens save what they hold before it signs out, and waits for them only so long', async () => {
    localStorage.setItem(DEVICE_KEYS.authSession(), JSON.stringify(session));
    const { auth, emit } = renderWithEmitter();
    await advance(0);
    expect(screen.getByText('signed-in')).toBeTruthy();
    let saved: () => void = () => {};
    const seenSignedIn: string[] = [];
    const stop = beforeSessionEnds(
      () =>
        new Promise<void>((resolve) => {
          seenSignedIn.push(screen.getByRole('paragraph').textContent ?? '');
          saved = resolve;
        }),
    );
    localStorage.removeItem(DEVICE_KEYS.authSession());
    act(() => emit('SIGNED_OUT', null));
    await advance(100);
    // Still signed in while the keeper saves.
    expect(seenSignedIn).toEqual(['signed-in']);
    expect(screen.getByText('signed-in')).toBeTruthy();
    act(() => saved());
    await advance(0);
    expect(screen.getByText('signed-out')).toBeTruthy();

    // A keeper that never ends holds the sign-out back KEEP_WAIT_MS at most.
    act(() => auth.signIn());
    localStorage.setItem(DEVICE_KEYS.authSession(), JSON.stringify(session));
    await advance(50);
    expect(screen.getByText('signed-in')).toBeTruthy();
    stop();
    const stopStuck = beforeSessionEnds(() => new Promise(() => undefined));
    localStorage.removeItem(DEVICE_KEYS.authSession());
    act(() => emit('SIGNED_OUT', null));
    await advance(KEEP_WAIT_MS - 100);
    expect(screen.getByText('signed-in')).toBeTruthy();
    await advance(200);
    expect(screen.getByText('signed-out')).toBeTruthy();
    stopStuck();
  });

  it("another tab's Sign out is the user's choice here too: nothing is kept for a next sign-in", async () => {
    localStorage.setItem(DEVICE_KEYS.authSession(), JSON.stringify(session));
    const { emit } = renderWithEmitter();
    await advance(0);
    expect(screen.getByText('signed-in')).toBeTruthy();
    let kept = 0;
    const stop = beforeSessionEnds(() => (kept += 1));
    // What the other tab's Sign out stores before it asks supabase-js, whose removal of the session reaches
    // this tab as a SIGNED_OUT.
    localStorage.setItem(DEVICE_KEYS.signedOutByUser, String(Date.now()));
    localStorage.removeItem(DEVICE_KEYS.authSession());
    act(() => emit('SIGNED_OUT', null));
    await advance(0);
    expect(screen.getByText('signed-out')).toBeTruthy();
    expect(kept).toBe(0);
    stop();
  });
});
