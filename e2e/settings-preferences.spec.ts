// Settings (spec section 2 and 4) through the real server: Appearance (Dark Mode, Font Size that really
// changes the text size), Editor settings kept on this device, AI preferences edited in a draft that only
// 'Save Preferences' keeps (locally and in user_metadata, so another browser sees them), and the Sync tab.
import type { Page } from '@playwright/test';
import { accountMetadata } from './support/accounts';
import { localItem } from './support/device';
import { test, expect } from './support/fixtures';
import { goOfflineWhenIdle } from './support/network';
import { gotoAs } from './support/session';
import { expectToast } from './support/toasts';

const fontSizeOf = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => getComputedStyle(el).fontSize);

async function openAiTab(page: Page): Promise<void> {
  await gotoAs(page, '/settings?tab=ai');
  await expect(page.getByLabel('AI Assistant Name')).toBeVisible();
}

// Appearance, Editor and Sync in one page, each a step (tabs switched in place, the reloads kept where
// they prove what is kept): every new page would boot the app again.
test('Appearance, Editor and Sync tabs: what each changes and keeps', async ({ signedIn: page, context }) => {
  test.setTimeout(120_000);
  await gotoAs(page, '/settings');

  await test.step('Dark Mode switch toggles the dark class and is kept after a reload', async () => {
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    for (const name of ['Appearance', 'Editor', 'AI', 'Sync'])
      await expect(page.getByRole('tab', { name })).toBeVisible();
    const darkMode = page.getByRole('switch', { name: 'Dark Mode' });
    await expect(darkMode).not.toBeChecked();
    await darkMode.click();
    await expect(darkMode).toBeChecked();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Dark Mode' })).toBeChecked();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await page.getByRole('switch', { name: 'Dark Mode' }).click();
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  });

  await test.step("Font Size really changes the app's text size, defaults to Medium and is kept after a reload", async () => {
    const select = page.getByRole('combobox', { name: 'Font Size' });
    await expect(select).toHaveText('Medium');
    expect(await fontSizeOf(page, 'body')).toBe('16px');
    const description = page.getByText('Makes all text in the app smaller or larger.');
    expect(await description.evaluate((el) => getComputedStyle(el).fontSize)).toBe('14px');

    await select.click();
    await page.getByRole('option', { name: 'Large' }).click();
    await expect(select).toHaveText('Large');
    await expect(page.locator('html')).toHaveAttribute('data-font-size', 'large');
    expect(await fontSizeOf(page, 'body')).toBe('18px');
    expect(await description.evaluate((el) => getComputedStyle(el).fontSize)).toBe('15.75px');

    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Font Size' })).toHaveText('Large');
    expect(await fontSizeOf(page, 'body')).toBe('18px');

    await page.getByRole('combobox', { name: 'Font Size' }).click();
    await page.getByRole('option', { name: 'Small' }).click();
    expect(await fontSizeOf(page, 'body')).toBe('14px');
    await page.getByRole('combobox', { name: 'Font Size' }).click();
    await page.getByRole('option', { name: 'Medium' }).click();
    await expect(page.locator('html')).not.toHaveAttribute('data-font-size');
    expect(await page.evaluate(() => localStorage.getItem('sprout.fontSize'))).toBeNull();
  });

  await test.step('Editor settings: the spec options and defaults, kept on this device', async () => {
    await page.getByRole('tab', { name: 'Editor' }).click();
    const interval = page.getByRole('combobox', { name: 'Auto-save interval' });
    const notifications = page.getByRole('switch', { name: 'Editor Notifications' });
    await expect(interval).toHaveText('30 seconds');
    await expect(notifications).not.toBeChecked();

    await interval.click();
    await expect(page.getByRole('option')).toHaveText(['15 seconds', '30 seconds', '1 minute', 'Off']);
    await page.getByRole('option', { name: '1 minute' }).click();
    await notifications.click();
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('sprout.editorSettings'))) ?? 'null')).toEqual({
      autoSaveInterval: 60,
      notifications: true,
    });

    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Auto-save interval' })).toHaveText('1 minute');
    await expect(page.getByRole('switch', { name: 'Editor Notifications' })).toBeChecked();
  });

  await test.step('Sync tab: Sync Now is disabled offline; the status reads Online/Offline; Auto-sync is on and fixed', async () => {
    await page.getByRole('tab', { name: 'Sync' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Sync' });
    const syncNow = panel.getByRole('button', { name: 'Sync Now' });
    await expect(panel.getByRole('status').getByText('Online', { exact: true })).toBeVisible();
    await expect(syncNow).toBeEnabled();
    const autoSync = panel.getByRole('switch', { name: 'Auto-sync' });
    await expect(autoSync).toBeChecked();
    await expect(autoSync).toBeDisabled();
    // The same manual sync as the sidebar's: with nothing to send, it says everything is up to date.
    await syncNow.click();
    await expectToast(page, 'Everything is up to date');

    await goOfflineWhenIdle(page);
    await expect(panel.getByRole('status').getByText('Offline', { exact: true })).toBeVisible();
    await expect(syncNow).toBeDisabled();
    await context.setOffline(false);
    await expect(panel.getByRole('status').getByText('Online', { exact: true })).toBeVisible();
    await expect(syncNow).toBeEnabled();
  });
});

// The AI preferences' draft, save and failed save in one page, each a step: each starts where the last
// one left the form (nothing saved, then saved), and a new page would boot the app again.
test('AI preferences: the draft, Save Preferences on the account, a failed save', async ({
  signedIn: page,
  account,
  request,
  newDevice,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  await openAiTab(page);

  await test.step('edits stay in a draft until Save Preferences', async () => {
    await expect(page.getByLabel('AI Assistant Name')).toHaveValue('Sprout');
    await expect(page.getByLabel('AI Assistant Name')).toHaveAttribute('placeholder', 'Sprout');
    await expect(page.getByRole('radio', { name: /^Friendly/ })).toBeChecked();
    await expect(page.getByRole('radio', { name: /^Balanced/ })).toBeChecked();
    await expect(page.getByText('All changes saved')).toBeVisible();

    await page.getByLabel('AI Assistant Name').fill('Juniper');
    await page.getByRole('radio', { name: /^Calm Mentor/ }).click();
    await expect(page.getByText('You have unsaved changes')).toBeVisible();
    expect(await localItem(page, `ai_preferences:${account.userId}`)).toBeNull();

    await page.reload();
    await expect(page.getByLabel('AI Assistant Name')).toHaveValue('Sprout');
    await expect(page.getByRole('radio', { name: /^Friendly/ })).toBeChecked();
    expect((await accountMetadata(request, account)).ai_preferences).toBeUndefined();

    // Discard puts the draft back.
    await page.getByRole('radio', { name: /^Professional/ }).click();
    await page.getByRole('button', { name: 'Discard' }).click();
    await expect(page.getByRole('radio', { name: /^Friendly/ })).toBeChecked();
    await expect(page.getByText('All changes saved')).toBeVisible();
  });

  await test.step('Save Preferences keeps them on the account (user_metadata); a reload and another browser show them', async () => {
    // Another device already signed in before the change: it must pick the new preferences up.
    const other = await newDevice({ account, signIn: 'form' });

    await page.getByLabel('AI Assistant Name').fill('  Juniper ');
    await page.getByRole('radio', { name: /^Calm Mentor/ }).click();
    await page.getByRole('radio', { name: /^Deep Thinker/ }).click();
    await page.getByRole('radio', { name: /^Ask First/ }).click();
    await page.getByRole('radio', { name: /^Paragraphs/ }).click();
    await page.getByRole('button', { name: 'Save Preferences' }).click();
    await expectToast(page, 'Preferences Saved', 'Your AI preferences have been updated successfully.');
    await expect(page.getByText('All changes saved')).toBeVisible();

    const expected = {
      tone: 'calm',
      conversationDepth: 'deep',
      promptingStyle: 'ask',
      outputFormat: 'paragraphs',
      aiName: 'Juniper',
    };
    expect((await accountMetadata(request, account)).ai_preferences).toEqual(expected);
    // Saved on the account, the device keeps no second copy (it holds only a save still waiting to go).
    expect(await localItem(page, `ai_preferences:${account.userId}`)).toBeNull();

    await page.reload();
    await expect(page.getByLabel('AI Assistant Name')).toHaveValue('Juniper');
    await expectChosen(page, ['Calm Mentor', 'Deep Thinker', 'Ask First', 'Paragraphs']);

    await openAiTab(other);
    await expect(other.getByLabel('AI Assistant Name')).toHaveValue('Juniper');
    await expectChosen(other, ['Calm Mentor', 'Deep Thinker', 'Ask First', 'Paragraphs']);
    await other.context().close();
  });

  await test.step('a failed save shows the error toast and keeps the draft', async () => {
    // The refused save is logged from here on; nothing before it may have logged an error.
    consoleErrors.allowFromHere(/Failed to load resource/);
    await page.route('**/auth/v1/user', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({
            status: 422,
            contentType: 'application/json',
            headers: { 'X-Supabase-Api-Version': '2024-01-01' },
            body: JSON.stringify({ code: 'validation_failed', msg: 'no' }),
          })
        : route.fallback(),
    );
    await page.getByRole('radio', { name: /^Professional/ }).click();
    await page.getByRole('button', { name: 'Save Preferences' }).click();
    await expectToast(page, 'Error Saving Preferences', 'There was a problem saving your preferences.');
    await expect(page.getByText('You have unsaved changes')).toBeVisible();
    await expect(page.getByRole('radio', { name: /^Professional/ })).toBeChecked();
  });
});

async function expectChosen(page: Page, labels: string[]): Promise<void> {
  for (const label of labels) await expect(page.getByRole('radio', { name: new RegExp(`^${label}`) })).toBeChecked();
}
