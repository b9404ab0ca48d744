// API Configuration (/api-setup) through the real server: the user's key is sent once, shown back only by
// its last 4 characters, never in any response nor in the browser's storage nor in the built bundle; a
// server with its own key says so and offers no form; a visitor is sent to sign in first and comes back.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Page, Response } from '@playwright/test';
import { authHeaders } from './support/accounts';
import { test, expect } from './support/fixtures';
import { gotoAs, seedSession, submitLogin } from './support/session';
import { expectToast } from './support/toasts';

const KEYED_ORIGIN = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4310) + 2}`;
// The built client the server serves (STATIC_DIR when the run uses its own build).
const DIST_DIR = path.resolve(import.meta.dirname, '..', process.env.STATIC_DIR ?? 'dist/client');

async function openSetup(page: Page): Promise<void> {
  await page.goto('/api-setup');
  await expect(page.getByRole('heading', { level: 1, name: 'API Configuration' })).toBeVisible();
  await expect(page.getByLabel('OpenRouter API Key')).toBeVisible();
}

/** Every response of the page, with its headers and body text, to search for a secret. */
function recordResponses(page: Page): () => Promise<string[]> {
  const pending: Promise<string>[] = [];
  page.on('response', (response: Response) => {
    pending.push(
      (async () => {
        const headers = JSON.stringify(await response.allHeaders());
        const body = await response.text().catch(() => '');
        return `${response.request().method()} ${response.url()}\n${headers}\n${body}`;
      })(),
    );
  });
  return () => Promise.all(pending);
}

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

// The form's texts, a refused save, Cancel and a failed check in one page, each a step: each new page
// would boot the app again, and the last step's load is the one its check needs to fail.
test('the page explains the key; a failed save stays; a failed check is only a warning', async ({
  signedIn: page,
  consoleErrors,
}) => {
  await test.step('the page explains the provider and the key, which is masked and can be shown', async () => {
    await openSetup(page);
    await expect(page.getByText('Important: API Key Required')).toBeVisible();
    await expect(page.getByText(/uses OpenRouter, a service that gives access to many AI models/)).toBeVisible();
    await expect(
      page.getByText('It is sent once, over a secure connection, to the Sprout server, where it is stored encrypted.'),
    ).toBeVisible();
    await expect(page.getByText('It is used only for your own AI requests.')).toBeVisible();
    await expect(page.getByText('It is never shown again: Sprout only shows its last 4 characters.')).toBeVisible();

    const keyLink = page.getByRole('link', { name: /Get your OpenRouter API key/ });
    await expect(keyLink).toHaveAttribute('href', 'https://openrouter.ai/keys');
    await expect(keyLink).toHaveAttribute('target', '_blank');
    await expect(keyLink).toHaveAttribute('rel', 'noopener noreferrer');

    const input = page.getByLabel('OpenRouter API Key');
    const save = page.getByRole('button', { name: 'Save API Key' });
    await expect(input).toHaveAttribute('type', 'password');
    await expect(save).toBeDisabled();
    await input.fill('sk-or-visible');
    await page.getByRole('button', { name: 'Show API key' }).click();
    await expect(input).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide API key' }).click();
    await expect(input).toHaveAttribute('type', 'password');

    await input.fill('   ');
    await save.click();
    await expectToast(page, 'Error', 'Please enter an API key');
  });

  await test.step('a failed save says so and stays on the page', async () => {
    // The refused save is logged from here on; nothing before it may have logged an error.
    consoleErrors.allowFromHere(/Failed to load resource/);
    await page.route('**/api/ai/key', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"internal"}' }),
    );
    await page.getByLabel('OpenRouter API Key').fill('sk-or-will-fail');
    await page.getByRole('button', { name: 'Save API Key' }).click();
    await expectToast(page, 'Error', 'Failed to save API key. Please try again.');
    await expect(page).toHaveURL(/\/api-setup$/);
    await page.unroute('**/api/ai/key');

    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  await test.step('a failed check is only logged as a warning and the form still works', async () => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.route('**/api/openrouter-key', (route) => route.abort('failed'));
    await openSetup(page);
    await expect(page.getByRole('button', { name: 'Save API Key' })).toBeVisible();
    expect(warnings.some((text) => text.startsWith('Could not check for an API key'))).toBe(true);
  });
});

test('a saved key is shown only by its last 4 characters and never comes back from the server', async ({
  signedIn: page,
  account,
}) => {
  const key = `sk-or-v1-e2e-${randomUUID().replaceAll('-', '')}`;
  const last4 = key.slice(-4);
  const responses = recordResponses(page);

  await openSetup(page);
  await expect(page.getByText('is saved.', { exact: false })).toHaveCount(0);
  await page.getByLabel('OpenRouter API Key').fill(key);
  const put = page.waitForRequest((request) => request.url().endsWith('/api/ai/key') && request.method() === 'PUT');
  await page.getByRole('button', { name: 'Save API Key' }).click();
  expect((await put).postDataJSON()).toEqual({ apiKey: key });
  await expectToast(page, 'API Key Saved', 'Your API key has been saved successfully.');
  await expect(page).toHaveURL(/\/$/);

  await openSetup(page);
  await expect(page.getByText(`A key ending in …${last4} is saved.`, { exact: false })).toBeVisible();
  await expect(page.getByLabel('OpenRouter API Key')).toHaveValue('');
  expect(await page.content()).not.toContain(key);
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
  expect(stored).not.toContain(key);
  expect(stored).not.toContain(key.slice(0, -4));

  // The key's status for this user, as the server presents it.
  const status = await page.request.get('/api/openrouter-key', {
    headers: { Authorization: `Bearer ${account.accessToken}` },
  });
  expect(await status.json()).toEqual({ available: true, source: 'user', last4 });

  await page.getByRole('button', { name: 'Remove key' }).click();
  await expectToast(page, 'API key removed');
  await expect(page.getByText(`A key ending in …${last4} is saved.`, { exact: false })).toHaveCount(0);
  await openSetup(page);
  await expect(page.getByText('is saved.', { exact: false })).toHaveCount(0);

  const seen = await responses();
  expect(seen.length).toBeGreaterThan(5);
  for (const entry of seen) {
    expect(entry, entry.split('\n')[0]).not.toContain(key);
    expect(entry, entry.split('\n')[0]).not.toContain(key.slice(0, -4));
  }

  // Nothing in the built client carries the key (it is the user's, and only the server holds it).
  const files = filesUnder(DIST_DIR);
  expect(files.length).toBeGreaterThan(3);
  for (const file of files) expect(fs.readFileSync(file, 'latin1').includes(key), file).toBe(false);
});

test('a visitor who presses Save is sent to sign in and comes back to /api-setup', async ({ page, account }) => {
  await openSetup(page);
  await expect(page.getByText('You will be asked to sign in before the key is saved.')).toBeVisible();
  await page.getByLabel('OpenRouter API Key').fill('sk-or-visitor-key-9876');
  await page.getByRole('button', { name: 'Save API Key' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expectToast(page, 'Sign in required');
  expect(
    await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage })),
  ).not.toContain('sk-or-visitor-key-9876');

  await submitLogin(page, account);
  await expect(page).toHaveURL(/\/api-setup$/);
  await expect(page.getByLabel('OpenRouter API Key')).toHaveValue('');
});

test.describe('a server with its own key', () => {
  test.use({ baseURL: KEYED_ORIGIN });

  async function expectServerKeyPage(page: Page): Promise<void> {
    await expect(page.getByRole('heading', { level: 1, name: 'API Configuration' })).toBeVisible();
    await expect(page.getByText('API Key Available', { exact: true })).toBeVisible();
    await expect(page.getByText(/Using API key from server secrets\./)).toBeVisible();
    // The page stays, and offers no form: the server's key is used for every request.
    await expect(page).toHaveURL(/\/api-setup$/);
    await expect(page.getByLabel('OpenRouter API Key')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Save API Key' })).toHaveCount(0);
  }

  // The visitor's load and then the signed-in user's, in one page: a second test would start another
  // browser context and page for a check this small.
  test("a visitor and a signed-in user are told 'API Key Available'; the server refuses a key of their own", async ({
    page,
    request,
    accounts,
  }) => {
    await test.step("a visitor stays on /api-setup and is told 'API Key Available', with no form", async () => {
      await page.goto('/api-setup');
      await expectServerKeyPage(page);
    });

    await test.step("a signed-in user is told 'API Key Available'; the server refuses a key of their own", async () => {
      const account = await accounts.create({ origin: KEYED_ORIGIN });
      const refused = await request.put(`${KEYED_ORIGIN}/api/ai/key`, {
        headers: authHeaders(account),
        data: { apiKey: 'sk-or-own-key-4321' },
      });
      expect(refused.status()).toBe(409);
      expect(JSON.stringify(await refused.json())).toContain('server_key_in_use');
      await seedSession(page, account.session, KEYED_ORIGIN);
      await gotoAs(page, '/');
      await page.goto('/api-setup');
      await expectServerKeyPage(page);
    });
  });
});
