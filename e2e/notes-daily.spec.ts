// What a daily user tripped over (issue 33, point 6), each fixed: a quick note left without a word is not
// kept, even by a tab closed with it open; Ctrl+S saves where you type; the whole card opens its note; a note opens on what it holds (a
// checklist on its items, an assistant's note on its plan), and its card shows the same. From the top of a list, its search is two keys away.
import { test, expect } from './support/fixtures';
import { card, PLAN, seedNotes, serverNote, serverNotes } from './support/notes';
import { gotoAs } from './support/session';
import { editorValue, expectEditorValue } from './support/editor';

test('a quick note left without a word is not kept; one written into is, and Ctrl+S saves it in place', async ({
  signedIn: page,
  account,
  request,
}) => {
  await seedNotes(request, account, [{ title: 'Already here', content: 'Kept' }]);
  await gotoAs(page, '/');
  await expect(card(page, 'Already here')).toBeVisible();

  await test.step('n, then Cancel: no empty card stays, on this device or the server', async () => {
    await page.keyboard.press('n');
    await expect(page).toHaveURL(/\/edit\/[0-9a-f-]+$/);
    const id = page.url().split('/').pop()!;
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(card(page, 'Untitled note')).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Notes' }).getByRole('article')).toHaveCount(1);
    // The server never keeps it among the notes: absent, or deleted for good.
    await expect.poll(async () => (await serverNote(request, account, id))?.deleted_at ?? 'none').not.toBeNull();
    await expect
      .poll(async () => (await serverNotes(request, account)).map((note) => note.title))
      .toEqual(['Already here']);
  });

  await test.step('a quick note named and saved with Ctrl+S stays on its editor, saved, and is kept', async () => {
    await page.keyboard.press('n');
    await expect(page.getByLabel('Title', { exact: true })).toBeFocused();
    await page.keyboard.type('Call the ve');
    await page.keyboard.press('Control+s');
    await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();
    await expect(page).toHaveURL(/\/edit\/[0-9a-f-]+$/);
    // With no field focused (a click on the page's background), Ctrl+S still saves this screen.
    await page.keyboard.type('t');
    await expect(page.getByText('Unsaved changes')).toBeVisible();
    await page.getByRole('heading', { name: 'Edit Note' }).click();
    await expect(page.getByLabel('Title', { exact: true })).not.toBeFocused();
    await page.keyboard.press('Control+s');
    await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(card(page, 'Call the vet')).toBeVisible();
    await expect
      .poll(async () => (await serverNotes(request, account)).map((note) => note.title).sort())
      .toEqual(['Already here', 'Call the vet']);
  });

  await test.step('a page that ends with a quick note open leaves no empty card, in a tab already open or the next', async () => {
    await page.keyboard.press('n');
    await expect(page.getByLabel('Title', { exact: true })).toBeFocused();
    // A tab opened meanwhile leaves the note to the editor that still has it open.
    const other = await page.context().newPage();
    await gotoAs(other, '/');
    await expect(card(other, 'Call the vet')).toBeVisible();
    await expect(card(other, 'Untitled note')).toBeVisible();
    // The tab is closed (or the phone's app swiped away) before its editor could remove the note: the tab
    // still open removes it then, and it stays gone when Sprout opens again.
    await page.close();
    await expect(card(other, 'Untitled note')).toHaveCount(0);
    await other.reload();
    await expect(card(other, 'Call the vet')).toBeVisible();
    await expect(card(other, 'Untitled note')).toHaveCount(0);
    await expect
      .poll(async () => (await serverNotes(request, account)).map((note) => note.title).sort())
      .toEqual(['Already here', 'Call the vet']);
  });
});

test('a note opens on what it holds, and the whole card opens it', async ({ signedIn: page, account, request }) => {
  const [list, plan] = await seedNotes(request, account, [
    {
      title: 'Packing',
      is_checklist: true,
      checklist_items: [
        { id: 'a', text: 'Tent', completed: true },
        { id: 'b', text: 'Stove', completed: false },
      ],
    },
    { title: 'Podcast', content: 'A show about gardens', expanded_content: PLAN },
  ]);
  await gotoAs(page, '/');

  await test.step("a checklist's card lists its first items, and a click on it opens the checklist", async () => {
    const items = card(page, 'Packing').getByRole('list', { name: 'First items' }).getByRole('listitem');
    await expect(items).toHaveText(['Tent', 'Stove']);
    await expect(card(page, 'Packing')).not.toContainText('No content');
    // A click on the card's body, not on a button: the stretched View link takes it.
    const box = (await items.first().boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect(page).toHaveURL(new RegExp(`/view/${list!.id}$`));
    await expect(page.getByRole('checkbox', { name: 'Stove' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'View Details' })).toBeVisible();
  });

  await test.step("an assistant's note opens on its plan", async () => {
    await page.goBack();
    const text = (await card(page, 'Podcast').getByText('A show about gardens').boundingBox())!;
    await page.mouse.click(text.x + 10, text.y + text.height / 2);
    await expect(page).toHaveURL(new RegExp(`/view/${plan!.id}$`));
    await expect(page.getByRole('tab', { name: 'Expanded' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { name: 'Action Steps' })).toBeVisible();
  });
});

test("an assistant's steps are edited once, in the checklist, and written back under the plan", async ({
  signedIn: page,
  account,
  request,
}) => {
  const [plan] = await seedNotes(request, account, [
    {
      title: 'Podcast',
      content: 'A show about gardens',
      expanded_content: PLAN,
      is_checklist: true,
      checklist_items: [
        { id: 'a', text: 'Pick a name and a format', completed: true },
        { id: 'b', text: 'Record a pilot episode', completed: false },
        { id: 'c', text: 'Publish on two platforms', completed: false },
      ],
    },
  ]);
  await gotoAs(page, `/edit/${plan!.id}`);
  await page.getByRole('tab', { name: 'Expanded' }).click();
  const prose = page.getByRole('textbox', { name: 'Expanded content' });
  await expectEditorValue(prose, /^Launch a small podcast/);
  expect(await editorValue(prose)).not.toMatch(/Action Steps/);
  await expect(prose).toHaveAccessibleDescription(/The action steps are edited once, in the checklist below/);
  const step = page.getByRole('textbox', { name: 'Edit item: Record a pilot episode' });
  await step.fill('Record two pilot episodes');
  await step.press('Enter');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect
    .poll(async () => (await serverNote(request, account, plan!.id))?.expanded_content ?? '')
    .toContain('2. Record two pilot episodes');
  const saved = (await serverNote(request, account, plan!.id))!;
  expect(saved.expanded_content).not.toContain('Record a pilot episode');
  expect(saved.expanded_content).toMatch(/^Launch a small podcast/);
  expect(saved.checklist_items?.map((item) => item.text)).toEqual([
    'Pick a name and a format',
    'Record two pilot episodes',
    'Publish on two platforms',
  ]);
});

test('from the top of the Dashboard the search is two keys away, past the sidebar’s links and tags', async ({
  signedIn: page,
  account,
  request,
}) => {
  await seedNotes(request, account, [{ title: 'Tagged', content: '#one #two #three' }]);
  await gotoAs(page, '/');
  await expect(card(page, 'Tagged')).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to search' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('searchbox', { name: 'Search notes' })).toBeFocused();
  await page.keyboard.type('tagged');
  await expect(page).toHaveURL(/q=tagged/);
});
