// The Trash screen on a real notes session over IndexedDB (fake-indexeddb), offline: the notes in the
// Trash newest move first, with their dates for the user's retention; Restore and Delete forever (after
// its question) with their toasts, focus moving on to the next card; Empty Trash; the empty state.
import 'fake-indexeddb/auto';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { Session } from '@supabase/auth-js';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AuthStateProvider, signedIn } from '../../data/auth';
import { DexieLocalStore, NotesSession, NotesSessionProvider } from '../../data/notes';
import { localNoteMaker, scratchDatabases } from '../../data/notes/testing';
import { seedTrashRetention } from '../../data/trash-retention/testing';
import { createQueryClient } from '../../lib/query-client';
import { appToasts } from '../../lib/toast';
import type { TrashRetention } from '../../data/trash-retention';
import { TrashPage } from './trash-page';
import { preloadConfirmDialog } from '../../components/ui/confirm-dialog';

const USER = '00000000-0000-4000-8000-0000000000aa';
const databases = scratchDatabases('sprout-trash-page');
const sessions: NotesSession[] = [];
const clients: QueryClient[] = [];
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

// The question's dialog loads on first use; loaded ahead, so that a busy machine's first transform of it
// does not use up the one second a test waits for the dialog.
beforeAll(() => preloadConfirmDialog());

afterEach(() => {
  for (const session of sessions.splice(0)) session.stop();
  for (const client of clients.splice(0)) client.clear();
  databases.closeAll();
  appToasts.dismiss();
});

async function showTrash(trashedDaysAgo: number[], retention: TrashRetention = 30) {
  const db = databases.open();
  const note = localNoteMaker(USER);
  await db.notes.bulkPut([
    note({ title: 'In the lists' }),
    ...trashedDaysAgo.map((days, i) =>
      note({
        title: `Trashed ${i + 1}`,
        content: `Text of ${i + 1}`,
        trashed_at: daysAgo(days),
      }),
    ),
  ]);
  const session = new NotesSession({
    userId: USER,
    store: new DexieLocalStore(db),
    db,
    controller: { locks: null, windowTarget: null, documentTarget: null, isOnline: () => false, debounceMs: 10 },
  });
  sessions.push(session);
  const client = createQueryClient();
  clients.push(client);
  seedTrashRetention(client, USER, retention);
  const auth = signedIn({ user: { id: USER, user_metadata: {} } } as unknown as Session);
  render(
    <AuthStateProvider state={auth}>
      <QueryClientProvider client={client}>
        <NotesSessionProvider session={session}>
          <TrashPage />
        </NotesSessionProvider>
      </QueryClientProvider>
    </AuthStateProvider>,
  );
  return { db };
}

const toastTexts = () => appToasts.getState().toasts.map((t) => `${String(t.title)}: ${String(t.description)}`);
const cards = () => within(screen.getByRole('list', { name: 'Notes in the Trash' })).getAllByRole('article');

describe('the Trash screen', () => {
  it('lists the trashed notes, the latest move first, with when each goes for good', async () => {
    await showTrash([10, 1, 29.8]);
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(cards().map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Trashed 2',
      'Trashed 1',
      'Trashed 3',
    ]);
    expect(screen.getByText(/stay here for 30 days/)).toBeTruthy();
    expect(within(cards()[0]!).getByText('Deleted for good in 29 days')).toBeTruthy();
    expect(within(cards()[2]!).getByText('Deleted for good today')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Restore Trashed 2' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete Trashed 2 forever' })).toBeTruthy();
    expect(screen.queryByText('In the lists')).toBeNull();
  });

  it('shows no purge date when the Trash is kept until the user empties it', async () => {
    await showTrash([3], 'never');
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(screen.getByText('Notes you delete stay here until you delete them for good.')).toBeTruthy();
    expect(screen.queryByText(/Deleted for good/)).toBeNull();
  });

  it('restores a note, says so with the offline wait, and moves focus to the next Restore', async () => {
    const { db } = await showTrash([1, 2]);
    await waitFor(() => expect(cards()).toHaveLength(2));
    const restore = screen.getByRole('button', { name: 'Restore Trashed 1' });
    restore.focus();
    fireEvent.click(restore);
    await waitFor(() => expect(cards()).toHaveLength(1));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Restore Trashed 2' })));
    await waitFor(() =>
      expect(toastTexts()).toEqual([
        'Note restored: “Trashed 1” is back in your notes. It will sync when you are back online.',
      ]),
    );
    const restored = (await db.notes.toArray()).find((row) => row.title === 'Trashed 1');
    expect(restored?.trashed_at).toBeNull();
  });

  it('deletes a note forever after asking, then focuses the heading once the Trash is empty', async () => {
    await showTrash([1]);
    await waitFor(() => expect(cards()).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Delete Trashed 1 forever' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this note forever?' });
    expect(dialog.textContent).toContain(
      '“Trashed 1” will be deleted for good, on every device. This cannot be undone.',
    );
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Delete forever' })));
    await screen.findByRole('heading', { name: 'The Trash is empty' });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Trash' })));
    expect(toastTexts()[0]).toMatch(/^Note deleted forever: “Trashed 1” is gone for good\./);
    expect(screen.getByRole('button', { name: 'Empty Trash' })).toHaveProperty('disabled', true);
  });

  it('empties the Trash after asking, counting the notes', async () => {
    await showTrash([1, 2, 3]);
    await waitFor(() => expect(cards()).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: 'Empty Trash' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Empty the Trash?' });
    expect(dialog.textContent).toContain('All 3 notes in the Trash will be deleted for good');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Empty Trash' })));
    await screen.findByText('Notes you delete appear here, so a mistake is never final.');
    await waitFor(() => expect(toastTexts()[0]).toMatch(/^Trash emptied: 3 notes were deleted for good\./));
  });
});
