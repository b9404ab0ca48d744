// The shared layout's parts (spec section 2): the sidebar at desktop width, the mobile top bar's and tab
// bar's navigation below 768 px, and moving between screens through them as a user does (no reload, so
// the app does not boot again).
import { expect, type Locator, type Page } from '@playwright/test';

/** Below this width the sidebar gives way to the top bar and the bottom tab bar. */
const MOBILE_BELOW = 768;

export function sidebar(page: Page): Locator {
  return page.getByRole('complementary', { name: 'Sidebar' });
}

/** The bottom tab bar (mobile). */
export function tabBar(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Tabs' });
}

/** Goes to another screen through one of the sidebar's links ('New Idea', 'Settings', ...). */
export async function openFromSidebar(page: Page, name: string): Promise<void> {
  await sidebar(page).getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('main')).toBeVisible();
}

/**
 * Goes to another screen through the main navigation of the current size: the sidebar's at desktop width,
 * the bottom tab bar's below it (the other one is hidden). The dashboard is "Dashboard" in the sidebar and
 * "Notes" in the tab bar.
 */
export async function openFromNav(
  page: Page,
  label: 'Dashboard' | 'Checklists' | 'Settings' | 'AI Chat',
): Promise<void> {
  const mobile = (page.viewportSize()?.width ?? MOBILE_BELOW) < MOBILE_BELOW;
  const nav = mobile ? tabBar(page) : page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: mobile && label === 'Dashboard' ? 'Notes' : label, exact: true }).click();
}

/**
 * Waits until nothing on the page has scrolled for a moment: a smooth scroll the app started (e.g. to a
 * section it reveals) moves every target under the pointer, and a click computed before it ends lands
 * beside its target.
 */
export async function scrollSettled(page: Page, quietMs = 200): Promise<void> {
  await page.evaluate(
    (quiet) =>
      new Promise<void>((resolve) => {
        let timer = setTimeout(done, quiet);
        function onScroll() {
          clearTimeout(timer);
          timer = setTimeout(done, quiet);
        }
        function done() {
          document.removeEventListener('scroll', onScroll, true);
          resolve();
        }
        document.addEventListener('scroll', onScroll, { capture: true, passive: true });
      }),
    quietMs,
  );
}
