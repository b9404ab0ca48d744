// Quick capture and the everyday fixes of issue 12 (points 1 and 6), end to end: a quick note and a
// checklist made without the assistant from the mobile tab bar's New menu, online and offline, synced
// later; the mobile top bar's Offline and waiting count; `n` and the title ready for typing on desktop;
// 'Expand with Sprout' saving the plan back into the same note; Write/Preview; ellipses with tooltips.
import { DEFAULT_PLAN_STEPS } from '../test/kit/fake-ai-provider-replies';
import { VIEWPORTS, checkInBothThemes } from './support/a11y';
import { messageLog, storeAiKey } from './support/ai';
import { test, expect } from './support/fixtures';
import { sidebar, tabBar } from './support/layout';
import { PLAN, card, openCard, seedNotes, serverNotes } from './support/notes';
import { dismissToasts, expectToast, toastRegion } from './support/toasts';
import { expectEditorValue } from './support/editor';

const mobile = VIEWPORTS[1];

test.describe('mobile', () => {
  test.use({ viewport: { width: mobile.width, height: mobile.height } });

  test('a quick note online and a checklist offline from the New menu, both synced', async ({
    signedIn: page,
    context,
    account,
    request,
    consoleErrors,
  }) => {
    consoleErrors.allow(/Failed to load resource/, /ERR_INTERNET_DISCONNECTED/);
    await page.goto('/');
    await expect(page.getByText("You don't have any notes yet")).toBeVisible();
    const tabs = tabBar(page);
    const topBar = page.getByRole('banner').filter({ has: page.getByRole('button', { name: 'Open menu' }) });

    // New opens a small menu; Quick note makes the note at once and opens it with the title selected.
    await tabs.getByRole('button', { name: 'New' }).click();
    const menu = page.getByRole('menu', { name: 'New' });
    await expect(menu.getByRole('menuitem')).toHaveText([
      'Quick note',
      'New checklist',
      'Expand an idea with the assistant',
    ]);
    await checkInBothThemes(page, (theme) => `notes-new-menu-mobile-${theme}`);
    await menu.getByRole('menuitem', { name: 'Quick note' }).click();
    await expect(page).toHaveURL(/\/edit\/[0-9a-f-]+$/);
    const title = page.getByLabel('Title', { exact: true });
    await expect(title).toBeFocused();
    await page.keyboard.type('Call the plumber');
    await expect(title).toHaveValue('Call the plumber');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Success', 'Your note has been updated.');
    await expect(card(page, 'Call the plumber')).toBeVisible();
    await expect(topBar.getByText(/waiting/)).toHaveCount(0, { timeout: 15_000 });

    // Offline: the top bar says so and counts what waits; the toast tells the truth.
    await context.setOffline(true);
    await expect(topBar.getByText('Offline', { exact: true })).toBeVisible();
    await tabs.getByRole('button', { name: 'New' }).click();
    await page.getByRole('menuitem', { name: 'New checklist' }).click();
    await expectToast(page, 'Saved on this device', 'It will sync when you are back online.');
    await expect(title).toBeFocused();
    await page.keyboard.type('Camping gear');
    // The checklist is there to fill in: the app's one checklist component.
    const add = page.getByLabel('New checklist item');
    await add.fill('Tent');
    await add.press('Enter');
    await add.fill('Sleeping bag');
    await add.press('Enter');
    await page.getByRole('checkbox', { name: 'Tent' }).click();
    // Saving it is still its creation as far as the cloud knows: the toast says where it is, not 'Success /
    // Your note has been updated.' (issue 31).
    await dismissToasts(page);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Saved on this device', 'It will sync when you are back online.');
    await expect(toastRegion(page).getByText('Your note has been updated.')).toHaveCount(0);
    await expect(card(page, 'Camping gear')).toBeVisible();
    await expect(topBar.getByRole('status', { name: 'Sync status' })).toHaveText(/1 change waiting/);
    // The toasts cover the top bar: close them for the picture.
    await dismissToasts(page);
    await checkInBothThemes(page, (theme) => `notes-mobile-top-bar-offline-${theme}`);

    await context.setOffline(false);
    await expect(topBar.getByText('Offline', { exact: true })).toHaveCount(0);
    await expect(topBar.getByText(/waiting/)).toHaveCount(0, { timeout: 15_000 });
    const notes = await serverNotes(request, account);
    expect(
      notes.map((note) => [
        note.title,
        note.is_checklist,
        note.checklist_items?.map((item) => [item.text, item.completed]) ?? null,
      ]),
    ).toEqual([
      [
        'Camping gear',
        true,
        [
          ['Tent', true],
          ['Sleeping bag', false],
        ],
      ],
      ['Call the plumber', false, null],
    ]);
  });
});

test('desktop: n makes a quick note, Expand with Sprout saves the plan into the same note, Write/Preview, ellipses', async ({
  signedIn: page,
  account,
  request,
}) => {
  await storeAiKey(request, account);
  const longTitle = 'A very long idea title that cannot fit in the sidebar column at all';
  const [idea] = await seedNotes(request, account, [
    { title: 'Balcony herbs', content: 'Grow basil and mint on the balcony' },
    { title: longTitle, content: 'Long', expanded_content: PLAN },
  ]);
  await page.goto('/');
  await expect(card(page, 'Balcony herbs')).toBeVisible();

  // Recent Ideas ends a long title in a real ellipsis and shows it whole in a tooltip.
  const recent = sidebar(page).getByRole('link', { name: longTitle });
  const clipped = await recent
    .locator('span')
    .last()
    .evaluate((el) => ({ cut: el.scrollWidth > el.clientWidth, overflow: getComputedStyle(el).textOverflow }));
  expect(clipped).toEqual({ cut: true, overflow: 'ellipsis' });
  await recent.hover();
  await expect(page.getByRole('tooltip')).toHaveText(longTitle);
  await page.mouse.move(640, 700, { steps: 4 });
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  const email = sidebar(page).getByText(account.email, { exact: true });
  await email.hover();
  await expect(page.getByRole('tooltip')).toHaveText(account.email);
  await page.mouse.move(640, 700, { steps: 4 });

  // `n`: a quick note, its title selected for typing; Enter saves.
  await page.keyboard.press('n');
  await expect(page).toHaveURL(/\/edit\/[0-9a-f-]+$/);
  await expect(page.getByLabel('Title', { exact: true })).toBeFocused();
  await page.keyboard.type('Buy a watering can');
  await page.keyboard.press('Enter');
  await expect(card(page, 'Buy a watering can')).toBeVisible();

  // Expand with Sprout: the conversation starts from the note's text; the plan goes into the same note.
  await openCard(page, 'Balcony herbs', 'View');
  await expect(page).toHaveURL(new RegExp(`/view/${idea!.id}$`));
  await page.getByRole('link', { name: 'Expand with Sprout' }).click();
  await expect(page).toHaveURL(/\/new\?expand=/);
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Balcony herbs');
  await expect(messageLog(page).getByText('Grow basil and mint on the balcony')).toBeVisible();
  await page.getByRole('button', { name: 'Create Plan' }).click();
  await expect(page.getByText('Plan created successfully!')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Save Note' }).click();
  await expect(page).toHaveURL(new RegExp(`/note/${idea!.id}$`));
  await expect
    .poll(
      async () => (await serverNotes(request, account)).find((note) => note.id === idea!.id)?.expanded_content ?? '',
    )
    .toContain('Action Steps');
  const all = await serverNotes(request, account);
  expect(all).toHaveLength(3);
  expect(all.find((note) => note.id === idea!.id)?.content).toBe('Grow basil and mint on the balcony');

  // The Expanded tab of the editor previews its markdown.
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/edit/${idea!.id}$`));
  await page.getByRole('tab', { name: 'Expanded' }).click();
  await expectEditorValue(page.getByRole('textbox', { name: 'Expanded content' }), /Action Steps/);
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByRole('button', { name: 'Preview' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('region', { name: 'Expanded content' }).getByText(DEFAULT_PLAN_STEPS[0]!)).toBeVisible();
  await checkInBothThemes(page, (theme) => `notes-edit-preview-desktop-${theme}`);
  await page.getByRole('button', { name: 'Write' }).click();
  await expect(page.getByRole('textbox', { name: 'Expanded content' })).toBeVisible();
});
