// The session while the auth server cannot be reached (ARCHITECTURE 9.1 and 9.5): a stored session is
// used even when its access token has expired, kept through supabase-js's retries, and refreshed once
// the server answers again; only a refresh the server rejects ends it. Also the spinner while the
// session loads, and the Online/Offline indicator.
import type { Page } from '@playwright/test';
import { authHeaders, type StoredSession } from './support/accounts';
import { expectNoSeriousViolations } from './support/a11y';
import { test, expect } from './support/fixtures';
import { sidebar } from './support/layout';
import { holdRequests, waitForServiceWorker } from './support/network';
import { waitForServerNote } from './support/notes';
import { authStorageKey, seedSession, storedSession, submitLogin } from './support/session';

/** A copy of `session` whose access token expired a minute ago, as after a night offline. */
function expiredCopy(session: StoredSession): StoredSession {
  return { ...session, expires_at: Math.floor(Date.now() / 1000) - 60 };
}

/** Makes the page's stored access token look expired a minute ago. */
async function expireStoredSession(page: Page, baseURL: string): Promise<StoredSession> {
  const session = await storedSession(page, baseURL);
  if (!session) throw new Error('no stored session');
  const expired = expiredCopy(session);
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    authStorageKey(baseURL),
    JSON.stringify(expired),
  ] as const);
  return expired;
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test('an expired stored session stays signed in while the auth server is unreachable, and is refreshed once it answers', async ({
  page,
  account,
  baseURL,
  consoleErrors,
}) => {
  consoleErrors.allow(/Failed to load resource/);
  let refreshAttempts = 0;
  // The auth server is cut off from the first load, so the token cannot be refreshed before the test looks.
  await page.route('**/auth/v1/token?grant_type=refresh_token', (route) => {
    refreshAttempts += 1;
    return route.abort('internetdisconnected');
  });
  const expired = expiredCopy(account.session);
  await seedSession(page, expired, baseURL!);
  // The page's clock, so supabase-js's back-off timers can be run through instead of waited out.
  await page.clock.install();
  await page.goto('/');

  // Signed in from storage well before supabase-js's ~25 s of retries are over.
  await expect(mainNav(page)).toBeVisible({ timeout: 10_000 });
  await expect(page).toHaveURL(/\/$/);

  // supabase-js retries with back-off for ~25 s (8 attempts) and then gives up; the session must survive
  // that. Each attempt waits for its (aborted) request, so the clock moves a second at a time.
  await expect
    .poll(
      async () => {
        await page.clock.runFor(1_000);
        return refreshAttempts;
      },
      { timeout: 45_000, intervals: [50] },
    )
    .toBeGreaterThanOrEqual(8);
  await page.clock.runFor(1_500);
  await expect(page).toHaveURL(/\/$/);
  await expect(mainNav(page)).toBeVisible();
  expect((await storedSession(page, baseURL!))?.refresh_token).toBe(expired.refresh_token);

  // The server answers again: the next start refreshes the token and the user is still signed in.
  await page.unroute('**/auth/v1/token?grant_type=refresh_token');
  await page.reload();
  await expect(mainNav(page)).toBeVisible();
  await expect
    .poll(async () => (await storedSession(page, baseURL!))?.expires_at ?? 0)
    .toBeGreaterThan(Date.now() / 1000 + 600);
  expect((await storedSession(page, baseURL!))?.refresh_token).not.toBe(expired.refresh_token);
  await expect(page).toHaveURL(/\/$/);
});

// One device starts three times with an expired access token: the refresh is slow, then fails with a
// gateway error, then is rejected.
test('starting with an expired access token: the refresh is waited for, retried, or ends the session', async ({
  page,
  account,
  request,
  baseURL,
  consoleErrors,
}) => {
  const refresh = '**/auth/v1/token?grant_type=refresh_token';
  await test.step('a centred spinner shows while the session loads', async () => {
    const release = await holdRequests(page, refresh);
    await seedSession(page, expiredCopy(account.session), baseURL!);
    await page.goto('/');
    const spinner = page.getByRole('status', { name: 'Loading' });
    await expect(spinner).toBeVisible();
    // Centred in the viewport (the route-loading spinner may hand over to the guard's in the same spot).
    const viewport = page.viewportSize()!;
    await expect(async () => {
      const box = await spinner.boundingBox();
      expect(box).not.toBeNull();
      expect(Math.abs(box!.x + box!.width / 2 - viewport.width / 2)).toBeLessThan(4);
      expect(Math.abs(box!.y + box!.height / 2 - viewport.height / 2)).toBeLessThan(4);
    }).toPass();
    await expect(mainNav(page)).toHaveCount(0);
    release();
    await expect(mainNav(page)).toBeVisible();
    await expect(spinner).toHaveCount(0);
    await page.unroute(refresh);
  });

  await test.step('a gateway error (503) while refreshing is retryable too and keeps the session', async () => {
    consoleErrors.allow(/Failed to load resource: the server responded with a status of 503/);
    await page.route(refresh, (route) => route.fulfill({ status: 503, body: 'Service Unavailable' }));
    await expireStoredSession(page, baseURL!);
    await page.reload();
    await expect(mainNav(page)).toBeVisible({ timeout: 10_000 });
    await expect(page).toHaveURL(/\/$/);
  });

  await test.step('a refresh the server rejects ends the session and sends the user to /login', async () => {
    consoleErrors.allow(/Failed to load resource: the server responded with a status of 40\d/);
    // Revoke every session of the user on the server (e.g. a password change on another device).
    const session = await storedSession(page, baseURL!);
    const logout = await request.post('/auth/v1/logout?scope=global', {
      headers: authHeaders({ anonKey: account.anonKey, accessToken: session!.access_token }),
    });
    expect(logout.status()).toBe(204);
    await expireStoredSession(page, baseURL!);
    // The 503s stop only now, so the previous step's retries cannot have refreshed the token meanwhile.
    await page.unroute(refresh);
    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedSession(page, baseURL!)).toBeNull();
  });
});

test('a session ended on the server while the app is open: the next refused request signs this device out and says why, and the change made meanwhile syncs after signing in again', async ({
  page,
  account,
  request,
  baseURL,
  consoleErrors,
}) => {
  // The push and the change feed refused with the ended session's token, and the refresh refused after them.
  consoleErrors.allow(/Failed to load resource: the server responded with a status of 40[013]/);
  await seedSession(page, account.session, baseURL!);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Notes' })).toBeVisible();

  await test.step('signed out everywhere from another device while a note is typed here: the text is saved on this device, and /login says why', async () => {
    await page.getByRole('button', { name: 'Quick note' }).first().click();
    await expect(page).toHaveURL(/\/edit\//);
    await page.keyboard.type('Written as the session ended');
    await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('Written as the session ended');
    // Its access token has most of its hour left: only the server will know that the session is gone.
    expect((await storedSession(page, baseURL!))?.expires_at).toBeGreaterThan(Date.now() / 1000 + 600);
    const logout = await request.post('/auth/v1/logout?scope=global', {
      headers: authHeaders({ anonKey: account.anonKey, accessToken: account.accessToken }),
    });
    expect(logout.status()).toBe(204);
    await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });
    await expect(
      page.getByRole('status').filter({ hasText: 'Your session has ended. Please sign in again.' }),
    ).toBeVisible();
    expect(await storedSession(page, baseURL!)).toBeNull();
    await expectNoSeriousViolations(page, { what: 'the login screen after a session ended' });
  });

  await test.step('signing in again brings the user back to the note, and its change reaches the server', async () => {
    await submitLogin(page, account);
    await expect(page).toHaveURL(/\/edit\//);
    await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('Written as the session ended');
    const session = await storedSession(page, baseURL!);
    await waitForServerNote(
      request,
      { ...account, accessToken: session!.access_token },
      (note) => note.title === 'Written as the session ended',
    );
    await page.goto('/login');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Your session has ended.')).toHaveCount(0);
  });
});

test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('the sidebar shows Online or Offline, and offers Sync only online', async ({ signedInPage: page, context }) => {
    // The first visit is claimed by the service worker, so another screen opens offline without a reload.
    await waitForServiceWorker(page);
    await expect(sidebar(page).getByText('Online', { exact: true })).toBeVisible();
    await expect(sidebar(page).getByRole('button', { name: 'Sync' })).toBeVisible();
    await context.setOffline(true);
    await expect(sidebar(page).getByText('Offline', { exact: true })).toBeVisible();
    await expect(sidebar(page).getByRole('button', { name: 'Sync' })).toHaveCount(0);
    // Still signed in and usable offline.
    await page.getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await context.setOffline(false);
    await expect(sidebar(page).getByText('Online', { exact: true })).toBeVisible();
    await expect(sidebar(page).getByRole('button', { name: 'Sync' })).toBeVisible();
  });
});
