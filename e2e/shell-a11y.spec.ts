// Accessibility scans (axe-core, WCAG 2.2 AA tags) and screenshots of every screen this shell builds,
// at 1280x800 and 390x844, in both themes (switched in place on each screen). Screenshots go to
// e2e/artifacts/screenshots/ for review.
import type { Page } from '@playwright/test';
import { VIEWPORTS, THEMES, checkInBothThemes, expectNoSeriousViolations, shoot, switchTheme } from './support/a11y';
import { test, expect, seedSession, type Account } from './support/fixtures';

for (const viewport of VIEWPORTS) {
  test.describe(viewport.name, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height }, colorScheme: 'light' });
    const named = (state: string) => (theme: string) => `${state}-${viewport.name}-${theme}`;

    test('login', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
      await checkInBothThemes(page, named('login'));
      await page.getByRole('tab', { name: 'Sign Up' }).click();
      await expect(page.getByText('Password must be at least 6 characters long.')).toBeVisible();
      await checkInBothThemes(page, named('signup'));
    });

    test('404', async ({ page, consoleErrors }) => {
      consoleErrors.allow(/^404 Error/);
      // This page has no theme toggle: it is opened in each theme.
      for (const theme of THEMES) {
        await page.emulateMedia({ colorScheme: theme });
        await page.goto('/missing-page');
        await expect(page.getByText('Oops! Page not found')).toBeVisible();
        await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /(^|\s)dark(\s|$)/ : /^(?!.*(^|\s)dark(\s|$))/);
        await expectNoSeriousViolations(page);
        await shoot(page, named('not-found')(theme));
      }
    });

    test('layout with a placeholder screen', async ({ page, account, baseURL }) => {
      await signInFast(page, account, baseURL);
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: 'Your Notes' })).toBeVisible();
      await checkInBothThemes(page, named('layout'));
      if (viewport.name === 'mobile') {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
        await checkInBothThemes(page, named('layout-menu'));
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog', { name: 'Menu' })).toHaveCount(0);
      }
      await page.goto('/settings');
      await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
      await checkInBothThemes(page, named('layout-settings'), { scan: false });
    });

    test('keyboard focus', async ({ page, account, baseURL }) => {
      await signInFast(page, account, baseURL);
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: 'Your Notes' })).toBeVisible();
      // Skip link, then the first controls of the layout (switching the theme leaves focus where it is).
      await page.keyboard.press('Tab');
      await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
      await checkInBothThemes(page, named('focus-skip-link'), { scan: false });
      await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await checkInBothThemes(page, named('focus-second-control'), { scan: false });
    });

    test('toast', async ({ page }) => {
      await page.goto('/login');
      // A toast closes by itself after 5 s: one is raised in each theme.
      for (const theme of THEMES) {
        await switchTheme(page, theme);
        await page.getByRole('form', { name: 'Login' }).getByRole('button', { name: 'Login' }).click();
        await expect(page.getByRole('region', { name: /Notifications/ }).getByText('Please enter both email and password.')).toBeVisible();
        await expectNoSeriousViolations(page);
        await shoot(page, named('toast')(theme));
      }
    });
  });
}

async function signInFast(page: Page, account: Account, baseURL: string | undefined): Promise<void> {
  if (!baseURL) throw new Error('baseURL is not configured');
  await seedSession(page, account.session, baseURL);
}
