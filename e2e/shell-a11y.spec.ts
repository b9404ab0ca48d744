// Accessibility scans (axe-core, WCAG 2.2 AA tags) and screenshots of every screen this shell builds,
// at 1280x800 and 390x844, in both themes. Screenshots go to e2e/artifacts/screenshots/ for review.
import type { Page } from '@playwright/test';
import { VIEWPORTS, THEMES, expectNoSeriousViolations, shoot } from './support/a11y';
import { test, expect, seedSession, type Account } from './support/fixtures';

for (const viewport of VIEWPORTS) {
  for (const theme of THEMES) {
    test.describe(`${viewport.name} ${theme}`, () => {
      test.use({ viewport: { width: viewport.width, height: viewport.height }, colorScheme: theme });

      test('login', async ({ page }) => {
        await page.goto('/login');
        await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
        await expectNoSeriousViolations(page);
        await shoot(page, `login-${viewport.name}-${theme}`);
        await page.getByRole('tab', { name: 'Sign Up' }).click();
        await expect(page.getByText('Password must be at least 6 characters long.')).toBeVisible();
        await expectNoSeriousViolations(page);
        await shoot(page, `signup-${viewport.name}-${theme}`);
      });

      test('404', async ({ page, consoleErrors }) => {
        consoleErrors.allow(/^404 Error/);
        await page.goto('/missing-page');
        await expect(page.getByText('Oops! Page not found')).toBeVisible();
        await expectNoSeriousViolations(page);
        await shoot(page, `not-found-${viewport.name}-${theme}`);
      });

      test('layout with a placeholder screen', async ({ page, account, baseURL }) => {
        await signInFast(page, account, baseURL);
        await page.goto('/');
        await expect(page.getByRole('heading', { level: 1, name: 'Your Notes' })).toBeVisible();
        await expectNoSeriousViolations(page);
        await shoot(page, `layout-${viewport.name}-${theme}`);
        if (viewport.name === 'mobile') {
          await page.getByRole('button', { name: 'Open menu' }).click();
          await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
          await expectNoSeriousViolations(page);
          await shoot(page, `layout-menu-${viewport.name}-${theme}`);
          await page.keyboard.press('Escape');
        }
        await page.goto('/settings');
        await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
        await shoot(page, `layout-settings-${viewport.name}-${theme}`);
      });

      test('keyboard focus', async ({ page, account, baseURL }) => {
        await signInFast(page, account, baseURL);
        await page.goto('/');
        await expect(page.getByRole('heading', { level: 1, name: 'Your Notes' })).toBeVisible();
        // Skip link, then the first controls of the layout.
        await page.keyboard.press('Tab');
        await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
        await shoot(page, `focus-skip-link-${viewport.name}-${theme}`);
        await page.keyboard.press('Tab');
        await page.keyboard.press('Tab');
        await shoot(page, `focus-second-control-${viewport.name}-${theme}`);
      });

      test('toast', async ({ page }) => {
        await page.goto('/login');
        await page.getByRole('form', { name: 'Login' }).getByRole('button', { name: 'Login' }).click();
        await expect(page.getByRole('region', { name: /Notifications/ }).getByText('Please enter both email and password.')).toBeVisible();
        await expectNoSeriousViolations(page);
        await shoot(page, `toast-${viewport.name}-${theme}`);
      });
    });
  }
}

async function signInFast(page: Page, account: Account, baseURL: string | undefined): Promise<void> {
  if (!baseURL) throw new Error('baseURL is not configured');
  await seedSession(page, account.session, baseURL);
}
