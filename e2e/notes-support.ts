// Helpers for the notes end-to-end specs: notes seeded and read through the server's REST API with the
// account's token (what another device would do), and the notes screens' common steps.
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, BrowserContext, Locator, Page } from '@playwright/test';
import { EMPTY_CONTENT, type NoteContent, type NoteRow } from '#core/note-fields';
import { expect, goOfflineWhenIdle, type Account } from './support/fixtures';

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

function headers(account: Account): Record<string, string> {
  return { apikey: account.anonKey, Authorization: `Bearer ${account.accessToken}`, 'Content-Type': 'application/json' };
}

/** Creates notes on the server as the account (they reach the app with its next pull). */
export async function seedNotes(request: APIRequestContext, account: Account, notes: SeedNote[]): Promise<ServerNote[]> {
  const now = Date.now();
  const rows = notes.map((note, index) => {
    const at = note.updated_at ?? new Date(now - index * 60_000).toISOString();
    const { id, updated_at: _at, ...given } = note;
    const content = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined));
    return { id: id ?? randomUUID(), ...EMPTY_CONTENT, ...content, created_at: at, updated_at: at };
  });
  const response = await request.post('/rest/v1/notes', { headers: { ...headers(account), Prefer: 'return=representation' }, data: rows });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as ServerNote[];
}

export async function seedNote(request: APIRequestContext, account: Account, note: SeedNote): Promise<ServerNote> {
  const [row] = await seedNotes(request, account, [note]);
  return row!;
}

/** The server's row for a note, tombstones included; null when there is none. */
export async function serverNote(request: APIRequestContext, account: Account, id: string): Promise<ServerNote | null> {
  const response = await request.get(`/rest/v1/notes?id=eq.${id}&select=*`, { headers: headers(account) });
  expect(response.ok(), await response.text()).toBe(true);
  const rows = (await response.json()) as ServerNote[];
  return rows[0] ?? null;
}

/** Another device's edit of a note, made on the server with the account's token (a new mutation id). */
export async function editOnServer(request: APIRequestContext, account: Account, id: string, patch: Partial<SeedNote>): Promise<void> {
  const response = await request.patch(`/rest/v1/notes?id=eq.${id}`, { headers: headers(account), data: { ...patch, last_mutation_id: randomUUID() } });
  expect(response.ok(), await response.text()).toBe(true);
}

/** The original text of a note as this device's IndexedDB holds it; undefined when it holds none. */
export function localContent(page: Page, id: string): Promise<string | undefined> {
  return page.evaluate(
    (noteId) =>
      new Promise<string | undefined>((resolve, reject) => {
        const open = indexedDB.open('sprout');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction('notes').objectStore('notes').get(noteId);
          read.onsuccess = () => {
            resolve((read.result as { content?: string } | undefined)?.content);
            open.result.close();
          };
          read.onerror = () => reject(read.error);
        };
      }),
    id,
  );
}

/** The account's live notes on the server. */
export async function serverNotes(request: APIRequestContext, account: Account): Promise<ServerNote[]> {
  const response = await request.get('/rest/v1/notes?select=*&deleted_at=is.null&order=updated_at.desc', { headers: headers(account) });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as ServerNote[];
}

/** A note's card on the dashboard or the checklists page. */
export function card(page: Page, title: string): Locator {
  return page.getByRole('article', { name: title, exact: true });
}

export function sidebar(page: Page): Locator {
  return page.getByRole('complementary', { name: 'Sidebar' });
}

/** The toast on screen (at most one is shown). */
export function toastRegion(page: Page): Locator {
  return page.getByRole('region', { name: /Notification/ });
}

export async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  let toast = toastRegion(page).getByRole('listitem').filter({ has: page.getByText(title, { exact: true }) });
  if (description) toast = toast.filter({ has: page.getByText(description, { exact: true }) });
  await expect(toast).toBeVisible();
}

/**
 * Waits until the app's service worker has precached the app and controls the page (it claims the
 * first visit as soon as it activates), so later loads and route changes work offline. The spec
 * must allow service workers: test.use({ serviceWorkers: 'allow' }).
 */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker?.controller)), { timeout: 30_000 }).toBe(true);
  // The chunks outside the precached shell are fetched once the worker is active (sw-warm.js): a user
  // who goes offline before that finishes has the shell only, so the tests wait for all of them.
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const script = await (await fetch('/sw-warm.js')).text();
          const urls = JSON.parse(/const urls = (\[.*?\]);/.exec(script)?.[1] ?? '[]') as string[];
          const cached = await Promise.all(urls.map((url) => caches.match(url)));
          return cached.every(Boolean);
        }),
      { timeout: 30_000 },
    )
    .toBe(true);
}

/** Waits until nothing of this device waits to sync (the sidebar's count is gone). */
export async function expectAllSynced(page: Page): Promise<void> {
  await expect(sidebar(page).getByText(/changes? waiting/)).toHaveCount(0, { timeout: 15_000 });
}

export async function goOffline(context: BrowserContext, page: Page): Promise<void> {
  await goOfflineWhenIdle(context, page);
  await expect(sidebar(page).getByText('Offline', { exact: true })).toBeVisible();
}

export async function goOnline(context: BrowserContext, page: Page): Promise<void> {
  await context.setOffline(false);
  await expect(sidebar(page).getByText('Online', { exact: true })).toBeVisible();
}

/** How many rows of the user this device's IndexedDB holds (tombstones included). */
export function localNoteCount(page: Page, userId: string): Promise<number> {
  return page.evaluate(
    (user) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('sprout');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const count = db.transaction('notes').objectStore('notes').index('user_id').count(user);
          count.onsuccess = () => {
            resolve(count.result);
            db.close();
          };
          count.onerror = () => reject(count.error);
        };
      }),
    userId,
  );
}

/** Signs in through the login screen as `account` (a second device uses its own context). */
export async function signIn(page: Page, account: Pick<Account, 'email' | 'password'>): Promise<void> {
  await page.goto('/login');
  await signInHere(page, account);
}

/** Signs in through the login screen the page already shows (e.g. after Sign out), without loading it again. */
export async function signInHere(page: Page, account: Pick<Account, 'email' | 'password'>): Promise<void> {
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password').fill(account.password);
  await form.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Notes' })).toBeVisible();
}

/** Edits a note's title (and optionally its original text) on the Edit screen and saves. */
export async function editNote(page: Page, id: string, changes: { title?: string; content?: string }): Promise<void> {
  await page.goto(`/edit/${id}`);
  if (changes.title !== undefined) await page.getByLabel('Title').fill(changes.title);
  if (changes.content !== undefined) await page.getByLabel('Original idea').fill(changes.content);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(/\/$/);
}
