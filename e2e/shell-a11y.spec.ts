// Accessibility scans (axe-core, WCAG 2.2 AA tags) and screenshots of every screen this shell builds:
// each screen opened once (the 404 page once per theme: it has no theme toggle) and every state checked
// at 1280x800 and 390x844 (the page resized in place) and in both themes (switched in place); the mobile
// menu at 390x844 only, where it exists. Screenshots go to e2e/artifacts/screenshots/ for review.
import {
  MOBILE,
  THEMES,
  VIEWPORTS,
  checkAtEachViewport,
  checkInBothThemes,
  expectNoSeriousViolations,
  resizeTo,
  shoot,
  switchTheme,
} from './support/a11y';
import { test, expect } from './support/fixtures';
import { openFromNav } from './support/layout';
import { toastRegion } from './support/toasts';

test.use({ colorScheme: 'light' });

test('login', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
  await checkAtEachViewport(page, 'login');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await expect(page.getByText('Password must be at least 6 characters long.')).toBeVisible();
  await checkAtEachViewport(page, 'signup');
});

test('404', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/^404 Error/);
  // This page has no theme toggle: it is opened in each theme, and checked at each size in place.
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme });
    await page.goto('/missing-page');
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
    await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /(^|\s)dark(\s|$)/ : /^(?!.*(^|\s)dark(\s|$))/);
    for (const viewport of VIEWPORTS) {
      await resizeTo(page, viewport);
      await expectNoSeriousViolations(page, { what: `${viewport.name} ${theme}` });
      await shoot(page, `not-found-${viewport.name}-${theme}`);
    }
  }
});

test('layout with a placeholder screen', async ({ signedIn: page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Notes' })).toBeVisible();
  await checkAtEachViewport(page, 'layout');
  // The menu button exists below 768 px only.
  await resizeTo(page, MOBILE);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  await checkInBothThemes(page, (theme) => `layout-menu-mobile-${theme}`);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Menu' })).toHaveCount(0);
  await openFromNav(page, 'Settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await checkAtEachViewport(page, 'layout-settings', { scan: false });
});

test('keyboard focus', async ({ signedIn: page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Notes' })).toBeVisible();
  // Skip link, then the first controls of the layout (switching the theme or the size leaves focus where it is).
  const skipLink = page.getByRole('link', { name: 'Skip to main content' });
  await page.keyboard.press('Tab');
  await expect(skipLink).toBeFocused();
  await checkAtEachViewport(page, 'focus-skip-link', { scan: false });
  await expect(skipLink).toBeFocused();
  // Which control comes two Tabs later depends on the size (the sidebar's, or the mobile top bar's): it is
  // tabbed to from the skip link at each size.
  await checkAtEachViewport(page, 'focus-second-control', {
    scan: false,
    arrange: async () => {
      await skipLink.focus();
      await expect(skipLink).toBeFocused();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await expect(skipLink).not.toBeFocused();
    },
  });
});

test('toast', async ({ page }) => {
  await page.goto('/login');
  // A toast closes by itself after 5 s: one is raised at each size in each theme.
  for (const viewport of VIEWPORTS) {
    await resizeTo(page, viewport);
    for (const theme of THEMES) {
      await switchTheme(page, theme);
      await page.getByRole('form', { name: 'Login' }).getByRole('button', { name: 'Login' }).click();
      await expect(toastRegion(page).getByText('Please enter both email and password.')).toBeVisible();
      await expectNoSeriousViolations(page, { what: `${viewport.name} ${theme}` });
      await shoot(page, `toast-${viewport.name}-${theme}`);
    }
  }
});
