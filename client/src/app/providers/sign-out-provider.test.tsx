// Sign out as the app composes it (ARCHITECTURE 4 and 9.1): the auth provider over a stand-in auth
// client, the notes provider over the in-memory store and server, and the sign-out provider's steps:
// sync first, ask before losing changes, clear the device only after the user's own sign-out.
import { useEffect } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuth, useSignOut, type AuthState, type SignOutResult } from '../../data/auth';
import { useNotesActions, useSyncStatus, type NotesActions, type SyncStatus } from '../../data/notes';
import { FaultyRemote, MemoryLocalStore, MemoryRemote, MemoryServer } from '../../data/notes/testing';
import { DEVICE_KEYS } from '../../lib/device-storage';
import { AuthProvider } from './auth-provider';
import { NotesProvider } from './notes-provider';
import { SignOutProvider, unsyncedQuestion } from './sign-out-provider';

const USER = '00000000-0000-4000-8000-000000000001';
const session = {
  access_token: 'a',
  refresh_token: 'r',
  expires_at: 9_999_999_999,
  expires_in: 3600,
  token_type: 'bearer',
  user: { id: USER },
} as unknown as Session;

/** A stand-in for supabase-js's auth client: the session lives in localStorage, as supabase-js keeps it. */
function fakeAuth() {
  let listener: ((event: AuthChangeEvent, session: Session | null) => void) | null = null;
  localStorage.setItem(DEVICE_KEYS.authSession(), JSON.stringify(session));
  const auth = {
    onAuthStateChange(callback: (event: AuthChangeEvent, session: Session | null) => void) {
      listener = callback;
      queueMicrotask(() => callback('INITIAL_SESSION', session));
      return { data: { subscription: { unsubscribe: () => (listener = null) } } };
    },
    getSession: async () => ({ data: { session }, error: null }),
    signOut: vi.fn(async () => {
      localStorage.removeItem(DEVICE_KEYS.authSession());
      listener?.('SIGNED_OUT', null);
      return { error: null };
    }),
    /** A session the server ended (another device changed the password, a refresh was refused). */
    endSession() {
      localStorage.removeItem(DEVICE_KEYS.authSession());
      listener?.('SIGNED_OUT', null);
    },
  };
  return auth;
}

interface Seen {
  auth: AuthState;
  signOut: () => Promise<SignOutResult>;
  notes: NotesActions;
  sync: SyncStatus;
}
const probe: { seen?: Seen } = {};
/** What the screens below the providers see, as of the last render. */
const current = (): Seen => probe.seen!;

function Probe() {
  const seen: Seen = { auth: useAuth(), signOut: useSignOut(), notes: useNotesActions(), sync: useSyncStatus() };
  useEffect(() => {
    probe.seen = seen;
  });
  return <p>{seen.auth.status}</p>;
}

/** The app on this device's `store`, against `server` (a page opened again: the same store and server). */
function renderApp({ store = new MemoryLocalStore(), server = new MemoryServer() } = {}) {
  const auth = fakeAuth();
  const remote = new FaultyRemote(new MemoryRemote(server));
  render(
    <AuthProvider getAuth={async () => auth as never}>
      <NotesProvider
        device={{ db: null, store }}
        connect={async () => remote}
        controller={{ locks: null, windowTarget: null, documentTarget: null, debounceMs: 5 }}
      >
        <SignOutProvider>
          <Probe />
        </SignOutProvider>
      </NotesProvider>
    </AuthProvider>,
  );
  return { auth, store, remote, server };
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('Sign out', () => {
  it('says how many changes would be lost', () => {
    expect(unsyncedQuestion(3)).toBe("3 changes haven't reached the cloud yet. Sign out anyway and lose them?");
    expect(unsyncedQuestion(1)).toBe("1 change hasn't reached the cloud yet. Sign out anyway and lose it?");
  });

  it("[S17] syncs first, signs out with scope 'local' as the user's own choice, then clears the device", async () => {
    const { auth, store } = renderApp();
    await screen.findByText('signed-in');
    // The sync starts once the remote is connected, after the session shows: a note created before would
    // rightly stay on the device ('offline'), which is not what this test is about.
    await waitFor(() => expect(current().sync.lastSyncedAt).not.toBeNull());
    const created = await act(() => current().notes.createNote({ title: 'Synced' }));
    expect(await created.cloud).toEqual({ status: 'synced' });
    let result: SignOutResult | undefined;
    await act(async () => {
      result = await current().signOut();
    });
    expect(result).toBe('signed-out');
    expect(auth.signOut).toHaveBeenCalledWith({ scope: 'local' });
    expect(current().auth).toMatchObject({ status: 'signed-out', signedOutReason: 'explicit' });
    expect(store.notes.size).toBe(0);
  });

  it('asks before losing unsynced changes; keeping them cancels, signing out anyway clears them', async () => {
    const { auth, store, remote } = renderApp();
    await screen.findByText('signed-in');
    remote.offline = true;
    await act(() => current().notes.createNote({ title: 'Offline idea' }));

    let first: Promise<SignOutResult> | undefined;
    act(() => {
      first = current().signOut();
    });
    await screen.findByText(unsyncedQuestion(1));
    fireEvent.click(screen.getByRole('button', { name: 'Keep me signed in' }));
    await act(async () => {
      expect(await first).toBe('cancelled');
    });
    expect(auth.signOut).not.toHaveBeenCalled();
    expect(store.notes.size).toBe(1);

    let second: Promise<SignOutResult> | undefined;
    act(() => {
      second = current().signOut();
    });
    await screen.findByText(unsyncedQuestion(1));
    fireEvent.click(screen.getByRole('button', { name: 'Sign out anyway' }));
    await act(async () => {
      expect(await second).toBe('signed-out');
    });
    expect(store.notes.size).toBe(0);
    expect(current().auth.status).toBe('signed-out');
  });

  it("a clear cut short by the page going away is finished before this browser's next session starts", async () => {
    const { store, server } = renderApp();
    await screen.findByText('signed-in');
    await waitFor(() => expect(current().sync.lastSyncedAt).not.toBeNull());
    const created = await act(() => current().notes.createNote({ title: 'Synced' }));
    expect(await created.cloud).toEqual({ status: 'synced' });
    // The page goes away while the device is being cleared: the clear never finishes here.
    const clearUser = store.clearUser.bind(store);
    store.clearUser = () => new Promise<void>(() => undefined);
    act(() => void current().signOut());
    await waitFor(() => expect(current().auth.status).toBe('signed-out'));
    cleanup();
    expect(store.notes.size).toBe(1);
    expect(await store.getMeta(USER)).toMatchObject({ lastPullAt: expect.any(String) });

    // The next page, the same user signing in again: the old copy is cleared before the session reads it, so
    // the first pull starts from nothing and brings the note back, as on a device never used before.
    store.clearUser = clearUser;
    const pulls: (string | null)[] = [];
    const getMeta = store.getMeta.bind(store);
    store.getMeta = async (userId) => {
      const meta = await getMeta(userId);
      pulls.push(meta.lastPullAt);
      return meta;
    };
    renderApp({ store, server });
    await screen.findByText('signed-in');
    await waitFor(() => expect(current().sync.lastSyncedAt).not.toBeNull());
    expect(pulls[0]).toBeNull();
    expect([...store.notes.values()].map((note) => note.title)).toEqual(['Synced']);
    expect(localStorage.getItem(DEVICE_KEYS.deviceClearsOwed)).toBe('[]');
  });

  it('a Sign out that fails keeps the device copy and owes no clear', async () => {
    const { auth, store } = renderApp();
    await screen.findByText('signed-in');
    await act(() => current().notes.createNote({ title: 'Kept' }));
    // The session could not be removed (a locked storage): still signed in.
    auth.signOut.mockResolvedValueOnce({ error: new Error('storage is locked') } as never);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let result: SignOutResult | undefined;
    await act(async () => {
      result = await current().signOut();
    });
    expect(result).toBe('failed');
    expect(logged).toHaveBeenCalledWith('Sign out failed:', expect.any(Error));
    expect(store.notes.size).toBe(1);
    expect(JSON.parse(localStorage.getItem(DEVICE_KEYS.deviceClearsOwed) ?? '[]')).toEqual([]);
    expect(current().auth.status).toBe('signed-in');
  });

  it('[S17] a session the server ended only hides the notes: they stay on the device', async () => {
    const { auth, store } = renderApp();
    await screen.findByText('signed-in');
    await act(() => current().notes.createNote({ title: 'Kept' }));
    act(() => auth.endSession());
    await waitFor(() =>
      expect(current().auth).toMatchObject({ status: 'signed-out', signedOutReason: 'session-ended' }),
    );
    expect(store.notes.size).toBe(1);
  });
});
