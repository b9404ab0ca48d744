// Settings > Editor > Tags on a real notes session over IndexedDB (fake-indexeddb), offline: the tags of the
// listed notes, nested under their parent with their counts; a rename through its dialog (a name that is no
// tag is refused there) and a deletion after its question, each across every note and told by a toast.
import 'fake-indexeddb/auto';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LocalNote } from '#core/sync-rules';
import { DexieLocalStore, NotesSession, NotesSessionProvider } from '../../data/notes';
import { localNoteMaker, scratchDatabases } from '../../data/notes/testing';
import { appToasts } from '../../lib/toast';
import { tagRows } from '../notes';
import { TagsSettings } from './tags-settings';
import { preloadConfirmDialog } from '../../components/ui/confirm-dialog';

const USER = '00000000-0000-4000-8000-0000000000dd';
const databases = scratchDatabases('sprout-tags-settings');
const sessions: NotesSession[] = [];

// The question's dialog loads on first use; loaded ahead, so that a busy machine's first transform of it
// does not use up the one second a test waits for the dialog.
beforeAll(() => preloadConfirmDialog());

afterEach(() => {
  for (const session of sessions.splice(0)) session.stop();
  databases.closeAll();
  appToasts.dismiss();
});

async function showTags(notes: (make: ReturnType<typeof localNoteMaker>) => LocalNote[]) {
  const db = databases.open();
  await db.notes.bulkPut(notes(localNoteMaker(USER)));
  const session = new NotesSession({
    userId: USER,
    store: new DexieLocalStore(db),
    db,
    controller: { locks: null, windowTarget: null, documentTarget: null, isOnline: () => false, debounceMs: 10 },
  });
  sessions.push(session);
  const router = createMemoryRouter([{ path: '/settings', element: <TagsSettings /> }], {
    initialEntries: ['/settings?tab=editor#tags'],
  });
  render(
    <NotesSessionProvider session={session}>
      <RouterProvider router={router} />
    </NotesSessionProvider>,
  );
  return { db };
}

const tagged = (make: ReturnType<typeof localNoteMaker>) => [
  make({ title: 'Launch plan', tags: ['work/launch'] }),
  make({ title: 'Standup', tags: ['work'], content: 'Ask about #home' }),
  make({ title: 'Workshop', content: 'Book the #workshop' }),
  make({ title: 'Old', tags: ['work'], archived_at: '2024-03-01T00:00:00.000Z' }),
];

const rowTexts = () =>
  within(screen.getByRole('list', { name: 'Tags' }))
    .getAllByRole('listitem')
    .map((row) => row.textContent);
const toastTexts = () => appToasts.getState().toasts.map((t) => `${String(t.title)}: ${String(t.description)}`);

describe('the tags under Settings', () => {
  it('orders each tag after the tag it lies inside', () => {
    const rows = tagRows(
      new Map([
        ['work-old', 1],
        ['workshop', 1],
        ['work/launch', 1],
        ['work', 2],
      ]),
    );
    expect(rows.map((row) => [row.tag, row.depth])).toEqual([
      ['work', 0],
      ['work/launch', 1],
      ['work-old', 0],
      ['workshop', 0],
    ]);
  });

  it('lists the tags with their counts, nested ones under their parent, and is focused by its address', async () => {
    await showTags(tagged);
    await waitFor(() =>
      expect(rowTexts()).toEqual(['#home1 note', '#work2 notes', '#work/launch1 note', '#workshop1 note']),
    );
    expect(screen.getByRole('button', { name: 'Rename tag work/launch' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete tag work' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Tags' }));
  });

  it('says how to add one when there are none', async () => {
    await showTags((make) => [make({ title: 'Plain' })]);
    expect(await screen.findByText('No tags yet. Add tags to a note, or write #tag in its text.')).toBeTruthy();
  });

  it('renames a tag in every note through its dialog, refusing a name that is no tag', async () => {
    const { db } = await showTags(tagged);
    fireEvent.click(await screen.findByRole('button', { name: 'Rename tag work' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename #work' });
    const input = within(dialog).getByLabelText<HTMLInputElement>('New name');
    expect(input.value).toBe('work');
    fireEvent.change(input, { target: { value: '!!!' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'A tag holds letters, digits, _ and -, in names joined by /.',
    );
    fireEvent.change(input, { target: { value: '#Job' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Rename' })));
    await waitFor(() => expect(toastTexts()).toEqual(['Tag renamed: Renamed #work to #job in 3 notes.']));
    await waitFor(() =>
      expect(rowTexts()).toEqual(['#home1 note', '#job2 notes', '#job/launch1 note', '#workshop1 note']),
    );
    // The tag that was asked about is gone, and its buttons with it: focus goes to the heading.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Tags' })));
    const rows = await db.notes.toArray();
    expect(rows.map((row) => [row.title, row.tags, row.sync_state])).toEqual([
      ['Launch plan', ['job/launch'], 'pending'],
      ['Standup', ['job'], 'pending'],
      ['Workshop', null, 'synced'],
      ['Old', ['job'], 'pending'],
    ]);
  });

  it('deletes a tag after asking, leaving the words its #tags wrote', async () => {
    const { db } = await showTags(tagged);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete tag home' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete #home?' });
    expect(dialog.textContent).toContain('the # is taken off and the words stay');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Delete tag' })));
    await waitFor(() => expect(toastTexts()).toEqual(['Tag deleted: Deleted #home from 1 note.']));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete tag home' })).toBeNull());
    expect((await db.notes.toArray()).find((row) => row.title === 'Standup')?.content).toBe('Ask about home');
  });
});
