// Helpers for the AI browser specs (e2e/ai-*.spec.ts): script the shared fake provider (always with a
// `match` unique to the test, since specs run in parallel against one fake), store a user's AI key, set
// AI preferences, open a screen signed in or go to another in the app, and read the user's notes from the server.
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import type { NoteRow } from '#core/note-fields';
import type { FakeReply, FakeRequest } from './support/fake-ai-provider-replies';
import { expect, seedSession, type Account } from './support/fixtures';

export const FAKE_AI_ORIGIN = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4310) + 1}`;
export const GOOD_KEY = 'sk-e2e-good-key-0001';

/** A marker unique to one test, to put in the idea or message the scripted replies match. */
export function uniqueTag(label = 'idea'): string {
  return `${label}-${randomUUID().slice(0, 8)}`;
}

/** Queues replies on the fake provider; each must carry `match`. */
export async function scriptFake(request: APIRequestContext, ...replies: FakeReply[]): Promise<void> {
  for (const reply of replies) if (!reply.match) throw new Error('scripted replies must carry `match` (the fake is shared)');
  const response = await request.post(`${FAKE_AI_ORIGIN}/__script`, { data: { replies } });
  expect(response.ok(), await response.text()).toBe(true);
}

/** The chat requests the fake received whose body contains `tag`. */
export async function fakeRequestsFor(request: APIRequestContext, tag: string): Promise<FakeRequest[]> {
  const response = await request.get(`${FAKE_AI_ORIGIN}/__requests`);
  const all = (await response.json()) as FakeRequest[];
  return all.filter((r) => r.endpoint === 'chat' && JSON.stringify(r.body).includes(tag));
}

const bearer = (account: Account) => ({ Authorization: `Bearer ${account.accessToken}`, apikey: account.anonKey });

/** Stores the user's own provider key on the server (PUT /api/ai/key). */
export async function storeAiKey(request: APIRequestContext, account: Account, apiKey = GOOD_KEY): Promise<void> {
  const response = await request.put('/api/ai/key', { headers: bearer(account), data: { apiKey } });
  expect(response.ok(), await response.text()).toBe(true);
}

/** Saves AI preferences in the user's metadata (where the app reads them from when online). */
export async function setAiPreferences(request: APIRequestContext, account: Account, preferences: Record<string, string>): Promise<void> {
  const response = await request.put('/auth/v1/user', { headers: bearer(account), data: { data: { ai_preferences: preferences } } });
  expect(response.ok(), await response.text()).toBe(true);
}

/** Opens `path` signed in as `account` (the session is put in storage before the app starts). */
export async function openAs(page: Page, account: Account, baseURL: string | undefined, path: string): Promise<void> {
  if (!baseURL) throw new Error('baseURL is not configured');
  await seedSession(page, account.session, baseURL);
  await page.goto(path);
  await expect(page.getByRole('main')).toBeVisible();
}

/** Goes to another screen through the sidebar's link: in the app, without loading it again. */
export async function followSidebarLink(page: Page, name: string): Promise<void> {
  await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('main')).toBeVisible();
}

/**
 * Closes every toast shown, so that a later phase of the same test waits for its own toast and is not
 * satisfied by an earlier one still on screen.
 */
export async function dismissToasts(page: Page): Promise<void> {
  const close = page.getByRole('region', { name: /Notifications/ }).getByRole('button', { name: 'Close notification' });
  while ((await close.count()) > 0) {
    // The toast may close by itself (after 5 s) between the count and the click.
    await close.first().click({ timeout: 2_000 }).catch(() => undefined);
    await expect(close).toHaveCount(0);
  }
}

export type ServerNote = NoteRow;

/** The user's live notes as the server has them. */
export async function serverNotes(request: APIRequestContext, account: Account): Promise<ServerNote[]> {
  const response = await request.get('/rest/v1/notes?select=*&deleted_at=is.null&order=updated_at.desc', { headers: bearer(account) });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as ServerNote[];
}

/** Waits until the server has a note that satisfies `predicate` (the app syncs after each write). */
export async function waitForServerNote(request: APIRequestContext, account: Account, predicate: (note: ServerNote) => boolean): Promise<ServerNote> {
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
  return found as ServerNote;
}

/** The chat's message log (role=log) inside `scope`. */
export function messageLog(page: Page) {
  return page.getByRole('log', { name: 'Messages' });
}

/** Records every dialog (alert/confirm/prompt) the page opens, dismissing it; the test expects none. */
export function recordDialogs(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (dialog) => {
    seen.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return seen;
}
