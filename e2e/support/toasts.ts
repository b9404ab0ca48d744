// The app's toasts (spec section 9: one at a time, in the 'Notifications (F8)' region): finding one by its
// title and description, and closing them all so a later step waits for its own.
import { expect, type Locator, type Page } from '@playwright/test';

/** The region the toasts show in. */
export function toastRegion(page: Page): Locator {
  return page.getByRole('region', { name: /Notifications/ });
}

/** Waits for a toast with this title and, when given, this description (exact text, or a pattern). */
export async function expectToast(page: Page, title: string, description?: string | RegExp): Promise<void> {
  let toast = toastRegion(page)
    .getByRole('listitem')
    .filter({ has: page.getByText(title, { exact: true }) });
  if (description !== undefined)
    toast = toast.filter({ has: page.getByText(description, { exact: typeof description === 'string' }) });
  await expect(toast).toBeVisible();
}

/**
 * Closes every toast on screen and waits until none is left (their exit animations too), so that a later
 * phase of the test waits for its own toast, and a scan or a picture sees none half-faded. A toast that
 * arrives meanwhile, or closes by itself between the count and the click, is handled by trying again.
 */
export async function dismissToasts(page: Page): Promise<void> {
  const toasts = toastRegion(page).getByRole('listitem');
  const close = toastRegion(page).getByRole('button', { name: 'Close notification' });
  await expect(async () => {
    if ((await close.count()) > 0) await close.first().click({ timeout: 1_000 });
    await expect(toasts).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}
