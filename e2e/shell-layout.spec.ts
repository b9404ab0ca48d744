// The shared layout (spec section 2) at 1280x800 and 390x844: sidebar, mobile top bar with the
// slide-in sidebar, bottom tab bar with its animated indicator, skip link and keyboard focus. One page
// per viewport goes through its checks, navigating in the app.
import { test, expect } from './support/fixtures';
import { sidebar, tabBar } from './support/layout';

test.describe('desktop 1280x800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the sidebar, the skip link, navigation, and /new on a smaller screen', async ({
    signedInPage: page,
    account,
  }) => {
    // First: the skip link is the first stop of a page nothing has focused yet.
    await test.step('the skip link moves focus to the main content, and keyboard focus is visible', async () => {
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to main content' });
      await expect(skip).toBeFocused();
      await expect(skip).toBeInViewport();
      await page.keyboard.press('Enter');
      await expect(page.locator('#main-content')).toBeFocused();

      await page.keyboard.press('Shift+Tab');
      await sidebar(page).getByRole('link', { name: 'Dashboard' }).focus();
      await page.keyboard.press('Tab');
      const focused = sidebar(page).getByRole('link', { name: 'AI Chat' });
      await expect(focused).toBeFocused();
      const ring = await focused.evaluate((el) => getComputedStyle(el).boxShadow);
      expect(ring).not.toBe('none');
    });

    await test.step('shows the sidebar with navigation, Recent Ideas and the footer, and no mobile bars', async () => {
      const aside = sidebar(page);
      await expect(aside).toBeVisible();
      const nav = aside.getByRole('navigation', { name: 'Main' });
      for (const [name, href] of [
        ['Dashboard', '/'],
        ['AI Chat', '/chat'],
        ['Checklists', '/checklists'],
        ['Profile', '/profile'],
        ['Settings', '/settings'],
      ] as const) {
        await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
      }
      await expect(aside.getByRole('link', { name: 'New Idea' })).toHaveAttribute('href', '/new');
      await expect(aside.getByRole('heading', { name: 'Recent Ideas' })).toBeVisible();
      await expect(aside.getByText('No expanded ideas yet.')).toBeVisible();
      const recentList = aside.locator('[data-slot="scroll-area"]');
      expect((await recentList.boundingBox())?.height).toBe(200);
      await expect(aside.getByText('Online', { exact: true })).toBeVisible();
      await expect(aside.getByRole('button', { name: 'Sync' })).toBeVisible();
      await expect(aside.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();
      await expect(aside.getByRole('button', { name: 'Sign out' })).toBeVisible();
      await expect(aside.getByText(account.email)).toBeVisible();
      // The sidebar stays within its column however long the email is.
      expect((await aside.boundingBox())?.width).toBe(256);
      const footerRight = await aside.getByText(account.email).evaluate((el) => el.getBoundingClientRect().right);
      expect(footerRight).toBeLessThanOrEqual(256);

      await expect(tabBar(page)).toBeHidden();
      await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
    });

    await test.step('marks the current page and navigates', async () => {
      const nav = sidebar(page).getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
      await nav.getByRole('link', { name: 'Checklists' }).click();
      await expect(page).toHaveURL(/\/checklists$/);
      await expect(nav.getByRole('link', { name: 'Checklists' })).toHaveAttribute('aria-current', 'page');
      await expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current', 'page');
      await sidebar(page).getByRole('link', { name: 'New Idea' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'New Idea' })).toBeVisible();
      // /new keeps the sidebar on a wide screen.
      await expect(sidebar(page)).toBeVisible();
    });

    await test.step('/new hides the sidebar on small screens and offers it as an overlay', async () => {
      // Back on the dashboard, then a screen narrower than the large breakpoint.
      await sidebar(page).getByRole('link', { name: 'Dashboard' }).click();
      await expect(page).toHaveURL(/\/$/);
      await page.setViewportSize({ width: 900, height: 800 });
      await expect(sidebar(page)).toBeVisible();
      await sidebar(page).getByRole('link', { name: 'New Idea' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'New Idea' })).toBeVisible();
      await expect(sidebar(page)).toBeHidden();
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    });
  });
});

test.describe('mobile 390x844', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the top bar, the tab bar and the slide-in sidebar', async ({ signedInPage: page }) => {
    await test.step('the top bar has the menu toggle, the title and the theme toggle; the sidebar is hidden', async () => {
      const header = page.getByRole('banner');
      await expect(header.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
      await expect(header.getByRole('link', { name: 'Sprout' })).toBeVisible();
      await expect(header.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();
      await expect(sidebar(page)).toBeHidden();
    });

    await test.step('the main content keeps clear of the tab bar', async () => {
      const padding = await page
        .locator('#main-content')
        .evaluate((el) => parseFloat(getComputedStyle(el).paddingBottom));
      expect(padding).toBeGreaterThanOrEqual(64);
    });

    await test.step('the bottom tab bar is 64 px high with five entries and an indicator under the active one', async () => {
      const bar = tabBar(page);
      await expect(bar).toBeVisible();
      const box = await bar.boundingBox();
      expect(box?.height).toBe(64);
      expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(844);
      const entries = bar.getByRole('listitem');
      await expect(entries).toHaveCount(5);
      const expected = [
        ['Notes', '/'],
        ['AI Chat', '/chat'],
        ['New', null],
        ['Checklists', '/checklists'],
        ['Settings', '/settings'],
      ] as const;
      for (const [index, [name, href]] of expected.entries()) {
        const entry = entries.nth(index).getByRole(href ? 'link' : 'button');
        await expect(entry).toHaveAccessibleName(name);
        if (href) await expect(entry).toHaveAttribute('href', href);
      }
      // New is a highlighted round button that opens a menu (issue 12).
      const newButton = bar.getByRole('button', { name: 'New' });
      await expect(newButton).toHaveAttribute('aria-haspopup', 'menu');
      const round = newButton.locator('span').first();
      expect(await round.evaluate((el) => getComputedStyle(el).borderRadius)).not.toBe('0px');
      const roundBox = await round.boundingBox();
      expect(roundBox?.width).toBe(roundBox?.height);

      const indicator = bar.getByTestId('bottom-tab-indicator');
      await expect(indicator).toHaveCount(1);
      await expect(bar.getByRole('link', { name: 'Notes' }).getByTestId('bottom-tab-indicator')).toHaveCount(1);
      await expect(bar.getByRole('link', { name: 'Notes' })).toHaveAttribute('aria-current', 'page');

      await bar.getByRole('link', { name: 'AI Chat' }).click();
      await expect(page).toHaveURL(/\/chat$/);
      await expect(bar.getByRole('link', { name: 'AI Chat' }).getByTestId('bottom-tab-indicator')).toHaveCount(1);
      await expect(indicator).toHaveCount(1);
      await expect(bar.getByRole('link', { name: 'AI Chat' })).toHaveAttribute('aria-current', 'page');

      await newButton.click();
      await page.getByRole('menuitem', { name: 'Expand an idea with the assistant' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'New Idea' })).toBeVisible();
    });

    // The tab bar's step ends on /new, whose top bar has the same menu toggle.
    await test.step('the menu toggle opens the slide-in sidebar, which closes after navigation', async () => {
      const toggle = page.getByRole('button', { name: 'Open menu' });
      await toggle.click();
      const menu = page.getByRole('dialog', { name: 'Menu' });
      await expect(menu).toBeVisible();
      // The modal sheet hides the rest of the page from assistive technology, so find the toggle by CSS.
      await expect(page.locator('header button[aria-expanded]')).toHaveAttribute('aria-expanded', 'true');
      await expect(menu.getByText('No expanded ideas yet.')).toBeVisible();
      await expect(menu.getByRole('button', { name: 'Sign out' })).toBeVisible();
      await menu.getByRole('link', { name: 'Checklists' }).click();
      await expect(page).toHaveURL(/\/checklists$/);
      await expect(menu).toBeHidden();
      await expect(page.getByRole('heading', { level: 1, name: 'Your Checklists' })).toBeVisible();

      // Escape closes it too, and focus returns to the toggle.
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(menu).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
    });
  });
});
