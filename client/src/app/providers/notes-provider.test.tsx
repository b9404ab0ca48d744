// The notes provider's start: a sync that could not start (its code failed to load, the server could not
// be reached) is tried again, on the browser's 'online' event and after a back-off while online, so a
// flickering connection cannot leave a page without sync until it is reloaded.
import { useEffect } from 'react';
import { cleanup, render, waitFor } from '@testing-library/react';
import type { Session } from '@supabase/supabase-js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthStateProvider, signedIn } from '../../data/auth';
import { useSyncStatus, type RemoteNotes, type SyncStatus } from '../../data/notes';
import { MemoryLocalStore, MemoryRemote, MemoryServer } from '../../data/notes/testing';
import { NotesProvider } from './notes-provider';

const USER = '00000000-0000-4000-8000-000000000001';
const session = { access_token: 'a', user: { id: USER } } as unknown as Session;
const FAST_RETRY = { baseMs: 5, factor: 1, maxMs: 5, jitterMs: 0 };

const seen: { sync?: SyncStatus } = {};
function Probe() {
  const sync = useSyncStatus();
  useEffect(() => {
    seen.sync = sync;
  });
  return null;
}

/** A connection that fails `failures` times (as a chunk that failed to load would), then connects. */
function flakyConnect(failures: number) {
  const remote: RemoteNotes = new MemoryRemote(new MemoryServer());
  let left = failures;
  return vi.fn(async () => {
    if (left-- > 0) throw new TypeError('Failed to fetch dynamically imported module');
    return remote;
  });
}

function renderProvider(connect: () => Promise<RemoteNotes>) {
  render(
    <AuthStateProvider state={signedIn(session)}>
      <NotesProvider
        device={{ db: null, store: new MemoryLocalStore() }}
        connect={connect}
        controller={{ locks: null, windowTarget: null, documentTarget: null, debounceMs: 5 }}
        startRetry={FAST_RETRY}
      >
        <Probe />
      </NotesProvider>
    </AuthStateProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  seen.sync = undefined;
});

describe('NotesProvider: a sync that could not start', () => {
  it('is tried again while the browser is online, without waiting for an online event', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const connect = flakyConnect(2);
    renderProvider(connect);
    await waitFor(() => expect(seen.sync?.lastSyncedAt).not.toBeNull());
    expect(connect).toHaveBeenCalledTimes(3);
  });

  it("waits for the browser's online event while it is offline", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const connect = flakyConnect(1);
    renderProvider(connect);
    await waitFor(() => expect(connect).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(connect).toHaveBeenCalledTimes(1);
    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(seen.sync?.lastSyncedAt).not.toBeNull());
    expect(connect).toHaveBeenCalledTimes(2);
  });
});
