// The served app loads in Chromium under the server's Content-Security-Policy without errors.
import { expect, test } from '@playwright/test';

test('the built app loads and runs under the CSP', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self' 'sha256-");
  await expect(page.getByText('Think. Expand. Act.')).toBeVisible();
  expect(problems).toEqual([]);
});

test('client routes load the app, API paths never do', async ({ request }) => {
  const page = await request.get('/some/client/route');
  expect(page.status()).toBe(200);
  expect(page.headers()['content-type']).toContain('text/html');
  const api = await request.get('/api/does-not-exist');
  expect(api.status()).toBe(404);
  expect(await api.json()).toMatchObject({ error: 'not_found' });
  const missingAsset = await request.get('/assets/missing.js');
  expect(missingAsset.status()).toBe(404);
});
