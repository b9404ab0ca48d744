// Playwright fixtures shared by the end-to-end specs:
// - every test fails on a console error or uncaught page error it did not declare with `consoleErrors.allow()`
//   (or, for the errors a later phase of a flow provokes, `consoleErrors.allowFromHere()`), on any of its pages;
// - `accounts`: every account the test signs up, through it or through the screens, is deleted when the
//   test ends (DELETE /api/account), and the shared fake AI provider forgets the replies the test scripted
//   (scriptFake) and the requests that mention them: a run leaves the servers as it found them;
// - `account`: a fresh user made through the real sign-up endpoint (one of `accounts`);
// - `signedIn`: the test's page signed in as `account` (session stored as after an earlier visit), not opened
//   yet, for a test that starts elsewhere; `signedInPage`: the same page on the dashboard;
// - `newDevice`: another device (a browser context of its own) signed in as an account, closed at the end.
import { test as base, expect, type Page } from '@playwright/test';
import { createAccount, deleteAccount, type Account, type AccountCredentials } from './accounts';
import { forgetScripted } from './ai';
import { gotoAs, seedSession, signIn } from './session';

export { expect };

export interface ConsoleErrors {
  /** Declares console errors this test expects (matched against the message text). */
  allow: (...patterns: RegExp[]) => void;
  /**
   * Declares console errors expected from this point on only, for a later phase of a flow that provokes
   * them: what was logged before stays unexpected.
   */
  allowFromHere: (...patterns: RegExp[]) => void;
  /** Checks another page of the test too (a second device). */
  watch: (page: Page) => void;
  /** Every console error and page error seen so far. */
  readonly seen: readonly string[];
}

export interface Accounts {
  /** Signs up a fresh account through the API, on the test's server or the one at `origin`. */
  create: (options?: { origin?: string }) => Promise<Account>;
  /** An account the test signed up through the screens (on the test's server unless `origin` is given). */
  signedUp: (credentials: { email: string; password: string; origin?: string }) => void;
  /** The test changed the account's password: the new one deletes it. */
  passwordChanged: (account: Account, password: string) => void;
}

export interface DeviceOptions {
  account: Account;
  /** 'form': signs in through the login screen (a session of its own) and ends on the dashboard; 'stored':
   * the account's session stored as after an earlier visit, the page not opened yet. */
  signIn: 'form' | 'stored';
  viewport?: { width: number; height: number };
}

/** Starts collecting console and page errors of a page (the `page` fixture is watched automatically). */
export function watchConsole(page: Page, sink: string[]): void {
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // A note's write resent after its answer was lost (a busy machine's slow answer) meets a 409 that the
    // sync resolves as its own earlier write (docs/sync.md, S6-S8); Chromium logs the 409 all the same.
    // Any spec that writes notes can meet it, so it is expected here once rather than spec by spec.
    if (/status of 409/.test(message.text()) && message.location().url.includes('/rest/v1/notes')) return;
    sink.push(message.text());
  });
  page.on('pageerror', (error) => sink.push(`Uncaught: ${error.message}`));
}

interface Fixtures {
  accounts: Accounts;
  fakeAiForgets: void;
  consoleErrors: ConsoleErrors;
  account: Account;
  signedIn: Page;
  signedInPage: Page;
  newDevice: (options: DeviceOptions) => Promise<Page>;
}

export const test = base.extend<Fixtures>({
  accounts: async ({ request, baseURL }, use) => {
    const made: AccountCredentials[] = [];
    const find = (email: string, origin: string) =>
      made.find((entry) => entry.email === email && entry.origin === origin);
    await use({
      create: async ({ origin = baseURL! } = {}) => {
        const account = await createAccount(request, origin);
        made.push({
          origin,
          email: account.email,
          passwords: [account.password],
          anonKey: account.anonKey,
          accessToken: account.accessToken,
        });
        return account;
      },
      signedUp: ({ email, password, origin = baseURL! }) => {
        made.push({ origin, email, passwords: [password] });
      },
      passwordChanged: (account, password) => {
        const entry = find(account.email, account.origin);
        if (!entry) throw new Error(`${account.email} was not made by this test's accounts`);
        entry.passwords = [...entry.passwords, password];
      },
    });
    const failures: string[] = [];
    for (const credentials of made)
      await deleteAccount(request, credentials).catch((error: Error) => failures.push(error.message));
    expect(failures, 'accounts the test left on the server').toEqual([]);
  },
  fakeAiForgets: [
    async ({ request }, use) => {
      await use();
      await forgetScripted(request);
    },
    { auto: true },
  ],
  // Depends on `accounts` so that the accounts are deleted only after this check: a page still open would
  // log its deleted session's refused requests.
  consoleErrors: [
    async ({ page, accounts: _ }, use) => {
      const seen: string[] = [];
      // Chromium logs every request and socket attempt that fails because a test cut the network
      // (context.setOffline): the sync's pulls and the realtime client's reconnects. Those lines exist
      // only in offline tests, which assert what the user sees instead.
      // Each pattern with the index of the first entry it may match.
      const allowed: { pattern: RegExp; from: number }[] = [{ pattern: /net::ERR_INTERNET_DISCONNECTED/, from: 0 }];
      watchConsole(page, seen);
      const allowFrom = (from: number, patterns: RegExp[]) =>
        allowed.push(...patterns.map((pattern) => ({ pattern, from })));
      await use({
        allow: (...patterns) => allowFrom(0, patterns),
        allowFromHere: (...patterns) => allowFrom(seen.length, patterns),
        watch: (other) => watchConsole(other, seen),
        seen,
      });
      const unexpected = seen.filter(
        (text, index) => !allowed.some(({ pattern, from }) => index >= from && pattern.test(text)),
      );
      expect(unexpected, 'console errors the test did not expect').toEqual([]);
    },
    { auto: true },
  ],
  account: async ({ accounts }, use) => {
    await use(await accounts.create());
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
  newDevice: async ({ browser, baseURL, consoleErrors }, use) => {
    const opened: Page[] = [];
    await use(async ({ account, signIn: how, viewport }) => {
      const context = await browser.newContext(viewport ? { viewport } : {});
      const page = await context.newPage();
      opened.push(page);
      consoleErrors.watch(page);
      if (how === 'form') await signIn(page, account);
      else await seedSession(page, account.session, baseURL!);
      return page;
    });
    for (const page of opened) await page.context().close();
  },
});
