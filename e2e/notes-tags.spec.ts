// Tags (issue 33) against the real server: chips on the edit screen and `#tag` in the text tag a note; the
// cards show the tags; the sidebar lists them with counts, nested under their parent; a tag filters the
// Dashboard and Checklists in the URL (kept over a reload); the palette and the search field take `#tag`;
// and a tag added offline filters at once and reaches the server and another device.
import { checkInBothThemes, shoot } from './support/a11y';
import { test, expect } from './support/fixtures';
import { sidebar } from './support/layout';
import { goOffline, goOnline, waitForServiceWorker } from './support/network';
import { card, expectAllSynced, seedNotes, serverNote, syncNow } from './support/notes';
import { gotoAs, signIn } from './support/session';
import { expectToast } from './support/toasts';

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

test('chips and #tags tag a note; the sidebar, the URL filter, the palette and the search find them', async ({
  signedIn: page,
  account,
  request,
}) => {
  const [launch] = await seedNotes(request, account, [
    { title: 'Launch checklist', content: 'Book the venue', updated_at: minutesAgo(4) },
    { title: 'Groceries', content: 'Milk and bread for #home', updated_at: minutesAgo(3) },
    {
      title: 'Packing',
      is_checklist: true,
      checklist_items: [{ id: 'p1', text: 'Tent', completed: false }],
      tags: ['work/travel'],
      updated_at: minutesAgo(2),
    },
    { title: 'Untagged thought', content: 'Nothing to file', updated_at: minutesAgo(1) },
  ]);
  await gotoAs(page, `/edit/${launch!.id}`);

  await test.step('the edit screen adds tags as chips, Backspace takes the last off, and Save keeps them', async () => {
    const field = page.getByRole('combobox', { name: 'Tags' });
    await field.fill('Work/Launch');
    await field.press('Enter');
    await field.fill('urgent');
    await field.press('Comma');
    const chips = page.getByRole('list', { name: 'Tags of this note' }).getByRole('listitem');
    await expect(chips).toHaveText(['#work/launch', '#urgent']);
    await field.press('Backspace');
    await expect(chips).toHaveText(['#work/launch']);
    await field.fill('big day');
    await field.press('Enter');
    await expect(chips).toHaveText(['#work/launch', '#big-day']);
    await page.getByRole('button', { name: 'Remove tag big-day' }).click();
    await expect(chips).toHaveText(['#work/launch']);
    await checkInBothThemes(page, (theme) => `tags-edit-${theme}`, { what: 'edit screen with tags' });
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(card(page, 'Launch checklist').getByRole('list', { name: 'Tags' }).getByRole('link')).toHaveText([
      '#work/launch',
    ]);
    await expect.poll(async () => (await serverNote(request, account, launch!.id))?.tags).toEqual(['work/launch']);
  });

  const titles = page.getByRole('list', { name: 'Notes' }).getByRole('heading', { level: 2 });
  await test.step('cards show their tags, the text’s #tags too; the sidebar lists every tag with its count', async () => {
    await expect(card(page, 'Groceries').getByRole('list', { name: 'Tags' })).toHaveText('#home');
    await expect(card(page, 'Packing').getByRole('list', { name: 'Tags' })).toHaveText('#work/travel');
    const tags = sidebar(page).getByRole('region', { name: 'Tags' }).getByRole('link');
    await expect(tags).toHaveCount(4);
    await expect(tags.nth(0)).toHaveAccessibleName('#home, 1 note');
    await expect(tags.nth(1)).toHaveAccessibleName('#work, 2 notes');
    await expect(tags.nth(2)).toHaveAccessibleName('#work/launch, 1 note');
    await expect(tags.nth(3)).toHaveAccessibleName('#work/travel, 1 note');
    await checkInBothThemes(page, (theme) => `tags-dashboard-${theme}`, { what: 'Dashboard with tags' });
  });

  await test.step('a tag filters the Dashboard in the URL, kept over a reload; its × shows every note again', async () => {
    await sidebar(page).getByRole('link', { name: '#work, 2 notes' }).click();
    await expect(page).toHaveURL(/\/\?tag=work$/);
    await expect(titles).toHaveText(['Launch checklist', 'Packing']);
    await expect(page.getByRole('status').filter({ hasText: '#work' })).toContainText('2 notes');
    await page.reload();
    await expect(titles).toHaveText(['Launch checklist', 'Packing']);
    await card(page, 'Packing').getByRole('link', { name: '#work/travel' }).click();
    await expect(page).toHaveURL(/\?tag=work\/travel$/);
    await expect(titles).toHaveText(['Packing']);
    await page.goBack();
    await expect(titles).toHaveText(['Launch checklist', 'Packing']);
    await page.getByRole('link', { name: 'Show all notes, not only #work' }).click();
    await expect(titles).toHaveCount(4);
  });

  await test.step('Checklists take the filter too', async () => {
    await page.goto('/checklists?tag=home');
    await expect(page.getByText('No checklists are tagged #home.')).toBeVisible();
    await page.goto('/checklists?tag=work');
    await expect(page.getByRole('list', { name: 'Checklists' }).getByRole('heading', { level: 2 })).toHaveText([
      'Packing',
    ]);
  });

  await test.step('the palette offers the tags a # query starts, with their notes', async () => {
    await page.goto('/');
    await expect(titles).toHaveCount(4);
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await page.keyboard.type('#wor');
    await expect(palette.getByRole('option', { name: 'Notes tagged #work 2 notes' })).toBeVisible();
    await expect(palette.getByRole('option', { name: /Launch checklist/ })).toBeVisible();
    await expect(palette.getByRole('option', { name: /Groceries/ })).toHaveCount(0);
    await shoot(page, 'tags-palette');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/\?tag=work$/);
    await expect(titles).toHaveText(['Launch checklist', 'Packing']);
  });

  await test.step('the search field takes #tag with words', async () => {
    await page.goto('/');
    const search = page.getByRole('searchbox', { name: 'Search notes' });
    await search.fill('#home ');
    await expect(card(page, 'Groceries')).toBeVisible();
    await expect(card(page, 'Packing')).toHaveCount(0);
    await search.fill('#work venue');
    await expect(card(page, 'Launch checklist')).toBeVisible();
    await expect(card(page, 'Packing')).toHaveCount(0);
  });
});

test.describe('offline', () => {
  // Going offline needs the service worker, which serves the screens' code.
  test.use({ serviceWorkers: 'allow' });

  test('a tag added offline filters at once, and reaches the server and another device', async ({
    page,
    newDevice,
    account,
    request,
    consoleErrors,
  }) => {
    consoleErrors.allow(/Failed to load resource/, /ERR_INTERNET_DISCONNECTED/);
    const [note] = await seedNotes(request, account, [
      { title: 'Garden plan', content: 'Seeds and soil', updated_at: minutesAgo(2) },
      { title: 'Other', updated_at: minutesAgo(1) },
    ]);
    await signIn(page, account);
    await waitForServiceWorker(page);
    const device2 = await newDevice({ account, signIn: 'form' });
    await expect(card(device2, 'Garden plan')).toBeVisible();

    await goOffline(page);
    await card(page, 'Garden plan').getByRole('link', { name: 'Edit Garden plan' }).click();
    const field = page.getByRole('combobox', { name: 'Tags' });
    await field.fill('outdoors');
    await field.press('Enter');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await sidebar(page).getByRole('link', { name: '#outdoors, 1 note' }).click();
    await expect(page.getByRole('list', { name: 'Notes' }).getByRole('heading', { level: 2 })).toHaveText([
      'Garden plan',
    ]);
    await goOnline(page);
    await expectAllSynced(page);
    await expect.poll(async () => (await serverNote(request, account, note!.id))?.tags).toEqual(['outdoors']);

    await syncNow(device2);
    await expect(sidebar(device2).getByRole('link', { name: '#outdoors, 1 note' })).toBeVisible();
    await expect(card(device2, 'Garden plan').getByRole('link', { name: '#outdoors' })).toBeVisible();
  });
});

test('Settings renames a tag in every note, nested tags and the text’s #tags too, and deletes one keeping its word', async ({
  signedIn: page,
  account,
  request,
}) => {
  const [plan, groceries] = await seedNotes(request, account, [
    { title: 'Launch plan', content: 'Ship it #work/launch', tags: ['work'], updated_at: minutesAgo(2) },
    { title: 'Groceries', content: 'Milk for #home', updated_at: minutesAgo(1) },
  ]);
  await gotoAs(page, '/settings?tab=editor#tags');
  await expect(page.getByRole('button', { name: 'Rename tag work/launch' })).toBeVisible();
  await checkInBothThemes(page, (theme) => `tags-settings-${theme}`, { what: 'Settings, Tags' });

  await page.getByRole('button', { name: 'Rename tag work', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Rename #work' });
  await dialog.getByLabel('New name').fill('Job');
  await dialog.getByRole('button', { name: 'Rename' }).click();
  await expect(page.getByRole('button', { name: 'Rename tag job/launch' })).toBeVisible();
  await expectToast(page, 'Tag renamed', 'Renamed #work to #job in 1 note.');
  await expect(page.getByRole('button', { name: 'Rename tag work', exact: true })).toHaveCount(0);

  await page.getByRole('button', { name: 'Delete tag home' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete tag' }).click();
  await expect(page.getByRole('button', { name: 'Delete tag home' })).toHaveCount(0);
  await expectToast(page, 'Tag deleted', 'Deleted #home from 1 note.');
  await expect
    .poll(async () => await serverNote(request, account, plan!.id))
    .toMatchObject({ tags: ['job'], content: 'Ship it #job/launch' });
  await expect
    .poll(async () => await serverNote(request, account, groceries!.id))
    .toMatchObject({ tags: null, content: 'Milk for home' });
});
