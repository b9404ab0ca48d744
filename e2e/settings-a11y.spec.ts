// Accessibility scans (axe-core, WCAG 2.2 AA tags) and screenshots of Settings (every tab and the
// Connection Status sheet), Profile Settings (both tabs and the delete dialog) and API Configuration:
// each screen opened once, every state checked at 1280x800 and 390x844 (the page resized in place) and
// in both themes (switched in place). `npm run screenshots` keeps screenshots in e2e/artifacts/screenshots/.
import type { Page } from '@playwright/test';
import { checkAtEachViewport, shoot } from './support/a11y';
import { test, expect } from './support/fixtures';
import { gotoAs } from './support/session';
import { dismissToasts } from './support/toasts';

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

test.use({ colorScheme: 'light' });

test('settings', async ({ signedIn: page }) => {
  await gotoAs(page, '/settings');
  await expect(page.getByRole('switch', { name: 'Dark Mode' })).toBeVisible();
  await checkAtEachViewport(page, 'settings-appearance', { what: 'appearance' });

  await page.getByRole('tab', { name: 'Editor' }).click();
  await expect(page.getByRole('combobox', { name: 'Auto-save interval' })).toBeVisible();
  await checkAtEachViewport(page, 'settings-editor', { what: 'editor' });

  await page.getByRole('tab', { name: 'AI' }).click();
  await expect(page.getByLabel('AI Assistant Name')).toBeVisible();
  await page.getByRole('radio', { name: /^Calm Mentor/ }).click(); // show the unsaved-changes bar
  await checkAtEachViewport(page, 'settings-ai', { what: 'ai', shoot: shootTopAndBottom });

  await page.getByRole('button', { name: 'Test Connection' }).click();
  await expect(page.getByTestId('connection-status-text')).toHaveText('Connection Failed');
  await dismissToasts(page);
  await page.getByRole('button', { name: /^Connection Failed/ }).click();
  await expect(page.getByRole('dialog', { name: 'Connection Status' })).toBeVisible();
  await checkAtEachViewport(page, 'settings-connection-sheet', { what: 'connection sheet' });
  // Escape closes the top layer: a toast that arrived late (a loaded machine) takes it before the sheet.
  const sheet = page.getByRole('dialog', { name: 'Connection Status' });
  await expect(async () => {
    await page.keyboard.press('Escape');
    await expect(sheet).toHaveCount(0, { timeout: 1000 });
  }).toPass({ timeout: 10_000 });

  await page.getByRole('tab', { name: 'Sync' }).click();
  await expect(page.getByRole('button', { name: 'Sync Now' })).toBeVisible();
  await checkAtEachViewport(page, 'settings-sync', { what: 'sync' });
});

test('profile', async ({ signedIn: page }) => {
  await gotoAs(page, '/profile');
  await expect(page.getByLabel('Full Name')).toBeVisible();
  await checkAtEachViewport(page, 'profile-personal', { what: 'personal info', shoot: shootTopAndBottom });

  await page.getByRole('tab', { name: 'Security' }).click();
  await expect(page.getByLabel('Current Password')).toBeVisible();
  await checkAtEachViewport(page, 'profile-security', { what: 'security', shoot: shootTopAndBottom });

  await page.getByRole('button', { name: 'Delete Account' }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await checkAtEachViewport(page, 'profile-delete-dialog', { what: 'delete dialog' });
});

test('api setup', async ({ signedIn: page }) => {
  await page.goto('/api-setup');
  await expect(page.getByLabel('OpenRouter API Key')).toBeVisible();
  await checkAtEachViewport(page, 'api-setup', { what: 'api setup', shoot: shootTopAndBottom });
});
