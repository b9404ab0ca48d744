// A list a sign-in lands on waits for the account's first pull before it says there are no notes, on a
// device that has never pulled them; never on one that has, offline, or past FIRST_PULL_WAIT_MS.
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAwaitingFirstPull, FIRST_PULL_WAIT_MS } from './first-pull';
import { NotesSessionProvider } from './notes-context';
import { NotesSession } from './notes-session';
import { MemoryLocalStore } from './testing/memory-local-store';
import { FaultyRemote, MemoryRemote, MemoryServer } from './testing/memory-remote';

const USER = '00000000-0000-4000-8000-000000000001';
const sessions: NotesSession[] = [];

afterEach(() => {
  for (const session of sessions.splice(0)) session.stop();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function sessionOn(store = new MemoryLocalStore()) {
  const session = new NotesSession({
    userId: USER,
    store,
    controller: { locks: null, windowTarget: null, documentTarget: null, debounceMs: 5 },
  });
  sessions.push(session);
  return session;
}

function render(session: NotesSession, asked = true) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <NotesSessionProvider session={session}>{children}</NotesSessionProvider>
  );
  return renderHook(({ ask }) => useAwaitingFirstPull(ask), { wrapper, initialProps: { ask: asked } });
}

describe('useAwaitingFirstPull', () => {
  it("waits on a device that has never pulled, until the session's first run ends", async () => {
    const session = sessionOn();
    const { result } = render(session);
    expect(result.current).toBe(true);
    await act(() => session.connect(new MemoryRemote(new MemoryServer())));
    await waitFor(() => expect(result.current).toBe(false));
  });

  it('stops waiting when the first run fails: the list then shows the device copy and says why', async () => {
    const session = sessionOn();
    const remote = new FaultyRemote(new MemoryRemote(new MemoryServer()));
    remote.offline = true;
    const { result } = render(session);
    await act(() => session.connect(remote));
    await waitFor(() => expect(result.current).toBe(false));
  });

  it('does not wait on a device that has pulled before, or when not asked', async () => {
    const store = new MemoryLocalStore();
    await store.setMeta(USER, { lastPulledRevision: 4, lastPullAt: new Date().toISOString() });
    const { result } = render(sessionOn(store));
    await waitFor(() => expect(result.current).toBe(false));
    expect(render(sessionOn(), false).result.current).toBe(false);
  });

  it('does not wait offline', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(render(sessionOn()).result.current).toBe(false);
  });

  it('shows the device copy after FIRST_PULL_WAIT_MS when the sync cannot start', async () => {
    vi.useFakeTimers();
    const { result } = render(sessionOn());
    expect(result.current).toBe(true);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(FIRST_PULL_WAIT_MS);
    });
    expect(result.current).toBe(false);
  });
});
