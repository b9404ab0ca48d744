// A start's first pages read ahead of their screens: shown at the screen's first render, and only while
// nothing has been written since they were read.
import 'fake-indexeddb/auto';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DexieLocalStore } from './local-store';
import { NotesSessionProvider } from './notes-context';
import { NotesSession } from './notes-session';
import { preloadedNotesPage, preloadNotesPage, subscribePreloads } from './page-preload';
import { useNotesPage } from './queries';
import type { SproutDb } from './local-db';
import { localNoteMaker, scratchDatabases } from './testing/local-notes';

const U1 = '00000000-0000-4000-8000-000000000001';
const databases = scratchDatabases('sprout-page-preload');
afterEach(() => databases.closeAll());
const note = localNoteMaker(U1, (n) => `2024-01-${String(n).padStart(2, '0')}T00:00:00.000Z`);

function arrived(): Promise<void> {
  return new Promise((resolve) => {
    const off = subscribePreloads(() => {
      off();
      resolve();
    });
  });
}

function wrapper(db: SproutDb) {
  const session = new NotesSession({ userId: U1, store: new DexieLocalStore(db), db });
  return ({ children }: { children: ReactNode }) => (
    <NotesSessionProvider session={session}>{children}</NotesSessionProvider>
  );
}

describe('preloadNotesPage', () => {
  it('hands the page read ahead to the screen at its first render, then the live query takes over', async () => {
    const db = databases.open();
    const [a, b] = [note(), note()];
    await db.notes.bulkPut([a, b]);
    const ready = arrived();
    preloadNotesPage(db, U1, 60);
    expect(preloadedNotesPage(db, U1, 60, 'all')).toBeUndefined();
    await ready;
    expect(preloadedNotesPage(db, U1, 60, 'all')?.notes.map((n) => n.id)).toEqual([b.id, a.id]);
    expect(preloadedNotesPage(db, U1, 60, 'checklists')).toBeUndefined();

    const { result } = renderHook(() => useNotesPage(60), { wrapper: wrapper(db) });
    const first = result.current;
    expect(first?.notes.map((n) => n.id)).toEqual([b.id, a.id]);
    // The live query's equal answer keeps the objects the screen drew.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(result.current?.notes[0]).toBe(first?.notes[0]);
  });

  it('no longer stands for the database once anything is written, and a later preload reads again', async () => {
    const db = databases.open();
    const a = note();
    await db.notes.put(a);
    let ready = arrived();
    preloadNotesPage(db, U1, 60);
    await ready;
    const c = note();
    await db.notes.put(c);
    expect(preloadedNotesPage(db, U1, 60, 'all')).toBeUndefined();
    ready = arrived();
    preloadNotesPage(db, U1, 60);
    await ready;
    expect(preloadedNotesPage(db, U1, 60, 'all')?.notes.map((n) => n.id)).toEqual([c.id, a.id]);
  });
});
