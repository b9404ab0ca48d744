// Login / Sign Up through the real auth server (spec sections 2, 5 and 8): validation, busy labels,
// every failure toast, sign-up and sign-in success, and Sign out.
import type { Page } from '@playwright/test';
import { localItem } from './support/device';
import { test, expect } from './support/fixtures';
import { sidebar } from './support/layout';
import { holdRequests } from './support/network';
import { card, seedNote } from './support/notes';
import { authStorageKey, submitLogin } from './support/session';
import { expectToast, toastRegion } from './support/toasts';

function loginForm(page: Page) {
  return page.getByRole('form', { name: 'Login' });
}

function signUpForm(page: Page) {
  return page.getByRole('form', { name: 'Sign Up' });
}

async function signUp(page: Page, email: string, password: string) {
  await signUpForm(page).getByLabel('Email').fill(email);
  await signUpForm(page).getByLabel('Password').fill(password);
  await signUpForm(page).getByRole('button', { name: 'Sign Up' }).click();
}

// One visit to /login goes through the validation and every sign-up outcome (each failure leaves the
// visitor on the form for the next try), ending signed in as the account it creates.
test('validation, then sign up: every failure toast, the busy label, and success', async ({
  page,
  accounts,
  consoleErrors,
}) => {
  await test.step("empty fields give 'Error: Please enter both email and password.' on both tabs", async () => {
    const requests: string[] = [];
    // Sign-in and sign-up attempts; the page's read of the public settings (GET /auth/v1/settings) is not one.
    page.on('request', (request) => {
      if (request.url().includes('/auth/v1/') && request.method() !== 'GET') requests.push(request.url());
    });
    await page.goto('/login');
    await loginForm(page).getByRole('button', { name: 'Login' }).click();
    await expectToast(page, 'Error', 'Please enter both email and password.');

    await loginForm(page).getByLabel('Email').fill('someone@example.com');
    await loginForm(page).getByRole('button', { name: 'Login' }).click();
    await expectToast(page, 'Error', 'Please enter both email and password.');

    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await expect(page.getByText('Password must be at least 6 characters long.')).toBeVisible();
    await signUpForm(page).getByLabel('Email').fill('');
    await signUpForm(page).getByLabel('Password').fill('secret123');
    await signUpForm(page).getByRole('button', { name: 'Sign Up' }).click();
    await expectToast(page, 'Error', 'Please enter both email and password.');
    // Nothing reached the server.
    expect(requests).toEqual([]);
  });

  await test.step('the fields are typed and labelled', async () => {
    await page.getByRole('tab', { name: 'Login' }).click();
    await expect(loginForm(page).getByLabel('Email')).toHaveAttribute('type', 'email');
    await expect(loginForm(page).getByLabel('Password')).toHaveAttribute('type', 'password');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await expect(signUpForm(page).getByLabel('Email')).toHaveAttribute('type', 'email');
    await expect(signUpForm(page).getByLabel('Password')).toHaveAccessibleDescription(
      'Password must be at least 6 characters long.',
    );
  });

  const existing = await test.step('the account fixture signs up through the real endpoint', async () => {
    const account = await accounts.create();
    expect(account.userId).toMatch(/^[0-9a-f-]{36}$/);
    expect(account.session.user.email).toBe(account.email);
    return account;
  });

  consoleErrors.allow(/Failed to load resource: the server responded with a status of 422/);
  await test.step("a weak password gives 'Signup failed' with the server's reasons", async () => {
    await signUp(page, `weak-${Date.now()}@example.com`, 'abc');
    await expectToast(page, 'Signup failed', 'Password should be at least 6 characters. Reason: too short.');
  });

  await test.step('when the server wants the email verified first, it says so and stays on the login screen', async () => {
    const email = `verify-${Date.now()}@example.com`;
    await page.route('**/auth/v1/signup', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        headers: { 'X-Supabase-Api-Version': '2024-01-01' },
        body: JSON.stringify({
          id: '00000000-0000-4000-8000-000000000001',
          aud: 'authenticated',
          role: 'authenticated',
          email,
          confirmation_sent_at: new Date().toISOString(),
          app_metadata: { provider: 'email', providers: ['email'] },
          user_metadata: {},
          identities: [],
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
        }),
      }),
    );
    await signUp(page, email, 'a-good-password');
    await expectToast(page, 'Account created', 'Please check your email for verification.');
    await expect(page).toHaveURL(/\/login$/);
    await page.unroute('**/auth/v1/signup');
  });

  await test.step("an email already registered gives 'Signup failed' with the server's message", async () => {
    await signUp(page, existing.email, 'another-password');
    await expectToast(page, 'Signup failed', 'User already registered');
    await expect(page).toHaveURL(/\/login$/);
  });

  const email = `new-${Date.now()}@example.com`;
  const release = await holdRequests(page, '**/auth/v1/signup');
  await test.step("shows 'Creating account...' with the buttons disabled while submitting", async () => {
    await signUp(page, email, 'a-good-password');
    accounts.signedUp({ email, password: 'a-good-password' });
    const busy = signUpForm(page).getByRole('button', { name: 'Creating account...' });
    await expect(busy).toBeVisible();
    await expect(busy).toBeDisabled();
  });

  await test.step('creates the account, says so truthfully and goes to /', async () => {
    release();
    await expect(page).toHaveURL(/\/$/);
    await expectToast(page, 'Account created', 'Your account is ready. Welcome to Sprout!');
    await expect(page.getByText(email)).toBeVisible();
  });
});

// One device signs in and out of the same account: each sign-out lands on /login, where the next
// sign-in starts.
/**
 * Watches the page (the same document, across its client-side navigations) for `text`, which may show for
 * too short a time to be waited for; resolves with a function that tells whether it ever showed.
 */
async function watchForText(page: Page, text: string): Promise<() => Promise<boolean>> {
  const key = `watched${Math.random().toString(36).slice(2)}`;
  await page.evaluate(
    ({ text, key }) => {
      const seen = new MutationObserver(() => {
        if (!document.body.innerText.includes(text)) return;
        document.documentElement.dataset[key] = 'seen';
        seen.disconnect();
      });
      seen.observe(document.body, { subtree: true, childList: true, characterData: true });
    },
    { text, key },
  );
  return () => page.evaluate((key) => document.documentElement.dataset[key] === 'seen', key);
}

test('login and sign out', async ({ page, context, account, baseURL, consoleErrors, request }) => {
  await test.step('a /login left untouched loads no auth client, and follows a sign-in in another tab', async () => {
    await page.goto('/login');
    await expect(loginForm(page)).toBeVisible();
    // Issue 10: without a session, the auth client (and its /api/config) waits for the first interaction.
    const askedForConfig = () =>
      page.evaluate(() => performance.getEntriesByType('resource').some((entry) => entry.name.includes('/api/config')));
    expect(await askedForConfig()).toBe(false);
    const other = await context.newPage();
    await other.goto('/login');
    await submitLogin(other, account);
    await expect(other).toHaveURL(/\/$/);
    // The session written by the other tab starts the client here, which finds it and leaves /login.
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your Notes' })).toBeVisible();
    await other.close();
  });

  await test.step('a server that cannot be told does not keep this device signed in', async () => {
    // The aborted request's line (net::ERR_INTERNET_DISCONNECTED) is allowed for every test.
    await page.route('**/auth/v1/logout**', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.unroute('**/auth/v1/logout**');
  });

  await test.step("a wrong password gives 'Login failed' with the server's message", async () => {
    consoleErrors.allow(/Failed to load resource: the server responded with a status of 400/);
    await submitLogin(page, { email: account.email, password: 'not-the-password' });
    await expectToast(page, 'Login failed', 'Invalid login credentials');
    await expect(page).toHaveURL(/\/login$/);
    await expect(toastRegion(page).locator('[data-variant="destructive"]')).toHaveCount(1);
  });

  await test.step("shows 'Logging in...' with the buttons disabled while submitting, then goes to /", async () => {
    // The account has a note; this device, signed out above, has none: the dashboard waits for the
    // account's notes rather than saying there are none.
    await seedNote(request, account, { title: 'Kept on the server' });
    const saidNoNotes = await watchForText(page, "You don't have any notes yet");
    const release = await holdRequests(page, '**/auth/v1/token?grant_type=password');
    await submitLogin(page, account);
    const busy = loginForm(page).getByRole('button', { name: 'Logging in...' });
    await expect(busy).toBeVisible();
    await expect(busy).toBeDisabled();
    release();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your Notes' })).toBeVisible();
    await expect(page.getByText(account.email)).toBeVisible();
    await expect(card(page, 'Kept on the server')).toBeVisible();
    expect(await saidNoNotes()).toBe(false);
  });

  await test.step('signs out of this device, goes to /login, and the protected screens are closed again', async () => {
    // A request the signed-in start sent just before (its first sync, the account's preferences) may be
    // answered after the session ended: 401, and nothing the user sees.
    consoleErrors.allowFromHere(/Failed to load resource: the server responded with a status of 401/);
    const logout = page.waitForRequest((request) => request.url().includes('/auth/v1/logout'));
    await page.getByRole('button', { name: 'Sign out' }).click();
    expect(new URL((await logout).url()).searchParams.get('scope')).toBe('local');
    await expect(page).toHaveURL(/\/login$/);
    expect(await localItem(page, authStorageKey(baseURL!))).toBeNull();
    // Left at once: the device's copy may still be being cleared, and the navigation then cuts the clear short.
    // The next session finishes it before reading anything (owed-clears.ts): the last step's sign-in finds
    // the account never pulled here.
    await page.goto('/checklists');
    await expect(page).toHaveURL(/\/login$/);
  });

  // Last: the broken storage stays broken for the rest of the page's life.
  await test.step("shows 'Error signing out: Please try again.' when this device could not be signed out", async () => {
    consoleErrors.allow(/^Sign out failed:/);
    // The server ends the session though this device cannot forget it: the change feed's join is then
    // refused, the check that follows (lib/session-check.ts) finds the refresh refused and signs out again,
    // and that sign-out's call to the server is answered 403, its session being gone already.
    consoleErrors.allowFromHere(/Failed to load resource: the server responded with a status of 40[03]/);
    // The sign-out below still ends the session on the server (supabase-js tells it even when the device
    // could not forget the session): a first sync still to come would then fail with 401 and its toast
    // take the sign-out's place. The sign-out is tried once that sync is done.
    const firstPull = page.waitForResponse(
      (response) => response.url().includes('/rest/v1/notes?') && response.request().method() === 'GET',
    );
    // Signing in goes back to the screen the last step asked for, Checklists; this device, signed out, has
    // none of the account's notes: the list waits for them rather than saying there are none.
    await seedNote(request, account, {
      title: 'Packing list',
      is_checklist: true,
      checklist_items: [{ id: 'item-1', text: 'Tent', completed: false }],
    });
    const saidNoChecklists = await watchForText(page, 'No checklists yet');
    await submitLogin(page, account);
    await expect(page).toHaveURL(/\/checklists$/);
    await expect(card(page, 'Packing list')).toBeVisible();
    expect(await saidNoChecklists()).toBe(false);
    // Sign out is tried from the dashboard.
    await sidebar(page).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your Notes' })).toBeVisible();
    expect((await firstPull).status()).toBe(200);
    // Make removing the stored session fail, as a broken storage would.
    await page.evaluate(() => {
      const remove = Storage.prototype.removeItem;
      Storage.prototype.removeItem = function (this: Storage, key: string) {
        if (key.endsWith('-auth-token')) throw new Error('storage is locked');
        remove.call(this, key);
      };
    });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expectToast(page, 'Error signing out', 'Please try again.');
    await expect(page).toHaveURL(/\/$/);
  });
});
