// Routes of spec section 2 through the real server: public and protected screens, the guard's
// redirects (history replaced), /dashboard, the 404 page and the router's error page. Every path is
// loaded directly, as a visitor typing it would; one tab visits them all, signed out and then signed in.
import { test, expect } from './support/fixtures';
import { gotoAs, submitLogin } from './support/session';

const PROTECTED_PATHS = [
  '/',
  '/new',
  '/edit/abc',
  '/view/abc',
  '/note/abc',
  '/chat',
  '/checklists',
  '/settings',
  '/profile',
];

// The service worker is blocked (the config's default): a controlling worker would serve the chunk the
// last step fails from its cache, past page.route.
test('signed out: the guard, the public screens, the 404 page and the error page', async ({ page, consoleErrors }) => {
  // Thirteen loads of the app, the work of the twelve tests this one replaced: more than one test's time.
  test.slow();
  for (const path of PROTECTED_PATHS) {
    await test.step(`${path} sends the visitor to /login, replacing the history entry`, async () => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByText('Think. Expand. Act.')).toBeVisible();
      // The protected entry was replaced, not pushed: going back leaves the app (for the blank tab).
      await page.goBack();
      expect(new URL(page.url()).pathname).not.toBe(path);
    });
  }

  await test.step('/login and /api-setup are public', async () => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Sprout' })).toBeVisible();
    await expect(page).toHaveTitle('Login · Sprout');
    await page.goto('/api-setup');
    await expect(page).toHaveURL(/\/api-setup$/);
    await expect(page.getByRole('heading', { level: 1, name: 'API Configuration' })).toBeVisible();
    await expect(page).toHaveTitle('API Configuration · Sprout');
  });

  await test.step('an unknown path shows the 404 page, logs the miss once, and Return to Home goes to /', async () => {
    const missLog = /^404 Error: User attempted to access non-existent route: \/no\/such\/page$/;
    consoleErrors.allow(missLog);
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeVisible();
    await expect(page).toHaveTitle('Page not found · Sprout');
    expect(consoleErrors.seen.filter((text) => missLog.test(text))).toHaveLength(1);
    await page.getByRole('link', { name: 'Return to Home' }).click();
    // Home is protected: a visitor continues to /login.
    await expect(page).toHaveURL(/\/login$/);
  });

  // Last: the route that fails the screen's code stays for the rest of the test.
  await test.step('a screen whose code cannot be loaded shows the Unexpected Application Error! page after one reload', async () => {
    consoleErrors.allow(/Failed to load resource/, /Failed to fetch dynamically imported module/, /api-setup-page/);
    await page.route('**/assets/api-setup-page-*.js', (route) => route.abort());
    let loads = 0;
    page.on('load', () => {
      loads += 1;
    });
    await page.goto('/api-setup');
    await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
    // One automatic reload (a deploy may have replaced the chunk), then the error page, not a loop.
    expect(loads).toBe(2);
  });
});

test('signing in, then every screen, redirect and the 404 page signed in', async ({ page, account, consoleErrors }) => {
  // Fourteen loads of the app, the work of the six tests this one replaced: more than one test's time.
  test.slow();
  await test.step('after signing in the visitor lands on the page they asked for', async () => {
    await page.goto('/settings?tab=ai');
    await expect(page).toHaveURL(/\/login$/);
    await submitLogin(page, account);
    await expect(page).toHaveURL(/\/settings\?tab=ai$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  });

  const HEADINGS: [path: string, heading: string, title: string][] = [
    ['/', 'Your Notes', 'Your Notes · Sprout'],
    ['/new', 'New Idea', 'New Idea · Sprout'],
    ['/chat', 'Chat with Sprout', 'AI Chat · Sprout'],
    ['/checklists', 'Your Checklists', 'Your Checklists · Sprout'],
    ['/settings', 'Settings', 'Settings · Sprout'],
    ['/profile', 'Profile Settings', 'Profile Settings · Sprout'],
  ];

  await test.step('every protected screen opens with its heading and page title', async () => {
    for (const [path, heading, title] of HEADINGS) {
      await gotoAs(page, path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page).toHaveTitle(title);
    }
  });

  await test.step('/edit/{id}, /view/{id} and /note/{id} are app routes (never the 404 page)', async () => {
    for (const path of ['/edit/abc', '/view/abc', '/note/abc']) {
      await page.goto(path);
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      await expect(page.getByText('Oops! Page not found')).toHaveCount(0);
    }
  });

  await test.step('/dashboard redirects to /, replacing its history entry', async () => {
    await gotoAs(page, '/settings');
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your Notes' })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/settings$/);
  });

  await test.step('a signed-in visitor of /login is sent to /', async () => {
    await page.goto('/login');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your Notes' })).toBeVisible();
  });

  await test.step('signed in, Return to Home opens the dashboard', async () => {
    consoleErrors.allow(/^404 Error: User attempted to access non-existent route: \/nope$/);
    await page.goto('/nope');
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your Notes' })).toBeVisible();
  });
});
