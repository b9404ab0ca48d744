// Notes in the end-to-end specs: seeded, edited and read on the server through its REST API with the
// account's token (what another device would do), and the notes screens' common steps.
import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { EMPTY_CONTENT, type NoteContent, type NoteRow } from '#core/note-fields';
import { authHeaders, type Account } from './accounts';
import { sidebar } from './layout';
import { fillEditor } from './editor';

/** A note to seed: a title and any other content (the rest empty, core/note-fields.ts). */
export type SeedNote = Pick<NoteContent, 'title'> & Partial<NoteContent> & { id?: string; updated_at?: string };

export type ServerNote = NoteRow;

export const PLAN = [
  'Launch a small podcast about urban gardening, one episode every two weeks.',
  '',
  'Start with a pilot episode and a simple recording setup, then grow the audience through local groups.',
  '',
  'Action Steps:',
  '1. Pick a name and a format',
  '2. Record a pilot episode',
  '3. Publish on two platforms',
].join('\n');

const notesUrl = (account: Account, query = '') => `${account.origin}/rest/v1/notes${query}`;

/** Creates notes on the server as the account (they reach the app with its next pull). */
export async function seedNotes(
  request: APIRequestContext,
  account: Account,
  notes: SeedNote[],
): Promise<ServerNote[]> {
  const now = Date.now();
  const rows = notes.map((note, index) => {
    const at = note.updated_at ?? new Date(now - index * 60_000).toISOString();
    const { id, updated_at: _at, ...given } = note;
    const content = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined));
    return { id: id ?? randomUUID(), ...EMPTY_CONTENT, ...content, created_at: at, updated_at: at };
  });
  const response = await request.post(notesUrl(account), {
    headers: { ...authHeaders(account), Prefer: 'return=representation' },
    data: rows,
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as ServerNote[];
}

export async function seedNote(request: APIRequestContext, account: Account, note: SeedNote): Promise<ServerNote> {
  const [row] = await seedNotes(request, account, [note]);
  return row!;
}

/** The server's row for a note, tombstones included; null when there is none. */
export async function serverNote(request: APIRequestContext, account: Account, id: string): Promise<ServerNote | null> {
  const response = await request.get(notesUrl(account, `?id=eq.${id}&select=*`), { headers: authHeaders(account) });
  expect(response.ok(), await response.text()).toBe(true);
  const rows = (await response.json()) as ServerNote[];
  return rows[0] ?? null;
}

/**
 * The account's notes in its lists on the server (neither in the Trash nor deleted for good), the last
 * edited first. A note in the Trash is `serverNote`'s to read: `trashed_at` set, content kept.
 */
export async function serverNotes(request: APIRequestContext, account: Account): Promise<ServerNote[]> {
  const query = '?select=*&deleted_at=is.null&trashed_at=is.null&order=updated_at.desc';
  const response = await request.get(notesUrl(account, query), { headers: authHeaders(account) });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as ServerNote[];
}

/** Waits until the server has a listed note that satisfies `predicate` (the app syncs after each write). */
export async function waitForServerNote(
  request: APIRequestContext,
  account: Account,
  predicate: (note: ServerNote) => boolean,
): Promise<ServerNote> {
  let found: ServerNote | undefined;
  await expect
    .poll(
      async () => {
        found = (await serverNotes(request, account)).find(predicate);
        return found !== undefined;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** Another device's edit of a note, made on the server with the account's token (a new mutation id). */
export async function editOnServer(
  request: APIRequestContext,
  account: Account,
  id: string,
  patch: Partial<SeedNote>,
): Promise<void> {
  const response = await request.patch(notesUrl(account, `?id=eq.${id}`), {
    headers: authHeaders(account),
    data: { ...patch, last_mutation_id: randomUUID() },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** A note's card on the dashboard or the checklists page. */
export function card(page: Page, title: string): Locator {
  return page.getByRole('article', { name: title, exact: true });
}

/**
 * Deletes a note from its card (dashboard or checklists) through the app's dialog and waits for the card
 * to go: the note moves to the Trash (docs/sync.md [S29]).
 */
export async function deleteFromCard(page: Page, title: string): Promise<void> {
  await card(page, title)
    .getByRole('button', { name: `Delete ${title}`, exact: true })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(card(page, title)).toHaveCount(0);
}

/** Opens a note from its card (the card's View or Edit link) and waits for its screen's address. */
export async function openCard(page: Page, title: string, link: 'View' | 'Edit'): Promise<void> {
  await card(page, title)
    .getByRole('link', { name: new RegExp(`^${link}`) })
    .click();
  await expect(page).toHaveURL(link === 'Edit' ? /\/edit\/[^/]+$/ : /\/(view|note)\/[^/]+$/);
}

/** Edits a note's title (and optionally its original text) on the Edit screen and saves. */
export async function editNote(page: Page, id: string, changes: { title?: string; content?: string }): Promise<void> {
  await page.goto(`/edit/${id}`);
  if (changes.title !== undefined) await page.getByLabel('Title').fill(changes.title);
  if (changes.content !== undefined)
    await fillEditor(page.getByRole('textbox', { name: /^(Note|Original idea)$/ }), changes.content);
  // From the keyboard: a toast in the corner may lie over the form's buttons (a failed background pull's
  // 'Error fetching notes' while the server is unreachable), and a pointer resting on a toast keeps it open.
  await page.getByRole('button', { name: 'Save Changes' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
}

/** Waits until nothing of this device waits to sync (the sidebar's count is gone). */
export async function expectAllSynced(page: Page): Promise<void> {
  await expect(sidebar(page).getByText(/changes? waiting/)).toHaveCount(0, { timeout: 15_000 });
}

/** Presses the sidebar's Sync: the device pushes what waits and pulls what is new. */
export async function syncNow(page: Page): Promise<void> {
  await sidebar(page).getByRole('button', { name: 'Sync' }).click();
}
