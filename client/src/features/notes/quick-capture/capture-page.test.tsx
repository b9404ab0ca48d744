// /capture on a real notes session over IndexedDB (fake-indexeddb), offline: what another app shared
// becomes a note on this device, its editor takes the screen's place (Back does not make a second
// note), and a visit with nothing shared makes an empty quick note.
import 'fake-indexeddb/auto';
import { act, render, waitFor } from '@testing-library/react';
import type { Session } from '@supabase/auth-js';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthStateProvider, signedIn } from '../../../data/auth';
import { DexieLocalStore, NotesSession, NotesSessionProvider } from '../../../data/notes';
import { scratchDatabases } from '../../../data/notes/testing';
import { appToasts } from '../../../lib/toast';
import { releaseCaptureKeys } from './capture-keys';
import { CapturePage } from './capture-page';
import { QUICK_NOTE_TITLE } from './use-quick-capture';

const USER = '00000000-0000-4000-8000-0000000000cc';
const databases = scratchDatabases('sprout-capture-page');
const sessions: NotesSession[] = [];

afterEach(() => {
  // The editor here is a probe that never takes the keys a capture holds: let go of them.
  releaseCaptureKeys();
  for (const session of sessions.splice(0)) session.stop();
  databases.closeAll();
  appToasts.dismiss();
});

function EditorProbe() {
  return <p>editing {useParams().id}</p>;
}

function openCapture(search: string) {
  const db = databases.open();
  const session = new NotesSession({
    userId: USER,
    store: new DexieLocalStore(db),
    db,
    controller: { locks: null, windowTarget: null, documentTarget: null, isOnline: () => false, debounceMs: 10 },
  });
  sessions.push(session);
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>dashboard</p> },
      { path: '/capture', element: <CapturePage /> },
      { path: '/edit/:id', element: <EditorProbe /> },
    ],
    { initialEntries: ['/', `/capture${search}`], initialIndex: 1 },
  );
  const auth = signedIn({ user: { id: USER, user_metadata: {} } } as unknown as Session);
  render(
    <AuthStateProvider state={auth}>
      <NotesSessionProvider session={session}>
        <RouterProvider router={router} />
      </NotesSessionProvider>
    </AuthStateProvider>,
  );
  return { db, router };
}

const editedId = (router: ReturnType<typeof createMemoryRouter>) =>
  /^\/edit\/(.+)$/.exec(router.state.location.pathname)?.[1];

describe('/capture', () => {
  it('makes a note of what was shared and opens its editor in the screen’s place', async () => {
    const { db, router } = openCapture('?title=Trip+ideas&text=Lisbon+in+May&url=https%3A%2F%2Fexample.com%2Flisbon');
    await waitFor(() => expect(editedId(router)).toBeTruthy());
    const notes = await db.notes.toArray();
    expect(notes.map((note) => [note.id, note.title, note.content, note.is_checklist])).toEqual([
      [editedId(router), 'Trip ideas', 'Lisbon in May\n\nhttps://example.com/lisbon', false],
    ]);
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/');
    expect(await db.notes.count()).toBe(1);
  });

  it('makes an empty quick note when nothing was shared', async () => {
    const { db, router } = openCapture('');
    await waitFor(() => expect(editedId(router)).toBeTruthy());
    expect((await db.notes.toArray()).map((note) => [note.title, note.content])).toEqual([[QUICK_NOTE_TITLE, '']]);
  });
});
