// Right after signing in through the form, a page opened by its address finds the session and stays
// signed in: a deep link, a reload and a second tab (issue 31). Each test acts the moment the app has
// left /login for the dashboard, the earliest a user could. Why the wait is the URL and the dashboard's
// own heading, never the text 'Your Notes': /login's tagline 'Your notes, your pace.' matches that text
// too, and a page opened while the sign-in request is still on its way rightly lands on /login.
import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { submitLogin } from './support/session';

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/** Signs in through the form and returns the moment the app has left /login for the dashboard. */
async function signInThroughForm(page: Page, credentials: { email: string; password: string }): Promise<void> {
  await page.goto('/login');
  await submitLogin(page, credentials);
  await page.waitForURL((url) => url.pathname === '/');
}

test('a deep link opened right after signing in stays signed in', async ({ page, account }) => {
  await signInThroughForm(page, account);
  await page.goto('/new');
  await expect(heading(page, 'New Idea')).toBeVisible();
  await expect(page).toHaveURL(/\/new$/);
});

test('a reload right after signing in stays signed in', async ({ page, account }) => {
  await signInThroughForm(page, account);
  await page.reload();
  await expect(heading(page, 'Your Notes')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('a second tab opened right after signing in is signed in, and so is the first', async ({
  page,
  context,
  account,
  consoleErrors,
}) => {
  await signInThroughForm(page, account);
  const other = await context.newPage();
  consoleErrors.watch(other);
  await other.goto('/checklists');
  await expect(heading(other, 'Your Checklists')).toBeVisible();
  await expect(other).toHaveURL(/\/checklists$/);
  // The second tab's start (its auth client, its sync) leaves the first one signed in.
  await expect(heading(page, 'Your Notes')).toBeVisible();
  await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Settings' }).click();
  await expect(heading(page, 'Settings')).toBeVisible();
  await other.close();
});
