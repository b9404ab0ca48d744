// Login / Sign Up through the real auth server (spec sections 2, 5 and 8): validation, busy labels,
// every failure toast, sign-up and sign-in success, and Sign out.
import type { Page } from '@playwright/test';
import { test, expect, authStorageKey, createAccount } from './support/fixtures';

function loginForm(page: Page) {
  return page.getByRole('form', { name: 'Login' });
}

function signUpForm(page: Page) {
  return page.getByRole('form', { name: 'Sign Up' });
}

function toastRegion(page: Page) {
  return page.getByRole('region', { name: /Notifications/ });
}

async function expectToast(page: Page, title: string, description: string | RegExp) {
  const region = toastRegion(page);
  await expect(region.getByText(title, { exact: true })).toBeVisible();
  await expect(region.getByText(description)).toBeVisible();
}

test.describe('validation', () => {
  test("empty fields give 'Error: Please enter both email and password.' on both tabs", async ({ page }) => {
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/auth/v1/')) requests.push(request.url());
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

  test('the fields are typed and labelled', async ({ page }) => {
    await page.goto('/login');
    await expect(loginForm(page).getByLabel('Email')).toHaveAttribute('type', 'email');
    await expect(loginForm(page).getByLabel('Password')).toHaveAttribute('type', 'password');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await expect(signUpForm(page).getByLabel('Email')).toHaveAttribute('type', 'email');
    await expect(signUpForm(page).getByLabel('Password')).toHaveAccessibleDescription('Password must be at least 6 characters long.');
  });
});

test.describe('login', () => {
  test("a wrong password gives 'Login failed' with the server's message", async ({ page, account, consoleErrors }) => {
    consoleErrors.allow(/Failed to load resource: the server responded with a status of 400/);
    await page.goto('/login');
    await loginForm(page).getByLabel('Email').fill(account.email);
    await loginForm(page).getByLabel('Password').fill('not-the-password');
    await loginForm(page).getByRole('button', { name: 'Login' }).click();
    await expectToast(page, 'Login failed', 'Invalid login credentials');
    await expect(page).toHaveURL(/\/login$/);
    await expect(toastRegion(page).locator('[data-variant="destructive"]')).toHaveCount(1);
  });

  test("shows 'Logging in...' with the buttons disabled while submitting, then goes to /", async ({ page, account }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/auth/v1/token?grant_type=password', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/login');
    await loginForm(page).getByLabel('Email').fill(account.email);
    await loginForm(page).getByLabel('Password').fill(account.password);
    await loginForm(page).getByRole('button', { name: 'Login' }).click();
    const busy = loginForm(page).getByRole('button', { name: 'Logging in...' });
    await expect(busy).toBeVisible();
    await expect(busy).toBeDisabled();
    release();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your Notes' })).toBeVisible();
    await expect(page.getByText(account.email)).toBeVisible();
  });

  test('a /login left untouched loads no auth client, and follows a sign-in in another tab', async ({ page, context, account }) => {
    await page.goto('/login');
    await expect(loginForm(page)).toBeVisible();
    // Issue 10: without a session, the auth client (and its /api/config) waits for the first interaction.
    const askedForConfig = () => page.evaluate(() => performance.getEntriesByType('resource').some((entry) => entry.name.includes('/api/config')));
    expect(await askedForConfig()).toBe(false);
    const other = await context.newPage();
    await other.goto('/login');
    await loginForm(other).getByLabel('Email').fill(account.email);
    await loginForm(other).getByLabel('Password').fill(account.password);
    await loginForm(other).getByRole('button', { name: 'Login' }).click();
    await expect(other).toHaveURL(/\/$/);
    // The session written by the other tab starts the client here, which finds it and leaves /login.
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your Notes' })).toBeVisible();
  });
});

test.describe('sign up', () => {
  test("creates the account, says so truthfully and goes to /", async ({ page }) => {
    const email = `new-${Date.now()}@example.com`;
    await page.goto('/login');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await signUpForm(page).getByLabel('Email').fill(email);
    await signUpForm(page).getByLabel('Password').fill('a-good-password');
    await signUpForm(page).getByRole('button', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expectToast(page, 'Account created', 'Your account is ready. Welcome to Sprout!');
    await expect(page.getByText(email)).toBeVisible();
  });

  test("shows 'Creating account...' with the buttons disabled while submitting", async ({ page }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/auth/v1/signup', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/login');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await signUpForm(page).getByLabel('Email').fill(`busy-${Date.now()}@example.com`);
    await signUpForm(page).getByLabel('Password').fill('a-good-password');
    await signUpForm(page).getByRole('button', { name: 'Sign Up' }).click();
    const busy = signUpForm(page).getByRole('button', { name: 'Creating account...' });
    await expect(busy).toBeVisible();
    await expect(busy).toBeDisabled();
    release();
    await expect(page).toHaveURL(/\/$/);
  });

  test("an email already registered gives 'Signup failed' with the server's message", async ({ page, account, consoleErrors }) => {
    consoleErrors.allow(/Failed to load resource: the server responded with a status of 422/);
    await page.goto('/login');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await signUpForm(page).getByLabel('Email').fill(account.email);
    await signUpForm(page).getByLabel('Password').fill('another-password');
    await signUpForm(page).getByRole('button', { name: 'Sign Up' }).click();
    await expectToast(page, 'Signup failed', 'User already registered');
    await expect(page).toHaveURL(/\/login$/);
  });

  test("a weak password gives 'Signup failed' with the server's reasons", async ({ page, consoleErrors }) => {
    consoleErrors.allow(/Failed to load resource: the server responded with a status of 422/);
    await page.goto('/login');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await signUpForm(page).getByLabel('Email').fill(`weak-${Date.now()}@example.com`);
    await signUpForm(page).getByLabel('Password').fill('abc');
    await signUpForm(page).getByRole('button', { name: 'Sign Up' }).click();
    await expectToast(page, 'Signup failed', 'Password should be at least 6 characters. Reason: too short.');
  });

  test('when the server wants the email verified first, it says so and stays on the login screen', async ({ page }) => {
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
    await page.goto('/login');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await signUpForm(page).getByLabel('Email').fill(email);
    await signUpForm(page).getByLabel('Password').fill('a-good-password');
    await signUpForm(page).getByRole('button', { name: 'Sign Up' }).click();
    await expectToast(page, 'Account created', 'Please check your email for verification.');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('sign out', () => {
  test('signs out of this device, goes to /login, and the protected screens are closed again', async ({ signedInPage: page, baseURL }) => {
    const logout = page.waitForRequest((request) => request.url().includes('/auth/v1/logout'));
    await page.getByRole('button', { name: 'Sign out' }).click();
    expect(new URL((await logout).url()).searchParams.get('scope')).toBe('local');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate((key) => localStorage.getItem(key), authStorageKey(baseURL!))).toBeNull();
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a server that cannot be told does not keep this device signed in', async ({ signedInPage: page, consoleErrors }) => {
    consoleErrors.allow(/Failed to load resource/);
    await page.route('**/auth/v1/logout**', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test("shows 'Error signing out: Please try again.' when this device could not be signed out", async ({ signedInPage: page, consoleErrors }) => {
    consoleErrors.allow(/^Sign out failed:/);
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

test('the account fixture signs up through the real endpoint', async ({ request }) => {
  const account = await createAccount(request);
  expect(account.userId).toMatch(/^[0-9a-f-]{36}$/);
  expect(account.session.user.email).toBe(account.email);
});
