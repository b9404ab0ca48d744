// Accessibility scans (axe-core, WCAG 2.2 AA tags) and screenshots of Settings (every tab and the
// Connection Status sheet), Profile Settings (both tabs and the delete dialog) and API Configuration, at
// 1280x800 and 390x844 in both themes. Screenshots go to e2e/artifacts/screenshots/ for review.
import type { Page } from '@playwright/test';
import { VIEWPORTS, THEMES, expectNoSeriousViolations, shoot } from './support/a11y';
import { test, expect, gotoAs, seedSession } from './support/fixtures';

/** The viewport, then the page scrolled to its end when it is longer than the viewport. */
async function shootTopAndBottom(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, name);
  if (await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight + 40)) {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await shoot(page, `${name}-end`);
    await page.evaluate(() => window.scrollTo(0, 0));
  }
}

async function dismissToasts(page: Page): Promise<void> {
  const close = page.getByRole('button', { name: 'Close notification' });
  while ((await close.count()) > 0) {
    await close.first().click();
    await expect(close).toHaveCount(0);
  }
}

for (const viewport of VIEWPORTS) {
  for (const theme of THEMES) {
    const suffix = `${viewport.name}-${theme}`;
    test.describe(`${viewport.name} ${theme}`, () => {
      test.use({ viewport: { width: viewport.width, height: viewport.height }, colorScheme: theme });

      test.beforeEach(async ({ page, account, baseURL }) => {
        await seedSession(page, account.session, baseURL!);
      });

      test('settings', async ({ page }) => {
        await gotoAs(page, '/settings');
        await expect(page.getByRole('switch', { name: 'Dark Mode' })).toBeVisible();
        await expectNoSeriousViolations(page, { what: 'appearance' });
        await shoot(page, `settings-appearance-${suffix}`);

        await page.getByRole('tab', { name: 'Editor' }).click();
        await expect(page.getByRole('combobox', { name: 'Auto-save interval' })).toBeVisible();
        await expectNoSeriousViolations(page, { what: 'editor' });
        await shoot(page, `settings-editor-${suffix}`);

        await page.getByRole('tab', { name: 'AI' }).click();
        await expect(page.getByLabel('AI Assistant Name')).toBeVisible();
        await page.getByRole('radio', { name: /^Calm Mentor/ }).click(); // show the unsaved-changes bar
        await expectNoSeriousViolations(page, { what: 'ai' });
        await shootTopAndBottom(page, `settings-ai-${suffix}`);

        await page.getByRole('button', { name: 'Test Connection' }).click();
        await expect(page.getByTestId('connection-status-text')).toHaveText('Connection Failed');
        await dismissToasts(page);
        await page.getByRole('button', { name: /^Connection Failed/ }).click();
        await expect(page.getByRole('dialog', { name: 'Connection Status' })).toBeVisible();
        await expectNoSeriousViolations(page, { what: 'connection sheet' });
        await shoot(page, `settings-connection-sheet-${suffix}`);
        await page.keyboard.press('Escape');

        await page.getByRole('tab', { name: 'Sync' }).click();
        await expect(page.getByRole('button', { name: 'Sync Now' })).toBeVisible();
        await expectNoSeriousViolations(page, { what: 'sync' });
        await shoot(page, `settings-sync-${suffix}`);
      });

      test('profile', async ({ page }) => {
        await gotoAs(page, '/profile');
        await expect(page.getByLabel('Full Name')).toBeVisible();
        await expectNoSeriousViolations(page, { what: 'personal info' });
        await shootTopAndBottom(page, `profile-personal-${suffix}`);

        await page.getByRole('tab', { name: 'Security' }).click();
        await expect(page.getByLabel('Current Password')).toBeVisible();
        await expectNoSeriousViolations(page, { what: 'security' });
        await shootTopAndBottom(page, `profile-security-${suffix}`);

        await page.getByRole('button', { name: 'Delete Account' }).click();
        await expect(page.getByRole('alertdialog')).toBeVisible();
        await expectNoSeriousViolations(page, { what: 'delete dialog' });
        await shoot(page, `profile-delete-dialog-${suffix}`);
      });

      test('api setup', async ({ page }) => {
        await page.goto('/api-setup');
        await expect(page.getByLabel('OpenRouter API Key')).toBeVisible();
        await expectNoSeriousViolations(page, { what: 'api setup' });
        await shootTopAndBottom(page, `api-setup-${suffix}`);
      });
    });
  }
}
