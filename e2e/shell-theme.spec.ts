// Theme (spec section 4): stored 'theme' wins, else the system preference, else light; the toggle
// saves the choice; a stored dark theme is on <html> before the app's code runs (no flash).
import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures';

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));

/** Records whether <html> had the dark class when the DOM was ready (before the app's module ran). */
async function recordThemeAtDomContentLoaded(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { darkAtDomContentLoaded: boolean }).darkAtDomContentLoaded =
        document.documentElement.classList.contains('dark');
    });
  });
}

test.describe('system preference', () => {
  test.describe('dark', () => {
    test.use({ colorScheme: 'dark' });
    test('is followed when nothing is stored', async ({ page }) => {
      await page.goto('/login');
      expect(await isDark(page)).toBe(true);
      await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
    });

    test('loses to a stored light theme', async ({ page }) => {
      await page.addInitScript(() => localStorage.setItem('theme', 'light'));
      await page.goto('/login');
      expect(await isDark(page)).toBe(false);
    });
  });

  test.describe('light', () => {
    test.use({ colorScheme: 'light' });
    test('starts light', async ({ page }) => {
      await page.goto('/login');
      expect(await isDark(page)).toBe(false);
      await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();
    });
  });
});

test('the toggle switches the theme, saves it under "theme", and a reload shows it without a flash', async ({ signedInPage: page }) => {
  await recordThemeAtDomContentLoaded(page);
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  await sidebar.getByRole('button', { name: 'Switch to dark theme' }).click();
  expect(await isDark(page)).toBe(true);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
  await expect(sidebar.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();

  await page.reload();
  expect(await page.evaluate(() => (window as unknown as { darkAtDomContentLoaded: boolean }).darkAtDomContentLoaded)).toBe(true);
  await expect(sidebar.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
  expect(await isDark(page)).toBe(true);

  await sidebar.getByRole('button', { name: 'Switch to light theme' }).click();
  expect(await isDark(page)).toBe(false);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  await page.reload();
  expect(await page.evaluate(() => (window as unknown as { darkAtDomContentLoaded: boolean }).darkAtDomContentLoaded)).toBe(false);
});

test.describe('mobile', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('the top bar toggle switches the theme', async ({ signedInPage: page }) => {
    await page.getByRole('banner').getByRole('button', { name: 'Switch to dark theme' }).click();
    expect(await isDark(page)).toBe(true);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
  });
});

test('the login screen has the toggle too', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  expect(await isDark(page)).toBe(true);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
});
