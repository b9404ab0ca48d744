// Accessibility scans (axe-core, WCAG 2.2 AA tags) and screenshots of Settings (every tab and the
// Connection Status sheet), Profile Settings (both tabs and the delete dialog) and API Configuration, at
// 1280x800 and 390x844 in both themes. Screenshots go to e2e/artifacts/screenshots/ for review.
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect, gotoAs, seedSession } from './support/fixtures';

const SCREENSHOT_DIR = path.join(import.meta.dirname, 'artifacts', 'screenshots');
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 390, height: 844 },
] as const;
const THEMES = ['light', 'dark'] as const;

async function expectNoSeriousViolations(page: Page, what: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`),
    what,
  ).toEqual([]);
}

/** A picture of the viewport (full-page captures misplace the layout's fixed parts). */
async function shoot(page: Page, name: string): Promise<void> {
  // Let enter animations settle so the picture shows the resting state.
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

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
        await expectNoSeriousViolations(page, 'appearance');
        await shoot(page, `settings-appearance-${suffix}`);

        await page.getByRole('tab', { name: 'Editor' }).click();
        await expect(page.getByRole('combobox', { name: 'Auto-save interval' })).toBeVisible();
        await expectNoSeriousViolations(page, 'editor');
        await shoot(page, `settings-editor-${suffix}`);

        await page.getByRole('tab', { name: 'AI' }).click();
        await expect(page.getByLabel('AI Assistant Name')).toBeVisible();
        await page.getByRole('radio', { name: /^Calm Mentor/ }).click(); // show the unsaved-changes bar
        await expectNoSeriousViolations(page, 'ai');
        await shootTopAndBottom(page, `settings-ai-${suffix}`);

        await page.getByRole('button', { name: 'Test Connection' }).click();
        await expect(page.getByTestId('connection-status-text')).toHaveText('Connection Failed');
        await dismissToasts(page);
        await page.getByRole('button', { name: /^Connection Failed/ }).click();
        await expect(page.getByRole('dialog', { name: 'Connection Status' })).toBeVisible();
        await expectNoSeriousViolations(page, 'connection sheet');
        await shoot(page, `settings-connection-sheet-${suffix}`);
        await page.keyboard.press('Escape');

        await page.getByRole('tab', { name: 'Sync' }).click();
        await expect(page.getByRole('button', { name: 'Sync Now' })).toBeVisible();
        await expectNoSeriousViolations(page, 'sync');
        await shoot(page, `settings-sync-${suffix}`);
      });

      test('profile', async ({ page }) => {
        await gotoAs(page, '/profile');
        await expect(page.getByLabel('Full Name')).toBeVisible();
        await expectNoSeriousViolations(page, 'personal info');
        await shootTopAndBottom(page, `profile-personal-${suffix}`);

        await page.getByRole('tab', { name: 'Security' }).click();
        await expect(page.getByLabel('Current Password')).toBeVisible();
        await expectNoSeriousViolations(page, 'security');
        await shootTopAndBottom(page, `profile-security-${suffix}`);

        await page.getByRole('button', { name: 'Delete Account' }).click();
        await expect(page.getByRole('alertdialog')).toBeVisible();
        await expectNoSeriousViolations(page, 'delete dialog');
        await shoot(page, `profile-delete-dialog-${suffix}`);
      });

      test('api setup', async ({ page }) => {
        await page.goto('/api-setup');
        await expect(page.getByLabel('OpenRouter API Key')).toBeVisible();
        await expectNoSeriousViolations(page, 'api setup');
        await shootTopAndBottom(page, `api-setup-${suffix}`);
      });
    });
  }
}
