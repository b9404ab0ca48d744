// Playwright fixtures shared by the end-to-end specs:
// - every test fails on a console error or uncaught page error it did not declare with `consoleErrors.allow()`
//   (or, for the errors a later phase of a flow provokes, `consoleErrors.allowFromHere()`);
// - `account`: a fresh user made through the real sign-up endpoint;
// - `signedInPage`: the test's page on the dashboard, signed in as `account` (session stored as after an
//   earlier visit); `signedIn`: the same page signed in but not opened yet, for a test that starts elsewhere.
// Helpers: `signInThroughUi`, `seedSession` (puts the session where supabase-js keeps it) and `gotoAs`.
import { randomUUID } from 'node:crypto';
import { test as base, expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';

export { expect };

/** The session fields the auth server returns (GoTrue's shape). */
export interface StoredSession {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  expires_at: number;
  token_type: string;
  user: { id: string; email: string; [key: string]: unknown };
}

export interface Account {
  email: string;
  password: string;
  accessToken: string;
  refreshToken: string;
  userId: string;
  /** The public anon key the client sends as `apikey`. */
  anonKey: string;
  /** The whole session returned by sign-up. */
  session: StoredSession;
}

export interface ConsoleErrors {
  /** Declares console errors this test expects (matched against the message text). */
  allow: (...patterns: RegExp[]) => void;
  /**
   * Declares console errors expected from this point on only, for a later phase of a flow that provokes
   * them: what was logged before stays unexpected.
   */
  allowFromHere: (...patterns: RegExp[]) => void;
  /** Every console error and page error seen so far. */
  readonly seen: readonly string[];
}

/** The local-storage key supabase-js uses for the session: `sb-<first label of the hostname>-auth-token`. */
export function authStorageKey(baseURL: string): string {
  return `sb-${new URL(baseURL).hostname.split('.')[0]}-auth-token`;
}

export async function anonKey(request: APIRequestContext): Promise<string> {
  const response = await request.get('/api/config');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { anonKey: string }).anonKey;
}

/** Creates a user through POST /auth/v1/signup (the embedded server confirms at once and returns a session). */
export async function createAccount(request: APIRequestContext, password = `pw-${randomUUID()}`): Promise<Account> {
  const key = await anonKey(request);
  const email = `user-${randomUUID()}@example.com`;
  const response = await request.post('/auth/v1/signup', {
    headers: { apikey: key, 'Content-Type': 'application/json' },
    data: { email, password },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const session = (await response.json()) as StoredSession;
  return {
    email,
    password,
    accessToken: session.access_token,
    refreshToken: session.refresh_token,
    userId: session.user.id,
    anonKey: key,
    session,
  };
}

/** Signs in through the login screen and waits for the dashboard. */
export async function signInThroughUi(page: Page, account: Pick<Account, 'email' | 'password'>): Promise<void> {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password').fill(account.password);
  await form.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('main')).toBeVisible();
}

/**
 * Puts a session where supabase-js looks for it, before any page script runs (faster than the UI): once
 * per tab, so a later sign-out stays signed out across reloads, and never over a session the page
 * already has (its refresh token may have rotated).
 */
export async function seedSession(page: Page, session: StoredSession, baseURL: string): Promise<void> {
  await page.addInitScript(
    ([key, value]) => {
      if (window.sessionStorage.getItem('e2e.sessionSeeded')) return;
      window.sessionStorage.setItem('e2e.sessionSeeded', '1');
      if (!window.localStorage.getItem(key)) window.localStorage.setItem(key, value);
    },
    [authStorageKey(baseURL), JSON.stringify(session)] as const,
  );
}

/** Opens a protected path as the signed-in user and waits until it shows (not the spinner, not /login). */
export async function gotoAs(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page).not.toHaveURL(/\/login(\?|$)/);
  await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
}

/**
 * Waits until the page's first sync since it loaded has finished: a pull has answered and no sync run
 * holds the app's Web Lock. A test that cuts the network should do so after this, or the pull the page
 * started on load fails in flight (Chromium logs it), which is not what the test is about.
 */
export async function waitForSyncIdle(page: Page): Promise<void> {
  await page.waitForFunction(
    async () => {
      const pulled = performance.getEntriesByType('resource').some((entry) => entry.name.includes('/rest/v1/notes?') && (entry as PerformanceResourceTiming).responseEnd > 0);
      const held = (await navigator.locks.query()).held ?? [];
      return pulled && !held.some((lock) => lock.name?.startsWith('sprout-sync-'));
    },
    undefined,
    { polling: 100, timeout: 30_000 },
  );
}

/** Cuts the network of the page's context once the page's own first sync is over (waitForSyncIdle). */
export async function goOfflineWhenIdle(context: BrowserContext, page: Page): Promise<void> {
  await waitForSyncIdle(page);
  await context.setOffline(true);
}

/** Starts collecting console and page errors of a page (the `page` fixture is watched automatically). */
export function watchConsole(page: Page, sink: string[]): void {
  page.on('console', (message) => {
    if (message.type() === 'error') sink.push(message.text());
  });
  page.on('pageerror', (error) => sink.push(`Uncaught: ${error.message}`));
}

interface Fixtures {
  consoleErrors: ConsoleErrors;
  account: Account;
  signedIn: Page;
  signedInPage: Page;
}

export const test = base.extend<Fixtures>({
  consoleErrors: [
    async ({ page }, use) => {
      const seen: string[] = [];
      // Chromium logs every request and socket attempt that fails because a test cut the network
      // (context.setOffline): the sync's pulls and the realtime client's reconnects. Those lines exist
      // only in offline tests, which assert what the user sees instead.
      // Each pattern with the index of the first entry it may match.
      const allowed: { pattern: RegExp; from: number }[] = [{ pattern: /net::ERR_INTERNET_DISCONNECTED/, from: 0 }];
      watchConsole(page, seen);
      const allowFrom = (from: number, patterns: RegExp[]) => allowed.push(...patterns.map((pattern) => ({ pattern, from })));
      await use({ allow: (...patterns) => allowFrom(0, patterns), allowFromHere: (...patterns) => allowFrom(seen.length, patterns), seen });
      const unexpected = seen.filter((text, index) => !allowed.some(({ pattern, from }) => index >= from && pattern.test(text)));
      expect(unexpected, 'console errors the test did not expect').toEqual([]);
    },
    { auto: true },
  ],
  account: async ({ request }, use) => {
    await use(await createAccount(request));
  },
  // Signed in as a returning user (the session stored), the page not opened yet: for a test whose first
  // load is the screen it is about (opening the dashboard first would boot the app twice).
  signedIn: async ({ page, account, baseURL }, use) => {
    await seedSession(page, account.session, baseURL!);
    await use(page);
  },
  // Signed in as a returning user (the session already stored); the login screen has specs of its own.
  signedInPage: async ({ page, account, baseURL }, use) => {
    await seedSession(page, account.session, baseURL!);
    await gotoAs(page, '/');
    await use(page);
  },
});
