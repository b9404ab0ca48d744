// A page of notes is one live query however many screens show it, and a start's read ahead is that same
// query: the screen has the page at its first render, and nothing reads it twice.
import 'fake-indexeddb/auto';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DexieLocalStore } from './local-store';
import { livePage } from './live-pages';
import { NotesSessionProvider } from './notes-context';
import * as notesPage from './notes-page';
import { NotesSession } from './notes-session';
import { useNotesPage } from './queries';
import type { SproutDb } from './local-db';
import { localNoteMaker, scratchDatabases } from './testing/local-notes';

const U1 = '00000000-0000-4000-8000-000000000001';
const databases = scratchDatabases('sprout-live-pages');
afterEach(() => {
  vi.restoreAllMocks();
  return databases.closeAll();
});
const note = localNoteMaker(U1, (n) => `2024-01-${String(n).padStart(2, '0')}T00:00:00.000Z`);

/** Resolves once the page of `limit` notes of every kind has been read. */
function readPage(db: SproutDb, limit: number): Promise<void> {
  return new Promise((resolve) => {
    const watch = livePage(db, U1, limit).subscribe(() => {
      queueMicrotask(() => watch.unsubscribe());
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

describe('live pages', () => {
  it('hands the page read ahead to the screen at its first render, and reads it once', async () => {
    const db = databases.open();
    const [a, b] = [note(), note()];
    await db.notes.bulkPut([a, b]);
    const reads = vi.spyOn(notesPage, 'loadNotesPage');
    livePage(db, U1, 60).readAhead();
    expect(livePage(db, U1, 60).hasValue()).toBe(false);
    await waitFor(() =>
      expect(
        livePage(db, U1, 60)
          .getValue()
          ?.notes.map((n) => n.id),
      ).toEqual([b.id, a.id]),
    );
    expect(livePage(db, U1, 60, 'checklists').hasValue()).toBe(false);

    const { result } = renderHook(() => useNotesPage(60), { wrapper: wrapper(db) });
    const first = result.current;
    expect(first?.notes.map((n) => n.id)).toEqual([b.id, a.id]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads).toHaveBeenCalledTimes(1);
    expect(result.current).toBe(first);
  });

  it('follows writes for the screen that took it over, keeping the objects of the notes that did not change', async () => {
    const db = databases.open();
    const a = note();
    await db.notes.put(a);
    livePage(db, U1, 60).readAhead();
    const { result } = renderHook(() => useNotesPage(60), { wrapper: wrapper(db) });
    await waitFor(() => expect(result.current?.notes.map((n) => n.id)).toEqual([a.id]));
    const shownA = result.current?.notes[0];
    const c = note();
    await act(async () => {
      await db.notes.put(c);
    });
    await waitFor(() => expect(result.current?.notes.map((n) => n.id)).toEqual([c.id, a.id]));
    expect(result.current?.notes[1]).toBe(shownA);
  });

  it('shares one query between two screens showing the same page, and stops it when the last one goes', async () => {
    const db = databases.open();
    await db.notes.put(note());
    const reads = vi.spyOn(notesPage, 'loadNotesPage');
    const one = renderHook(() => useNotesPage(10), { wrapper: wrapper(db) });
    const two = renderHook(() => useNotesPage(10), { wrapper: wrapper(db) });
    await waitFor(() => expect(one.result.current?.notes).toHaveLength(1));
    await waitFor(() => expect(two.result.current).toBe(one.result.current));
    expect(reads).toHaveBeenCalledTimes(1);
    one.unmount();
    expect(livePage(db, U1, 10).hasValue()).toBe(true);
    two.unmount();
    expect(livePage(db, U1, 10).hasValue()).toBe(false);
  });

  it('stops a read ahead that no screen took over', async () => {
    const db = databases.open();
    await db.notes.put(note({ is_checklist: true }));
    livePage(db, U1, 60, 'checklists').readAhead(100);
    await waitFor(() => expect(livePage(db, U1, 60, 'checklists').hasValue()).toBe(true));
    await waitFor(() => expect(livePage(db, U1, 60, 'checklists').hasValue()).toBe(false));
  });

  it('a longer page keeps the objects the shorter one drew, and shows the shorter one until it answers', async () => {
    const db = databases.open();
    const notes = [note(), note(), note()];
    await db.notes.bulkPut(notes);
    await readPage(db, 2);
    const { result, rerender } = renderHook(({ limit }) => useNotesPage(limit), {
      wrapper: wrapper(db),
      initialProps: { limit: 2 },
    });
    await waitFor(() => expect(result.current?.notes).toHaveLength(2));
    const short = result.current;
    rerender({ limit: 3 });
    expect(result.current).toBe(short);
    await waitFor(() => expect(result.current?.notes).toHaveLength(3));
    expect(result.current?.notes.slice(0, 2)).toEqual(short?.notes);
    expect(result.current?.notes[0]).toBe(short?.notes[0]);
  });
});
