// The session in the browser: stored where supabase-js keeps it (as after an earlier visit, faster than the
// login screen), read back, or made through the login screen as a user does; and opening a protected
// screen signed in.
import { expect, type Page } from '@playwright/test';
import type { Account, StoredSession } from './accounts';

type Credentials = Pick<Account, 'email' | 'password'>;

/** The local-storage key supabase-js uses for the session: `sb-<first label of the hostname>-auth-token`. */
export function authStorageKey(baseURL: string): string {
  return `sb-${new URL(baseURL).hostname.split('.')[0]}-auth-token`;
}

/**
 * Puts a session where supabase-js looks for it, before any page script runs: once per tab, so a later
 * sign-out stays signed out across reloads, and never over a session the page already has (its refresh
 * token may have rotated).
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

/** The session the page's supabase-js holds now; null when signed out. */
export async function storedSession(page: Page, baseURL: string): Promise<StoredSession | null> {
  const raw = await page.evaluate((key) => localStorage.getItem(key), authStorageKey(baseURL));
  return raw ? (JSON.parse(raw) as StoredSession) : null;
}

/** Opens a protected path as the signed-in user and waits until it shows (not the spinner, not /login). */
export async function gotoAs(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page).not.toHaveURL(/\/login(\?|$)/);
  await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
}

/** On the login screen: fills in the form and presses Login, whatever the outcome. */
export async function submitLogin(page: Page, credentials: Credentials): Promise<void> {
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(credentials.email);
  await form.getByLabel('Password').fill(credentials.password);
  await form.getByRole('button', { name: 'Login' }).click();
}

/** Signs in through the login screen the page already shows (e.g. after Sign out) and waits for the dashboard. */
export async function signInHere(page: Page, credentials: Credentials): Promise<void> {
  await submitLogin(page, credentials);
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Notes' })).toBeVisible();
}

/** Opens the login screen and signs in as `credentials` (a session of its own), ending on the dashboard. */
export async function signIn(page: Page, credentials: Credentials): Promise<void> {
  await page.goto('/login');
  await signInHere(page, credentials);
}
