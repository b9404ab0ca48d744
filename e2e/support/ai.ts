// Helpers for the AI browser specs: script the shared fake provider (always with a `match` unique to the
// test, since specs run in parallel against one fake) and read what it was sent, store a user's AI key and
// AI preferences, and the assistant screens' common steps (start a chat, send a message, make a plan,
// start over).
import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { DEFAULT_QUESTION_REPLY, type FakeReply, type FakeRequest } from '../../test/kit/fake-ai-provider-replies';
import { authHeaders, saveMetadata, type Account } from './accounts';

export const FAKE_AI_ORIGIN = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4310) + 1}`;
export const GOOD_KEY = 'sk-e2e-good-key-0001';

/** A marker unique to one test, to put in the idea or message the scripted replies match. */
export function uniqueTag(label = 'idea'): string {
  return `${label}-${randomUUID().slice(0, 8)}`;
}

/** The tags each test's request context scripted replies with, for forgetScripted. */
const scripted = new WeakMap<APIRequestContext, Set<string>>();

/** Queues replies on the fake provider; each must carry `match`. The test's fixtures forget them when it ends. */
export async function scriptFake(request: APIRequestContext, ...replies: FakeReply[]): Promise<void> {
  for (const reply of replies)
    if (!reply.match) throw new Error('scripted replies must carry `match` (the fake is shared)');
  const tags = scripted.get(request) ?? new Set<string>();
  scripted.set(request, tags);
  for (const reply of replies) tags.add(reply.match!);
  const response = await request.post(`${FAKE_AI_ORIGIN}/__script`, { data: { replies } });
  expect(response.ok(), await response.text()).toBe(true);
}

/**
 * Has the shared fake drop what a test scripted through `request` and did not use, and the requests that
 * mention those tags (the fixtures call it when the test ends).
 */
export async function forgetScripted(request: APIRequestContext): Promise<void> {
  for (const match of scripted.get(request) ?? []) {
    const response = await request.post(`${FAKE_AI_ORIGIN}/__forget`, { data: { match } });
    expect(response.ok(), await response.text()).toBe(true);
  }
  scripted.delete(request);
}

/** The chat requests the fake received whose body contains `tag`. */
export async function fakeRequestsFor(request: APIRequestContext, tag: string): Promise<FakeRequest[]> {
  const response = await request.get(`${FAKE_AI_ORIGIN}/__requests`);
  const all = (await response.json()) as FakeRequest[];
  return all.filter((r) => r.endpoint === 'chat' && JSON.stringify(r.body).includes(tag));
}

/** Stores the user's own provider key on the server (PUT /api/ai/key). */
export async function storeAiKey(request: APIRequestContext, account: Account, apiKey = GOOD_KEY): Promise<void> {
  const response = await request.put(`${account.origin}/api/ai/key`, {
    headers: authHeaders(account),
    data: { apiKey },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** Saves AI preferences in the user's metadata (where the app reads them from when online). */
export async function setAiPreferences(
  request: APIRequestContext,
  account: Account,
  preferences: Record<string, string>,
): Promise<void> {
  await saveMetadata(request, account, { ai_preferences: preferences });
}

/** The chat's message log. */
export function messageLog(page: Page): Locator {
  return page.getByRole('log', { name: 'Messages' });
}

/** On the chat's start card (/chat): types the idea and starts the chat. */
export async function startChat(page: Page, idea: string): Promise<void> {
  await page.getByLabel('Your idea, question or topic').fill(idea);
  await page.getByRole('button', { name: 'Start Chat' }).click();
}

/** In a running chat: types a message to the assistant (whatever its name) and sends it with Enter. */
export async function sendMessage(page: Page, text: string): Promise<void> {
  const box = page.getByLabel(/^Message /);
  await box.fill(text);
  await box.press('Enter');
}

/** On the idea form (/new): types the idea, waits for the assistant's first question, and has it make the plan. */
export async function createPlan(page: Page, idea: string): Promise<void> {
  await page.getByLabel('Your idea').fill(idea);
  await expect(page.getByLabel('Your idea')).toHaveValue(idea);
  await page.getByRole('button', { name: 'Start Conversation' }).click();
  await expect(messageLog(page).getByText(DEFAULT_QUESTION_REPLY)).toBeVisible();
  await page.getByRole('button', { name: 'Create Plan' }).click();
  await expect(page.getByText('Plan created successfully!')).toBeVisible({ timeout: 15_000 });
}

/** Clears the idea in progress through 'Start over' (confirmed): /new shows an empty form again. */
export async function startOver(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Start over' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Start over' }).click();
  await expect(page.getByLabel('Title')).toHaveValue('');
  await expect(page.getByLabel('Your idea')).toHaveValue('');
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
