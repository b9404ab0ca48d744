// A user's notes session as screens use it: writes sync by themselves, offline writes wait, the manual
// sync, and sign-out's two steps. Built on the in-memory store and server: nothing is mocked.
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readNotesActivity, recordNoteActivity } from '../../lib/device-storage';
import { NOTE_ERRORS } from './messages';
import { NotesSessionProvider, useNotesActions, useSyncStatus, useSyncStatusOf } from './notes-context';
import { NotesSession } from './notes-session';
import { requestPersistentStorage } from './persistent-storage';
import { SyncOfflineError } from './sync-controller';
import { MemoryLocalStore } from './testing/memory-local-store';
import { FaultyRemote, MemoryRemote, MemoryServer } from './testing/memory-remote';

const USER = '00000000-0000-4000-8000-000000000001';
const sessions: NotesSession[] = [];

async function start(online = { value: true }) {
  const server = new MemoryServer();
  const remote = new FaultyRemote(new MemoryRemote(server));
  const store = new MemoryLocalStore();
  const session = new NotesSession({
    userId: USER,
    store,
    controller: { locks: null, windowTarget: null, documentTarget: null, isOnline: () => online.value, debounceMs: 10 },
  });
  sessions.push(session);
  await session.connect(remote);
  return { server, remote, store, session, online };
}

afterEach(() => {
  for (const session of sessions.splice(0)) session.stop();
  localStorage.clear();
});

const withSession = (session: NotesSession | null) =>
  function Wrapper({ children }: { children: ReactNode }) {
    return <NotesSessionProvider session={session}>{children}</NotesSessionProvider>;
  };

describe('the notes session', () => {
  it('[S19] asks for persistent storage unless the origin already has it', async () => {
    const persist = vi.fn(async () => true);
    expect(await requestPersistentStorage({ persist, persisted: async () => false })).toBe(true);
    expect(persist).toHaveBeenCalledTimes(1);
    expect(await requestPersistentStorage({ persist, persisted: async () => true })).toBe(true);
    expect(persist).toHaveBeenCalledTimes(1);
    expect(await requestPersistentStorage(undefined)).toBe(false);
  });

  it('without a session every action says the user is not authenticated', async () => {
    const { result } = renderHook(() => useNotesActions(), { wrapper: withSession(null) });
    await expect(result.current.createNote({ title: 'x' })).rejects.toThrow(NOTE_ERRORS.notAuthenticated);
    await expect(result.current.updateNote('id', { title: 'x' })).rejects.toThrow(NOTE_ERRORS.notAuthenticated);
    await expect(result.current.deleteNote('id')).rejects.toThrow(NOTE_ERRORS.notAuthenticated);
    await expect(result.current.syncNow()).rejects.toThrow(NOTE_ERRORS.notAuthenticated);
  });

  it('[S1] [S14] a write syncs by itself and reports it; the manual sync returns the pushed count', async () => {
    const { server, remote, session } = await start();
    const { result } = renderHook(() => useNotesActions(), { wrapper: withSession(session) });
    const actions = result.current;
    const created = await actions.createNote({ title: 'Hello' });
    expect(await created.cloud).toEqual({ status: 'synced' });
    expect([...server.rows.values()].map((r) => r.title)).toEqual(['Hello']);
    const updated = await actions.updateNote(created.note.id, { content: 'more' }, { basedOn: created.note });
    expect(await updated.cloud).toEqual({ status: 'synced' });
    remote.offline = true; // the write's own sync fails: the change waits for the manual sync
    const waiting = await actions.updateNote(created.note.id, { content: 'even more' });
    expect((await waiting.cloud).status).toBe('failed');
    remote.offline = false;
    expect(await actions.syncNow()).toEqual({ pushed: 1 });
    session.stop();
    await expect(actions.syncNow()).rejects.toThrow(NOTE_ERRORS.notAuthenticated);
  });

  it('[S14] reports the sync status to screens', async () => {
    const { session } = await start();
    const { result } = renderHook(() => useSyncStatus(), { wrapper: withSession(session) });
    await vi.waitFor(() => expect(result.current.lastSyncedAt).not.toBeNull());
    expect(result.current).toMatchObject({ syncing: false, lastError: null, failures: 0 });
    await act(async () => {
      await session.syncNow();
    });
    expect(result.current.syncing).toBe(false);
  });

  it('re-renders a screen that reads one value of the sync status only when that value changes', async () => {
    const { session } = await start();
    let renders = 0;
    const { result } = renderHook(
      () => {
        renders++;
        return useSyncStatusOf((status) => status.lastError !== null);
      },
      { wrapper: withSession(session) },
    );
    await vi.waitFor(() => expect(session.getSyncStatus().lastSyncedAt).not.toBeNull());
    const before = renders;
    await act(async () => {
      await session.syncNow();
    });
    // The sync started and ended (two status changes), and the value read stayed false.
    expect(result.current).toBe(false);
    expect(renders).toBe(before);
  });

  it('[S13] [S14] offline writes stay local and pending; deletion reports offline', async () => {
    const { server, online, session } = await start();
    online.value = false;
    const created = await session.createNote({ title: 'Offline' });
    expect(await created.cloud).toEqual({ status: 'offline' });
    expect(await session.countUnsynced()).toBe(1);
    expect(server.rows.size).toBe(0);
    const deletion = await session.deleteNote(created.note.id);
    expect(await deletion.cloud).toEqual({ status: 'offline' });
    await expect(session.syncNow()).rejects.toBeInstanceOf(SyncOfflineError);
  });

  it('writes before sync starts stay on this device until it does', async () => {
    const store = new MemoryLocalStore();
    const session = new NotesSession({
      userId: USER,
      store,
      // The write is told it is offline once the wait for the engine runs out: short here, 15 s in the app.
      controller: { locks: null, windowTarget: null, documentTarget: null, debounceMs: 10, startWaitMs: 50 },
    });
    sessions.push(session);
    const created = await session.createNote({ title: 'Early' });
    expect(await created.cloud).toEqual({ status: 'offline' });
    const server = new MemoryServer();
    await session.connect(new MemoryRemote(server));
    await vi.waitFor(() => expect([...server.rows.values()].map((r) => r.title)).toEqual(['Early']));
  });

  it('a manual sync asked before the session connected waits for the connection, and runs', async () => {
    const session = new NotesSession({
      userId: USER,
      store: new MemoryLocalStore(),
      controller: { locks: null, windowTarget: null, documentTarget: null, debounceMs: 10 },
    });
    sessions.push(session);
    await session.createNote({ title: 'Before the connection' });
    const asked = session.syncNow();
    const server = new MemoryServer();
    await session.connect(new MemoryRemote(server));
    await expect(asked).resolves.toEqual({ pushed: 1 });
    expect([...server.rows.values()].map((r) => r.title)).toEqual(['Before the connection']);
  });

  it('a manual sync after stop() says the user is not authenticated at once', async () => {
    const session = new NotesSession({
      userId: USER,
      store: new MemoryLocalStore(),
      controller: { locks: null, windowTarget: null, documentTarget: null },
    });
    session.stop();
    await expect(session.syncNow()).rejects.toThrow(NOTE_ERRORS.notAuthenticated);
  });

  it('[S17] sign-out: sync first, count what would be lost, then clear the device', async () => {
    const { store, remote, session } = await start();
    const kept = await session.createNote({ title: 'Synced' });
    await kept.cloud;
    remote.offline = true;
    await session.createNote({ title: 'Unsynced' });
    recordNoteActivity(USER, kept.note.id, 'view');
    expect(await session.countUnsynced()).toBe(1);
    expect(await session.syncBeforeSignOut()).toEqual({ unsynced: 1 });
    remote.offline = false;
    expect(await session.syncBeforeSignOut()).toEqual({ unsynced: 0 });
    remote.offline = true;
    await session.createNote({ title: 'Unsynced again' });
    expect(await session.countUnsynced()).toBe(1);
    await session.clearDevice();
    expect(store.notes.size).toBe(0);
    expect(await store.getMeta(USER)).toEqual({ lastPulledRevision: 0, lastPullAt: null });
    expect(readNotesActivity(USER)).toEqual({});
  });
});
