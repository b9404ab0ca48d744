// Toasts (spec section 9): one at a time, destructive variant, closes by itself, close button,
// F8 focuses the notifications region, swipe right dismisses. One visit to /login shows them all.
import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { submitLogin } from './support/session';
import { toastRegion } from './support/toasts';

async function showEmptyFieldsToast(page: Page) {
  await page.getByRole('form', { name: 'Login' }).getByRole('button', { name: 'Login' }).click();
  await expect(toastRegion(page).getByText('Please enter both email and password.')).toBeVisible();
}

async function swipeRight(page: Page, distance: number) {
  const box = (await toastRegion(page).locator('li').boundingBox())!;
  const y = box.y + box.height / 2;
  const x = box.x + 40;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let step = 1; step <= 10; step += 1) await page.mouse.move(x + (distance * step) / 10, y);
  await page.mouse.up();
}

test('toasts on the login screen: one at a time, F8, swiping, and closing', async ({ page, consoleErrors }) => {
  await page.goto('/login');

  await test.step('only one toast shows at a time: a new one replaces the old', async () => {
    consoleErrors.allow(/status of 400/);
    await showEmptyFieldsToast(page);
    await submitLogin(page, { email: 'nobody@example.com', password: 'wrong-password' });
    await expect(toastRegion(page).getByText('Login failed')).toBeVisible();
    await expect(toastRegion(page).getByText('Please enter both email and password.')).toHaveCount(0);
    await expect(toastRegion(page).locator('li')).toHaveCount(1);
    await expect(toastRegion(page).locator('li')).toHaveAttribute('data-variant', 'destructive');
    // Back to empty fields for the steps below.
    const form = page.getByRole('form', { name: 'Login' });
    await form.getByLabel('Email').fill('');
    await form.getByLabel('Password').fill('');
  });

  await test.step('F8 moves focus to the notifications region', async () => {
    await showEmptyFieldsToast(page);
    await expect(toastRegion(page)).toHaveAccessibleName('Notifications (F8)');
    await page.getByRole('form', { name: 'Login' }).getByLabel('Email').focus();
    await page.keyboard.press('F8');
    await expect(toastRegion(page).locator('ol')).toBeFocused();
  });

  await test.step('swiping a toast right past 50 px dismisses it; a shorter swipe does not', async () => {
    await showEmptyFieldsToast(page);
    const text = toastRegion(page).getByText('Please enter both email and password.');
    await swipeRight(page, 30);
    // Radix marks the end of a swipe: 'cancel' (snaps back) or 'end' (dismissed).
    await expect(toastRegion(page).locator('li')).toHaveAttribute('data-swipe', 'cancel');
    await expect(text).toBeVisible();
    await swipeRight(page, 120);
    await expect(text).toBeHidden({ timeout: 2_000 });
  });

  // Last: the page's clock from here on, so the 5000 ms are counted exactly rather than waited out.
  await test.step('a toast closes by itself after its duration, or with its close button', async () => {
    await page.clock.install();
    await showEmptyFieldsToast(page);
    // Still there well before 5000 ms, gone a little after.
    await page.clock.runFor(3_000);
    await expect(toastRegion(page).getByText('Please enter both email and password.')).toBeVisible();
    await page.clock.runFor(2_100);
    await expect(toastRegion(page).getByText('Please enter both email and password.')).toBeHidden({ timeout: 5_000 });

    await showEmptyFieldsToast(page);
    await toastRegion(page).getByRole('button', { name: 'Close notification' }).click();
    await expect(toastRegion(page).getByText('Please enter both email and password.')).toBeHidden();
  });
});
