// Pin, archive and the lists' order (issue 33) against the real server: a pinned note leads the Dashboard
// and Checklists in every order, the order is kept over a reload, an archived note leaves the lists (with
// Undo) for the Archive, where search finds it only with its filter and from which it comes back; the note
// screen's More menu does the same on a phone; and what one device pins or archives, the other shows.
import { test, expect } from './support/fixtures';
import { openFromSidebar } from './support/layout';
import { card, expectAllSynced, seedNotes, serverNote, syncNow } from './support/notes';
import { signIn } from './support/session';
import { gotoAs } from './support/session';
import { expectToast, toastRegion } from './support/toasts';

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

test('pin leads the lists in every order, archive leaves them with Undo, the Archive and its search bring it back', async ({
  signedIn: page,
  account,
  request,
}) => {
  const [apples, zebra, mango, list] = await seedNotes(request, account, [
    { title: 'apples to buy', content: 'Granny Smith', updated_at: minutesAgo(1) },
    { title: 'Zebra crossing idea', content: 'Paint it blue', updated_at: minutesAgo(2) },
    { title: 'Mango season', content: 'Ask the market', updated_at: minutesAgo(3) },
    {
      title: 'Packing list',
      is_checklist: true,
      checklist_items: [{ id: 'p1', text: 'Tent', completed: false }],
      updated_at: minutesAgo(4),
    },
  ]);
  await gotoAs(page, '/');
  const titles = page.getByRole('list', { name: 'Notes' }).getByRole('heading', { level: 2 });
  await expect(titles).toHaveText(['apples to buy', 'Zebra crossing idea', 'Mango season', 'Packing list']);

  await test.step('Pin moves the oldest note to the front, marked, and the server has it', async () => {
    await card(page, 'Mango season').getByRole('button', { name: 'Pin Mango season' }).click();
    await expect(titles).toHaveText(['Mango season', 'apples to buy', 'Zebra crossing idea', 'Packing list']);
    await expect(card(page, 'Mango season').getByRole('img', { name: 'Pinned' })).toBeVisible();
    await expect(card(page, 'Mango season').getByRole('button', { name: 'Unpin Mango season' })).toBeVisible();
    // Pinning changes where the note is kept, not the note: its card still says when it was edited.
    await expect(card(page, 'Mango season')).toContainText('Updated 3 minutes ago');
    await expectAllSynced(page);
    await expect
      .poll(async () => (await serverNote(request, account, mango!.id))?.pinned_at ?? null)
      .toEqual(expect.any(String));
  });

  await test.step('sorting by title keeps the pinned note first, reads as people do, and survives a reload', async () => {
    const sort = page.getByLabel('Sort by');
    await sort.selectOption({ label: 'Title' });
    await expect(titles).toHaveText(['Mango season', 'apples to buy', 'Packing list', 'Zebra crossing idea']);
    await page.reload();
    await expect(titles).toHaveText(['Mango season', 'apples to buy', 'Packing list', 'Zebra crossing idea']);
    await expect(page.getByLabel('Sort by')).toHaveValue('title');
    await page.getByLabel('Sort by').selectOption({ label: 'Last updated' });
    await expect(titles).toHaveText(['Mango season', 'apples to buy', 'Zebra crossing idea', 'Packing list']);
  });

  await test.step('Archive takes a note out of the lists and the count, and Undo brings it back', async () => {
    await expect(page.getByText('4 notes', { exact: true })).toBeVisible();
    await card(page, 'Zebra crossing idea').getByRole('button', { name: 'Archive Zebra crossing idea' }).click();
    await expect(card(page, 'Zebra crossing idea')).toHaveCount(0);
    await expect(page.getByText('3 notes', { exact: true })).toBeVisible();
    await expectToast(
      page,
      'Note archived',
      '“Zebra crossing idea” is in the Archive, out of your lists. Search still finds it.',
    );
    await toastRegion(page)
      .getByRole('listitem')
      .filter({ hasText: 'Note archived' })
      .getByRole('button', { name: 'Undo' })
      .click();
    await expect(titles).toHaveText(['Mango season', 'apples to buy', 'Zebra crossing idea', 'Packing list']);
  });

  await test.step('an archived checklist leaves Checklists; the Archive lists what was archived', async () => {
    await card(page, 'Zebra crossing idea').getByRole('button', { name: 'Archive Zebra crossing idea' }).click();
    await expect(card(page, 'Zebra crossing idea')).toHaveCount(0);
    await openFromSidebar(page, 'Checklists');
    await card(page, 'Packing list').getByRole('button', { name: 'Archive Packing list' }).click();
    await expect(page.getByRole('heading', { name: 'No checklists yet' })).toBeVisible();
    await openFromSidebar(page, 'Archive');
    await expect(page.getByRole('heading', { level: 1, name: 'Archive' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Archived notes' }).getByRole('heading', { level: 2 })).toHaveText([
      'Packing list',
      'Zebra crossing idea',
    ]);
    await expectAllSynced(page);
    expect(await serverNote(request, account, zebra!.id)).toMatchObject({ archived_at: expect.any(String) });
    expect(await serverNote(request, account, list!.id)).toMatchObject({ archived_at: expect.any(String) });
  });

  await test.step('search finds an archived note only with the Archived filter', async () => {
    await openFromSidebar(page, 'Dashboard');
    const search = page.getByRole('searchbox', { name: 'Search notes' });
    await search.fill('zebra');
    await expect(page.getByText('No notes match')).toBeVisible();
    await page.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'Archived' }).click();
    await expect(page).toHaveURL(/filter=archived/);
    await expect(card(page, 'Zebra crossing idea')).toBeVisible();
    await page.reload();
    await expect(card(page, 'Zebra crossing idea')).toBeVisible();
  });

  await test.step('the note screen says it is archived, and its More menu brings it back', async () => {
    await page.goto(`/view/${zebra!.id}`);
    await expect(page.getByText('Archived', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Unarchive' }).click();
    await expectToast(page, 'Back in your notes', '“Zebra crossing idea” is in your lists again.');
    await expect(page.getByText('Archived', { exact: true })).toHaveCount(0);
    await openFromSidebar(page, 'Dashboard');
    await expect(titles).toHaveText(['Mango season', 'apples to buy', 'Zebra crossing idea']);
    expect((await serverNote(request, account, apples!.id))?.pinned_at).toBeNull();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the note screen's More menu pins and archives", async ({ signedIn: page, account, request }) => {
    const [note] = await seedNotes(request, account, [
      { title: 'Call the plumber', updated_at: minutesAgo(5) },
      { title: 'Newer note', updated_at: minutesAgo(1) },
    ]);
    await gotoAs(page, `/view/${note!.id}`);
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Pin to the top' }).click();
    await expect(page.getByText('Pinned', { exact: true })).toBeVisible();
    // The menu has closed (not still fading out, when a press on its button would close it again).
    await expect(page.getByRole('menu')).toHaveCount(0);
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Archive' }).click();
    await expectToast(
      page,
      'Note archived',
      '“Call the plumber” is in the Archive, out of your lists. Search still finds it.',
    );
    // Archiving unpins: an archived note leads no list.
    await expect(page.getByText('Archived', { exact: true })).toBeVisible();
    await expect(page.getByText('Pinned', { exact: true })).toHaveCount(0);
  });
});

test('what one device pins and archives, the other shows after its sync', async ({
  page,
  newDevice,
  account,
  request,
}) => {
  await seedNotes(request, account, [
    { title: 'Shared plan', updated_at: minutesAgo(3) },
    { title: 'Old idea', updated_at: minutesAgo(2) },
    { title: 'Latest', updated_at: minutesAgo(1) },
  ]);
  await signIn(page, account);
  const device2 = await newDevice({ account, signIn: 'form' });
  const titlesOn = (device: typeof page) =>
    device.getByRole('list', { name: 'Notes' }).getByRole('heading', { level: 2 });
  await expect(titlesOn(device2)).toHaveText(['Latest', 'Old idea', 'Shared plan']);

  await card(page, 'Shared plan').getByRole('button', { name: 'Pin Shared plan' }).click();
  await card(page, 'Old idea').getByRole('button', { name: 'Archive Old idea' }).click();
  await expect(titlesOn(page)).toHaveText(['Shared plan', 'Latest']);
  await expectAllSynced(page);

  await syncNow(device2);
  await expect(titlesOn(device2)).toHaveText(['Shared plan', 'Latest']);
  await openFromSidebar(device2, 'Archive');
  await expect(device2.getByRole('list', { name: 'Archived notes' }).getByRole('heading', { level: 2 })).toHaveText([
    'Old idea',
  ]);
});
