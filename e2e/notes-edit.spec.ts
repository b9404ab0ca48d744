// Editing and viewing a note against the real server (spec sections 2 and 4): the Edit form's tabs,
// checklist, save rules, auto-save, leave guard and delete; the view's tabs and its checklist saved at
// once; unknown ids. Server rows are checked through its REST API. Each test opens its notes from the
// dashboard in one page, as a user would, rather than loading every screen afresh.
import type { Page } from '@playwright/test';
import { localContent } from './support/device';
import { test, expect } from './support/fixtures';
import { sidebar } from './support/layout';
import { card, editOnServer, expectAllSynced, openCard, PLAN, seedNote, seedNotes, serverNote } from './support/notes';
import { dismissToasts, expectToast } from './support/toasts';
import { expectEditorValue, fillEditor } from './support/editor';

/** Opens a note's Edit screen from its card on the dashboard, and checks it is that note's. */
async function editFromDashboard(page: Page, title: string, id: string): Promise<void> {
  await openCard(page, title, 'Edit');
  await expect(page).toHaveURL(new RegExp(`/edit/${id}$`));
}

test('edit: the form, its checklist and save rules, delete, and changes from another device', async ({
  signedIn: page,
  account,
  request,
  consoleErrors,
}) => {
  const [podcast, list, doomed, shopping, trip, named] = await seedNotes(request, account, [
    { title: 'Podcast', content: 'An idea', expanded_content: PLAN },
    {
      title: 'List',
      is_checklist: true,
      checklist_items: [{ id: 'x', text: 'Only item', completed: true }],
      chat_history: [{ role: 'user', content: 'Saved question' }],
    },
    { title: 'Edit then delete' },
    { title: 'Shared shopping list', content: 'Milk' },
    { title: 'Trip', content: 'Train' },
    { title: 'Named' },
  ]);
  await page.goto('/');

  await test.step('changes title, original and expanded text, converts the steps to a checklist and edits it', async () => {
    await editFromDashboard(page, 'Podcast', podcast!.id);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Note' })).toBeVisible();
    await expect(page.getByLabel('Title')).toHaveValue('Podcast');

    await page.getByLabel('Title').fill('Podcast plan');
    await expect(page.getByRole('tab', { name: 'Original' })).toHaveAttribute('aria-selected', 'true');
    const original = page.getByRole('textbox', { name: 'Original idea' });
    await expectEditorValue(original, 'An idea');
    expect((await original.boundingBox())!.height).toBeGreaterThanOrEqual(149);
    await fillEditor(original, 'An idea about gardens');

    await page.getByRole('tab', { name: 'Expanded' }).click();
    await expectEditorValue(page.getByRole('textbox', { name: 'Expanded content' }), PLAN);
    await expect(page.getByRole('heading', { name: 'Action Steps' })).toBeVisible();
    // Switch off: the steps as read-only text, one per line.
    const steps = page.getByRole('textbox', { name: 'Action steps' });
    await expect(steps).toHaveValue('Pick a name and a format\nRecord a pilot episode\nPublish on two platforms');
    await expect(steps).toHaveAttribute('readonly', '');

    await page.getByRole('switch', { name: 'Convert to checklist' }).click();
    const list = page.getByRole('list', { name: 'Action steps checklist' });
    await expect(list.getByRole('checkbox')).toHaveCount(3);
    await list.getByRole('checkbox', { name: 'Pick a name and a format' }).click();
    await expect(list.getByRole('checkbox', { name: 'Pick a name and a format' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    // The field keeps its name while typing; Enter saves the text.
    const item = list.getByRole('textbox', { name: 'Edit item: Record a pilot episode' });
    await item.fill('Record two pilot episodes');
    await item.press('Enter');
    await expect(list.getByRole('textbox', { name: 'Edit item: Record two pilot episodes' })).toBeVisible();
    await list.getByRole('button', { name: 'Remove Publish on two platforms' }).click();
    const add = page.getByLabel('New checklist item');
    await add.fill('   ');
    await add.press('Enter');
    await add.fill('Invite a guest');
    await add.press('Enter');
    await expect(add).toHaveValue('');
    await expect(list.getByRole('checkbox')).toHaveCount(3);
    await expect(page.getByText('Unsaved changes')).toBeVisible();

    await page.getByRole('tab', { name: 'Chat' }).click();
    // The chat panel (whatever the AI feature renders) is 400 px tall.
    await expect(page.getByRole('tabpanel', { name: 'Chat' }).locator('[style*="height"]').first()).toHaveCSS(
      'height',
      '400px',
    );

    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Success', 'Your note has been updated.');
    await expect(page).toHaveURL(/\/$/);
    await expect(card(page, 'Podcast plan').getByText('Checklist', { exact: true })).toBeVisible();
    await expectAllSynced(page);

    await expect
      .poll(async () => {
        const row = await serverNote(request, account, podcast!.id);
        return (
          row && {
            title: row.title,
            content: row.content,
            is_checklist: row.is_checklist,
            items: row.checklist_items?.map((i) => [i.text, i.completed]),
            chat: row.chat_history,
          }
        );
      })
      .toEqual({
        title: 'Podcast plan',
        content: 'An idea about gardens',
        is_checklist: true,
        items: [
          ['Pick a name and a format', true],
          ['Record two pilot episodes', false],
          ['Invite a guest', false],
        ],
        chat: null,
      });
  });

  await test.step('turning the checklist off saves no items; Cancel leaves after asking about unsaved changes', async () => {
    await editFromDashboard(page, 'List', list!.id);
    await page.getByRole('tab', { name: 'Chat' }).click();
    await expect(page.getByRole('tabpanel', { name: 'Chat' })).toContainText('Saved question');
    await page.getByRole('tab', { name: 'Expanded' }).click();
    await expect(page.getByRole('checkbox', { name: 'Only item' })).toHaveAttribute('aria-checked', 'true');
    await page.getByRole('switch', { name: 'Convert to checklist' }).click();

    // The save's toast sits over the button: closed, as a user would, not waited out (5 s).
    await dismissToasts(page);
    await page.getByRole('button', { name: 'Cancel' }).click();
    const leave = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await expect(leave).toBeVisible();
    await leave.getByRole('button', { name: 'Keep editing' }).click();
    await expect(page).toHaveURL(new RegExp(`/edit/${list!.id}$`));

    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(async () => (await serverNote(request, account, list!.id))?.is_checklist).toBe(false);
    const row = await serverNote(request, account, list!.id);
    expect(row?.checklist_items).toBeNull();
    expect(row?.chat_history).toEqual([{ role: 'user', content: 'Saved question' }]);

    // Nothing changed: Cancel goes straight back.
    await editFromDashboard(page, 'List', list!.id);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  await test.step('Delete on the edit screen asks, then toasts and goes to /', async () => {
    await editFromDashboard(page, 'Edit then delete', doomed!.id);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Are you sure you want to delete this note?' });
    await expect(dialog).toHaveAccessibleDescription(
      '“Edit then delete” will move to the Trash, where you can restore it.',
    );
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Note deleted', 'Your note has been deleted successfully.');
    await expect(page).toHaveURL(/\/$/);
    await expect(card(page, 'Edit then delete')).toHaveCount(0);
    // Into the Trash, on the server too.
    await expect
      .poll(async () => (await serverNote(request, account, doomed!.id))?.trashed_at ?? null)
      .toEqual(expect.any(String));
  });

  await test.step("[S8] another device's edit that arrives while the delete confirmation is open survives the deletion", async () => {
    // The deletion's push meets the newer revision: the server's 409 is how [S8] learns of the edit.
    consoleErrors.allow(/status of 409/);
    await editFromDashboard(page, 'Shared shopping list', shopping!.id);
    await expectEditorValue(page.getByRole('textbox', { name: 'Note', exact: true }), 'Milk');
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Are you sure you want to delete this note?' });
    await expect(dialog).toBeVisible();

    // Another device adds to the note; its change reaches this device (the change hint makes it pull)
    // while the user is still reading the dialog.
    await editOnServer(request, account, shopping!.id, { content: 'Milk\nEggs' });
    await expect.poll(() => localContent(page, shopping!.id)).toBe('Milk\nEggs');
    // The form behind the dialog (hidden from the accessibility tree while it is open) still shows what the
    // user chose to delete.
    await expectEditorValue(page.getByRole('textbox', { name: 'Note', exact: true, includeHidden: true }), 'Milk');

    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/$/);
    // The deletion was of 'Milk', never of 'Milk\nEggs': the edit it never saw wins, on the server and here.
    await expect(card(page, 'Shared shopping list')).toBeVisible();
    await expectAllSynced(page);
    const row = await serverNote(request, account, shopping!.id);
    expect(row).toMatchObject({ trashed_at: null, deleted_at: null, content: 'Milk\nEggs' });
  });

  await test.step('a cancelled delete confirmation shows a change that arrived meanwhile', async () => {
    await editFromDashboard(page, 'Trip', trip!.id);
    await expectEditorValue(page.getByRole('textbox', { name: 'Note', exact: true }), 'Train');
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Are you sure you want to delete this note?' });
    await editOnServer(request, account, trip!.id, { content: 'Train, then bus' });
    // The change reaches this device behind the dialog; the form holds still until it is cancelled.
    await expect.poll(() => localContent(page, trip!.id)).toBe('Train, then bus');
    await expectEditorValue(page.getByRole('textbox', { name: 'Note', exact: true, includeHidden: true }), 'Train');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expectEditorValue(page.getByRole('textbox', { name: 'Note', exact: true }), 'Train, then bus');
  });

  // Last: it leaves the form with unsaved changes.
  await test.step('Save is disabled while the title is blank; Enter explains why', async () => {
    // The form shows the arrived change, so nothing is unsaved and the sidebar's link leaves at once.
    await sidebar(page).getByRole('link', { name: 'Dashboard' }).click();
    await editFromDashboard(page, 'Named', named!.id);
    await page.getByLabel('Title').fill('   ');
    await expect(page.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
    await page.getByLabel('Title').press('Enter');
    await expectToast(page, 'Error', 'Please enter a title for your note.');
  });
});

test('a plain note is edited as a note: its text and checklist, no plan or chat until asked for (issue 33)', async ({
  signedIn: page,
  account,
  request,
}) => {
  const groceries = await seedNote(request, account, {
    title: 'Groceries',
    content: 'For the weekend',
    is_checklist: true,
    checklist_items: [{ id: 'a', text: 'Apples', completed: false }],
  });
  await page.goto(`/edit/${groceries.id}`);
  await expectEditorValue(page.getByRole('textbox', { name: 'Note', exact: true }), 'For the weekend');
  // No word of the assistant's: no tabs, no 'Original idea', no 'Expanded content' or 'Action Steps'.
  await expect(page.getByRole('tab')).toHaveCount(0);
  await expect(page.getByText(/Original idea|Expanded content|Action Steps/)).toHaveCount(0);
  const checklist = page.getByRole('region', { name: 'Checklist' });
  await expect(
    checklist.getByRole('list', { name: 'Checklist items' }).getByRole('checkbox', { name: 'Apples' }),
  ).toBeVisible();
  await checklist.getByLabel('New checklist item').fill('Bread');
  await checklist.getByLabel('New checklist item').press('Enter');
  await checklist.getByRole('checkbox', { name: 'Apples' }).click();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect
    .poll(async () => (await serverNote(request, account, groceries.id))?.checklist_items)
    .toEqual([
      { id: 'a', text: 'Apples', completed: true },
      { id: expect.any(String), text: 'Bread', completed: false },
    ]);

  await test.step('a quick note adds a checklist, and the plan and chat come when asked for', async () => {
    await page.getByRole('button', { name: 'Quick note' }).first().click();
    await expect(page).toHaveURL(/\/edit\//);
    await page.keyboard.type('Call list');
    await expect(page.getByRole('region', { name: 'Checklist' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Add a checklist' }).click();
    await page.getByLabel('New checklist item').fill('Plumber');
    await page.getByLabel('New checklist item').press('Enter');
    await page.getByRole('button', { name: 'Add a plan or chat' }).click();
    // The spec's tabs, on the plan: the checklist is the plan's Action Steps now.
    await expect(page.getByRole('tab', { name: 'Expanded' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('textbox', { name: 'Expanded content' })).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Action steps checklist' }).getByRole('checkbox', { name: 'Plumber' }),
    ).toBeVisible();
    await page.getByRole('tab', { name: 'Original' }).click();
    await expect(page.getByRole('textbox', { name: 'Original idea' })).toBeVisible();
  });
});

test('auto-saves a changed form at the interval set in Settings, and asks before leaving unsaved changes', async ({
  signedIn: page,
  account,
  request,
}) => {
  await page.addInitScript(() =>
    localStorage.setItem('sprout.editorSettings', JSON.stringify({ autoSaveInterval: 15, notifications: false })),
  );
  const note = await seedNote(request, account, { title: 'Draft' });
  // The page's clock, so the 15 s interval is run through rather than waited out.
  await page.clock.install();
  await page.goto(`/edit/${note.id}`);
  // The editor reads what is typed on its next frame: the page's clock is stopped, so it is run a little.
  const field = page.getByRole('textbox', { name: 'Note', exact: true });
  await field.click();
  await page.keyboard.insertText('Typed, never saved by hand');
  await page.clock.runFor(100);
  await expectEditorValue(field, 'Typed, never saved by hand');
  await expect(page.getByRole('status').filter({ hasText: 'Unsaved changes' })).toBeVisible();
  // Within one interval (15 s) the form is saved without a toast; the indicator says so.
  await page.clock.runFor(15_000);
  await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/edit/${note.id}$`));
  await expect
    .poll(async () => (await serverNote(request, account, note.id))?.content)
    .toBe('Typed, never saved by hand');

  // Saved: leaving does not ask. Unsaved: a link in the sidebar asks first.
  await page.getByLabel('Title').fill('Draft 2');
  await sidebar(page).getByRole('link', { name: 'Checklists' }).click();
  const leave = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page).toHaveURL(/\/checklists$/);
  expect((await serverNote(request, account, note.id))?.title).toBe('Draft');
});

test('view: the tabs, the checklist view saved at once, and unknown ids', async ({
  signedIn: page,
  account,
  request,
}) => {
  const [viewed, plain, groceries] = await seedNotes(request, account, [
    { title: 'Viewed', content: 'The original idea', expanded_content: PLAN },
    { title: 'Plain', content: 'Nothing expanded' },
    {
      title: 'Groceries',
      is_checklist: true,
      checklist_items: [
        { id: 'a', text: 'Apples', completed: false },
        { id: 'b', text: 'Bread', completed: false },
      ],
    },
  ]);

  await test.step('shows the Note, Expanded and Chat tabs, opening on the plan of a note that has one', async () => {
    await page.goto(`/view/${viewed!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Viewed' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Expanded' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('button', { name: 'View Checklist' })).toHaveCount(0);
    await page.getByRole('tab', { name: 'Note' }).click();
    await expect(page.getByText('The original idea')).toBeVisible();

    await page.getByRole('tab', { name: 'Expanded' }).click();
    const idea = page.getByRole('region', { name: 'Expanded Idea' });
    await expect(idea).toContainText('Launch a small podcast');
    await expect(idea).not.toContainText('Record a pilot episode');
    const steps = page.getByRole('region', { name: 'Action Steps' });
    await expect(steps.getByRole('listitem')).toHaveText([
      '1Pick a name and a format',
      '2Record a pilot episode',
      '3Publish on two platforms',
    ]);

    await page.getByRole('tab', { name: 'Chat' }).click();
    await expect(page.getByRole('heading', { name: 'Chat with your Note' })).toBeVisible();
    await expect(page.getByRole('tabpanel', { name: 'Chat' }).locator('[style*="height"]').first()).toHaveCSS(
      'height',
      '500px',
    );

    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/edit/${viewed!.id}$`));

    // Both paths show the same screen; a note without a plan opens on its text.
    await page.goto(`/note/${plain!.id}`);
    await expect(page.getByText('Nothing expanded')).toBeVisible();
    await page.getByRole('tab', { name: 'Expanded' }).click();
    await expect(page.getByText('No expanded content available for this note.')).toBeVisible();
    await page.getByRole('link', { name: 'Back to notes' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  await test.step('checks off items in the checklist view, saved to the server at once', async () => {
    await openCard(page, 'Groceries', 'View');
    await expect(page).toHaveURL(new RegExp(`/view/${groceries!.id}$`));
    // A checklist with no text of its own opens on its items.
    await expect(page.getByRole('button', { name: 'View Details' })).toBeVisible();
    await expect(page.getByText('0 of 2 done')).toBeVisible();
    await page.getByRole('checkbox', { name: 'Apples' }).click();
    await expect(page.getByText('1 of 2 done')).toBeVisible();
    await expect
      .poll(async () => (await serverNote(request, account, groceries!.id))?.checklist_items?.[0]?.completed)
      .toBe(true);

    const bread = page.getByRole('textbox', { name: 'Edit item: Bread' });
    await bread.fill('Sourdough bread');
    await bread.press('Enter');
    await expect(page.getByRole('textbox', { name: 'Edit item: Sourdough bread' })).toBeVisible();
    await page.getByLabel('New checklist item').fill('Cheese');
    await page.getByRole('button', { name: 'Add' }).click();
    await page.getByRole('button', { name: 'Remove Apples' }).click();
    await expect(page.getByText('0 of 2 done')).toBeVisible();
    await expect
      .poll(async () => (await serverNote(request, account, groceries!.id))?.checklist_items?.map((i) => i.text))
      .toEqual(['Sourdough bread', 'Cheese']);

    // Dragged by its handle above the first item, then back down from the keyboard: each move is saved.
    const handle = page.getByRole('button', { name: 'Move Cheese', exact: true });
    const from = (await handle.boundingBox())!;
    const top = (await page.getByRole('list', { name: 'Checklist' }).getByRole('listitem').first().boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, top.y + 2, { steps: 8 });
    await page.mouse.up();
    await expect(page.getByRole('list', { name: 'Checklist' }).getByRole('checkbox').first()).toHaveAccessibleName(
      'Cheese',
    );
    await expect
      .poll(async () => (await serverNote(request, account, groceries!.id))?.checklist_items?.map((i) => i.text))
      .toEqual(['Cheese', 'Sourdough bread']);
    await handle.press('ArrowDown');
    await expect(handle).toBeFocused();
    await expect
      .poll(async () => (await serverNote(request, account, groceries!.id))?.checklist_items?.map((i) => i.text))
      .toEqual(['Sourdough bread', 'Cheese']);
    await page.getByRole('button', { name: 'View Details' }).click();
    await expect(page.getByRole('tab', { name: 'Note' })).toBeVisible();
  });

  await test.step('an unknown id says Note not found and goes to / (edit)', async () => {
    await page.goto('/edit/00000000-0000-4000-8000-000000000000');
    await expectToast(page, 'Note not found', "The note you're trying to edit couldn't be found.");
    await expect(page).toHaveURL(/\/$/);
  });

  await test.step('an unknown id redirects to / (view)', async () => {
    await page.goto('/view/00000000-0000-4000-8000-000000000000');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/note/not-a-uuid');
    await expect(page).toHaveURL(/\/$/);
  });
});
