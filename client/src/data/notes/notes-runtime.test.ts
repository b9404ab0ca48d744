import 'fake-indexeddb/auto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openSproutDb } from './local-db';
import { readNotesActivity, recordNoteActivity } from './local-keys';
import { NOTE_ERRORS } from './messages';
import {
  clearLocalNotes,
  createNote,
  deleteNote,
  getNotesSession,
  pendingChangesCount,
  requestPersistentStorage,
  startNotesSync,
  syncBeforeSignOut,
  syncNow,
  updateNote,
} from './notes-runtime';
import { SyncOfflineError } from './sync-controller';
import { FaultyRemote, MemoryRemote, MemoryServer } from './testing/memory-remote';

const USER = '00000000-0000-4000-8000-000000000001';
let counter = 0;

function start(online = { value: true }) {
  const server = new MemoryServer();
  const remote = new FaultyRemote(new MemoryRemote(server));
  const db = openSproutDb({ name: `sprout-runtime-${++counter}`, onVersionChange: () => undefined });
  const session = startNotesSync({
    supabase: {} as SupabaseClient,
    userId: USER,
    db,
    remote,
    controller: { locks: null, windowTarget: null, documentTarget: null, isOnline: () => online.value, debounceMs: 10 },
  });
  return { server, remote, db, session, online };
}

afterEach(() => {
  getNotesSession()?.stop();
});

describe('the notes data layer for screens', () => {
  it('[S19] asks once for persistent storage', async () => {
    const persist = vi.fn(async () => true);
    Object.defineProperty(navigator, 'storage', { value: { persist, persisted: async () => false }, configurable: true });
    expect(await requestPersistentStorage()).toBe(true);
    expect(await requestPersistentStorage()).toBe(true);
    expect(persist).toHaveBeenCalledTimes(1);
  });

  it('without a session every action says the user is not authenticated', async () => {
    await expect(createNote({ title: 'x' })).rejects.toThrow(NOTE_ERRORS.notAuthenticated);
    await expect(updateNote('id', { title: 'x' })).rejects.toThrow(NOTE_ERRORS.notAuthenticated);
    await expect(deleteNote('id')).rejects.toThrow(NOTE_ERRORS.notAuthenticated);
    await expect(syncNow()).rejects.toThrow(NOTE_ERRORS.notAuthenticated);
  });

  it('[S1] [S14] a write syncs by itself and reports it; the manual sync returns the pushed count', async () => {
    const { server, session } = start();
    const created = await createNote({ title: 'Hello' });
    expect(await created.cloud).toEqual({ status: 'synced' });
    expect([...server.rows.values()].map((r) => r.title)).toEqual(['Hello']);
    const updated = await updateNote(created.note.id, { content: 'more' }, { basedOn: created.note });
    expect(await updated.cloud).toEqual({ status: 'synced' });
    session.controller.stop(); // no automatic runs: the next write waits for the manual sync
    await updateNote(created.note.id, { content: 'even more' });
    expect(await syncNow()).toEqual({ pushed: 1 });
  });

  it('[S13] [S14] offline writes stay local and pending; deletion reports offline', async () => {
    const { server, online } = start();
    online.value = false;
    const created = await createNote({ title: 'Offline' });
    expect(await created.cloud).toEqual({ status: 'offline' });
    expect(await pendingChangesCount(USER)).toBe(1);
    expect(server.rows.size).toBe(0);
    const deletion = await deleteNote(created.note.id);
    expect(await deletion.cloud).toEqual({ status: 'offline' });
    await expect(syncNow()).rejects.toBeInstanceOf(SyncOfflineError);
  });

  it('[S17] sign-out: sync first, count what would be lost, then clear the device', async () => {
    const { db, remote } = start();
    const kept = await createNote({ title: 'Synced' });
    await kept.cloud;
    remote.offline = true;
    await createNote({ title: 'Unsynced' });
    recordNoteActivity(USER, kept.note.id, 'view');
    expect(await pendingChangesCount(USER, db)).toBe(1);
    expect(await syncBeforeSignOut(USER)).toEqual({ unsynced: 1 });
    remote.offline = false;
    expect(await syncBeforeSignOut(USER)).toEqual({ unsynced: 0 });
    remote.offline = true;
    await createNote({ title: 'Unsynced again' });
    expect(await pendingChangesCount(USER, db)).toBe(1);
    await clearLocalNotes(USER, db);
    expect(await db.notes.count()).toBe(0);
    expect(await db.meta.count()).toBe(0);
    expect(readNotesActivity(USER)).toEqual({});
    expect(getNotesSession()).toBeNull();
  });
});
