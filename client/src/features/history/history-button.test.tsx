// The History button and its panel where no server is needed: offline it says so and offers nothing
// that needs one; a note that has not reached the server yet has no history. Focus goes back to the
// button when the panel closes. The panel against the real server is e2e/notes-history.spec.ts.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { EMPTY_CONTENT } from '#core/note-fields';
import { NotesSessionProvider, type NoteView } from '../../data/notes';
import { createQueryClient } from '../../lib/query-client';
import type { CompareNotes } from './compare-notes';
import { HistoryButton } from './history-button';

// The panel loads when first opened: loaded here first, so that no test waits on the import. The first
// import transforms the panel's modules, which on a 2-core machine also running the type check, the lint
// and the build took more than the default 10 s.
beforeAll(async () => {
  await import('./history-panel');
}, 60_000);
afterEach(() => vi.restoreAllMocks());

const note = (baseRevision: number | null): NoteView => ({
  id: '00000000-0000-4000-8000-000000000001',
  user_id: '00000000-0000-4000-8000-0000000000aa',
  ...EMPTY_CONTENT,
  title: 'Garden plan',
  content: 'Dig the beds',
  created_at: '2026-03-10T11:00:00.000Z',
  updated_at: '2026-03-10T11:00:00.000Z',
  sync_state: baseRevision === null ? 'pending' : 'synced',
  sync_error: null,
  conflict_of: null,
  version: { mutationId: null, baseRevision },
});

// Never called here: no version is shown without the server.
const compare: CompareNotes = () => ({ left: [], right: [], same: true });

function renderButton(shown: NoteView) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <NotesSessionProvider session={null}>
        <HistoryButton note={shown} compare={compare} />
      </NotesSessionProvider>
    </QueryClientProvider>,
  );
  return screen.getByRole('button', { name: 'History' });
}

describe('the History panel', () => {
  it('offline, says that history needs a connection and offers no Delete history; closing returns focus', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const button = renderButton(note(3));
    button.focus();
    fireEvent.click(button);

    const panel = await screen.findByRole('dialog', { name: 'History' });
    expect(panel.textContent).toContain('Earlier versions of “Garden plan”.');
    // A live region, so that going offline with the panel open is heard too.
    const offline = screen.getByText('History needs a connection. Your notes keep working offline.');
    expect(offline.closest('[role="status"]')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete history' })).toBeNull();
    expect(screen.queryByRole('list', { name: 'Versions' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));
  });

  it('for a note not yet on the server, says there are no earlier versions', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    fireEvent.click(renderButton(note(null)));
    await screen.findByRole('dialog', { name: 'History' });
    expect(screen.getByText('No earlier versions yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete history' })).toBeNull();
  });
});
