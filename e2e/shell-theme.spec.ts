// Theme (spec section 4): stored 'theme' wins, else the system preference, else light; the toggle
// saves the choice; a stored dark theme is on <html> before the app's code runs (no flash).
import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { sidebar } from './support/layout';

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

// One signed-out tab: the system preference and a stored theme are read at each load, the toggle saves.
test('signed out: the system preference, a stored theme, and the toggle on the login screen', async ({ page }) => {
  await test.step('light system preference: starts light', async () => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/login');
    expect(await isDark(page)).toBe(false);
    await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();
  });

  await test.step('the login screen has the toggle too', async () => {
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    expect(await isDark(page)).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
  });

  await test.step('dark system preference: is followed when nothing is stored', async () => {
    await page.evaluate(() => localStorage.removeItem('theme'));
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    expect(await isDark(page)).toBe(true);
    await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
  });

  await test.step('dark system preference: loses to a stored light theme', async () => {
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    await page.reload();
    expect(await isDark(page)).toBe(false);
  });
});

test('signed in: the toggle saves the theme for the next load, on desktop and in the mobile top bar', async ({
  signedInPage: page,
}) => {
  await test.step('the toggle switches the theme, saves it under "theme", and a reload shows it without a flash', async () => {
    await recordThemeAtDomContentLoaded(page);
    const aside = sidebar(page);
    await aside.getByRole('button', { name: 'Switch to dark theme' }).click();
    expect(await isDark(page)).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await expect(aside.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();

    await page.reload();
    expect(
      await page.evaluate(() => (window as unknown as { darkAtDomContentLoaded: boolean }).darkAtDomContentLoaded),
    ).toBe(true);
    await expect(aside.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
    expect(await isDark(page)).toBe(true);

    await aside.getByRole('button', { name: 'Switch to light theme' }).click();
    expect(await isDark(page)).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    await page.reload();
    expect(
      await page.evaluate(() => (window as unknown as { darkAtDomContentLoaded: boolean }).darkAtDomContentLoaded),
    ).toBe(false);
  });

  await test.step('a switch is instant: no colour fades in element by element', async () => {
    // Each button, link and card has a colour transition for its hover; a switch, either way, starts none.
    const switchAndCountTransitions = async (to: 'dark' | 'light') => {
      const label = `Switch to ${to} theme`;
      await expect(sidebar(page).getByRole('button', { name: label })).toBeVisible();
      return page.evaluate(
        async ({ label, toDark }) => {
          const root = document.documentElement;
          const applied = new Promise<void>((resolve) => {
            const observer = new MutationObserver(() => {
              if (root.classList.contains('dark') !== toDark) return;
              observer.disconnect();
              resolve();
            });
            observer.observe(root, { attributes: true, attributeFilter: ['class'] });
          });
          document.querySelector<HTMLButtonElement>(`aside button[aria-label="${label}"]`)!.click();
          await applied;
          return document.getAnimations().filter((animation) => animation instanceof CSSTransition).length;
        },
        { label, toDark: to === 'dark' },
      );
    };
    expect([await switchAndCountTransitions('dark'), await switchAndCountTransitions('light')]).toEqual([0, 0]);
    expect(await isDark(page)).toBe(false);
  });

  await test.step('mobile: the top bar toggle switches the theme', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('banner').getByRole('button', { name: 'Switch to dark theme' }).click();
    expect(await isDark(page)).toBe(true);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
  });
});
