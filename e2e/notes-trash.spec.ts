// The Trash (issue 32; docs/sync.md [S29]-[S31]) against the real server: a deleted note moves to the
// Trash with an Undo, comes back from /trash exactly as it was, and goes for good with Delete forever or
// Empty Trash (tombstones on the server); Settings' 'Keep deleted notes' is saved to the account; and a
// note one device trashed offline is restored on the other. Server rows are read through the REST API.
// The Trash's accessibility scans and screenshots are in notes-screens.spec.ts; the dialog before a
// delete from the lists in notes-lists and notes-edit.
import { accountMetadata } from './support/accounts';
import { test, expect } from './support/fixtures';
import { openFromSidebar } from './support/layout';
import { goOffline, goOnline } from './support/network';
import {
  card,
  deleteFromCard,
  expectAllSynced,
  openCard,
  seedNotes,
  serverNote,
  syncNow,
  type ServerNote,
} from './support/notes';
import { gotoAs } from './support/session';
import { expectToast, toastRegion } from './support/toasts';

/** A server row's content and where it is kept (listed, in the Trash, deleted for good). */
const stateOf = (note: ServerNote) => ({
  title: note.title,
  content: note.content,
  expanded_content: note.expanded_content,
  is_checklist: note.is_checklist,
  checklist_items: note.checklist_items,
  chat_history: note.chat_history,
  trashed_at: note.trashed_at,
  deleted_at: note.deleted_at,
});

test('delete with Undo, Restore with every field, the retention setting, Delete forever and Empty Trash', async ({
  signedIn: page,
  account,
  request,
}) => {
  const [garden, groceries] = await seedNotes(request, account, [
    { title: 'Garden plan', content: 'Dig the beds\nSow the peas' },
    {
      title: 'Groceries',
      content: 'For the weekend',
      is_checklist: true,
      checklist_items: [
        { id: 'g1', text: 'Milk', completed: true },
        { id: 'g2', text: 'Bread', completed: false },
      ],
      chat_history: [{ role: 'user', content: 'What else do we need?' }],
    },
  ]);
  await gotoAs(page, '/');
  const titles = page.getByRole('list', { name: 'Notes' }).getByRole('heading', { level: 2 });
  await expect(titles).toHaveText(['Garden plan', 'Groceries']);

  await test.step("a card's Delete asks, moves the note to the Trash and offers Undo, which brings it back", async () => {
    await card(page, 'Groceries').getByRole('button', { name: 'Delete Groceries' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Are you sure you want to delete this note?' });
    await expect(dialog).toHaveAccessibleDescription('“Groceries” will move to the Trash, where you can restore it.');
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(card(page, 'Groceries')).toHaveCount(0);
    // At once, before the sync has answered.
    await expectToast(page, 'Note deleted', 'Your note has been deleted successfully.');
    await toastRegion(page)
      .getByRole('listitem')
      .filter({ hasText: 'Note deleted' })
      .getByRole('button', { name: 'Undo' })
      .click();
    await expectToast(page, 'Note restored', '“Groceries” is back in your notes.');
    await expect(titles).toHaveText(['Garden plan', 'Groceries']);
  });

  await test.step('the Trash lists it; Restore brings it back with its text, items, ticks and place; the view screen deletes it again', async () => {
    await deleteFromCard(page, 'Groceries');
    await openFromSidebar(page, 'Trash');
    await expect(page.getByRole('heading', { level: 1, name: 'Trash' })).toBeVisible();
    await expect(
      page.getByText('Notes you delete stay here for 30 days, then they are deleted for good.'),
    ).toBeVisible();
    const trashed = card(page, 'Groceries');
    await expect(trashed).toContainText('Milk · Bread');
    await expect(trashed).toContainText('Deleted less than a minute ago');
    await expect(trashed).toContainText('Deleted for good in 30 days');
    await expect(card(page, 'Garden plan')).toHaveCount(0);
    await trashed.getByRole('button', { name: 'Restore Groceries' }).click();
    await expectToast(page, 'Note restored', '“Groceries” is back in your notes.');
    await expect(page.getByRole('heading', { level: 2, name: 'The Trash is empty' })).toBeVisible();

    await openFromSidebar(page, 'Dashboard');
    await expect(titles).toHaveText(['Garden plan', 'Groceries']);
    await openCard(page, 'Groceries', 'View');
    await expect(page.getByRole('heading', { level: 1, name: 'Groceries' })).toBeVisible();
    await expect(page.getByText('For the weekend')).toBeVisible();
    await page.getByRole('button', { name: 'View Checklist' }).click();
    await expect(page.getByText('1 of 2 done')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Milk' })).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByRole('checkbox', { name: 'Bread' })).toHaveAttribute('aria-checked', 'false');
    await expectAllSynced(page);
    // On the server too, every field as it was, its place (updated_at) included.
    await expect
      .poll(async () => {
        const row = await serverNote(request, account, groceries!.id);
        return row && { ...stateOf(row), updated_at: row.updated_at };
      })
      .toEqual({ ...stateOf(groceries!), updated_at: groceries!.updated_at });

    // The view screen deletes too: the same question, then back to the list it was opened from.
    await page.getByRole('button', { name: 'Delete Groceries' }).click();
    await page
      .getByRole('alertdialog', { name: 'Are you sure you want to delete this note?' })
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await expect(page).toHaveURL(/\/$/);
    await expect(card(page, 'Groceries')).toHaveCount(0);
    await expectToast(page, 'Note deleted', 'Your note has been deleted successfully.');
  });

  await test.step("Settings' Keep deleted notes is saved to the account", async () => {
    await openFromSidebar(page, 'Settings');
    await page.getByRole('tab', { name: 'Sync' }).click();
    const retention = page.getByRole('combobox', { name: 'Keep deleted notes' });
    await expect(retention).toHaveText('30 days');
    await retention.click();
    await expect(page.getByRole('option')).toHaveText(['7 days', '30 days', '90 days', 'Until I delete them']);
    await page.getByRole('option', { name: '7 days' }).click();
    await expectToast(page, 'Setting Saved', 'Deleted notes are now kept for 7 days.');
    await expect.poll(async () => (await accountMetadata(request, account)).trash_retention_days).toBe(7);
  });

  await test.step('Delete forever and Empty Trash leave only tombstones on the server', async () => {
    await openFromSidebar(page, 'Dashboard');
    await deleteFromCard(page, 'Garden plan');
    await expect(page.getByText("You don't have any notes yet")).toBeVisible();
    // In the Trash on the server, their content kept.
    for (const note of [garden!, groceries!])
      await expect
        .poll(async () => {
          const row = await serverNote(request, account, note.id);
          return row && { title: row.title, content: row.content, trashed: row.trashed_at !== null };
        })
        .toEqual({ title: note.title, content: note.content, trashed: true });

    // The palette has the way there too.
    await page.keyboard.press('Control+k');
    await expect(page.getByRole('dialog', { name: 'Command palette' }).getByRole('combobox')).toBeFocused();
    await page.keyboard.type('trash');
    await expect(page.getByRole('option', { name: 'Go to Trash' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/trash$/);
    await expect(
      page.getByText('Notes you delete stay here for 7 days, then they are deleted for good.'),
    ).toBeVisible();
    // The latest deleted first.
    const trash = page.getByRole('list', { name: 'Notes in the Trash' });
    await expect(trash.getByRole('heading', { level: 2 })).toHaveText(['Garden plan', 'Groceries']);
    await expect(card(page, 'Garden plan')).toContainText('Deleted for good in 7 days');

    await card(page, 'Garden plan').getByRole('button', { name: 'Delete Garden plan forever' }).click();
    const forever = page.getByRole('alertdialog', { name: 'Delete this note forever?' });
    await expect(forever).toHaveAccessibleDescription(
      '“Garden plan” will be deleted for good, on every device. This cannot be undone.',
    );
    await forever.getByRole('button', { name: 'Delete forever' }).click();
    await expectToast(page, 'Note deleted forever', '“Garden plan” is gone for good.');
    await expect(trash.getByRole('heading', { level: 2 })).toHaveText(['Groceries']);

    await page.getByRole('button', { name: 'Empty Trash' }).click();
    const empty = page.getByRole('alertdialog', { name: 'Empty the Trash?' });
    await expect(empty).toHaveAccessibleDescription(
      'The note in the Trash will be deleted for good, on every device. This cannot be undone.',
    );
    await empty.getByRole('button', { name: 'Empty Trash' }).click();
    await expectToast(page, 'Trash emptied', '1 note was deleted for good.');
    await expect(page.getByRole('heading', { level: 2, name: 'The Trash is empty' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Trash' })).toBeFocused();
    await expect(page.getByRole('button', { name: 'Empty Trash' })).toBeDisabled();

    await expectAllSynced(page);
    for (const note of [garden!, groceries!])
      await expect
        .poll(async () => {
          const row = await serverNote(request, account, note.id);
          return row && stateOf(row);
        })
        .toEqual({
          title: '',
          content: '',
          expanded_content: null,
          is_checklist: false,
          checklist_items: null,
          chat_history: null,
          trashed_at: null,
          deleted_at: expect.any(String),
        });
  });
});

test.describe('two devices', () => {
  test('a note trashed offline on one device is restored on the other, and is back on both', async ({
    signedIn: page,
    newDevice,
    account,
    request,
    consoleErrors,
  }) => {
    // Requests the browser cannot make while offline are logged by Chromium.
    consoleErrors.allow(/Failed to load resource/);
    const [note] = await seedNotes(request, account, [{ title: 'Shared plan', content: 'Meet on Friday' }]);
    await gotoAs(page, '/');
    await expect(card(page, 'Shared plan')).toBeVisible();
    // The screens and the dialog this device opens offline are loaded while online (as a visit would have
    // done), so the test needs no service worker: the offline specs check that one on its own.
    await openFromSidebar(page, 'Trash');
    await expect(page.getByRole('heading', { name: 'The Trash is empty' })).toBeVisible();
    await openFromSidebar(page, 'Dashboard');
    await card(page, 'Shared plan').getByRole('button', { name: 'Delete Shared plan' }).hover();
    const other = await newDevice({ account, signIn: 'stored' });
    await gotoAs(other, '/');
    await expect(card(other, 'Shared plan')).toBeVisible();

    await test.step('deleted offline, it waits in this Trash and reaches the server once online', async () => {
      await goOffline(page);
      await deleteFromCard(page, 'Shared plan');
      await expectToast(
        page,
        'Offline deletion',
        "The note was deleted locally and will be removed from the cloud when you're online.",
      );
      await expect(
        toastRegion(page)
          .getByRole('listitem')
          .filter({ hasText: 'Offline deletion' })
          .getByRole('button', { name: 'Undo' }),
      ).toBeVisible();
      await openFromSidebar(page, 'Trash');
      await expect(card(page, 'Shared plan')).toContainText('Meet on Friday');
      expect((await serverNote(request, account, note!.id))?.trashed_at).toBeNull();

      await goOnline(page);
      await expectAllSynced(page);
      await expect
        .poll(async () => (await serverNote(request, account, note!.id))?.trashed_at ?? null)
        .toEqual(expect.any(String));
    });

    await test.step('the other device finds it in its Trash after a sync and restores it', async () => {
      await syncNow(other);
      await expect(card(other, 'Shared plan')).toHaveCount(0);
      await openFromSidebar(other, 'Trash');
      await card(other, 'Shared plan').getByRole('button', { name: 'Restore Shared plan' }).click();
      await expectToast(other, 'Note restored', '“Shared plan” is back in your notes.');
      await expectAllSynced(other);
      await expect.poll(async () => (await serverNote(request, account, note!.id))?.trashed_at).toBeNull();
    });

    await test.step('the first device has it back on its dashboard after a sync', async () => {
      await syncNow(page);
      await expect(card(page, 'Shared plan')).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 2, name: 'The Trash is empty' })).toBeVisible();
      await openFromSidebar(page, 'Dashboard');
      await expect(card(page, 'Shared plan')).toContainText('Meet on Friday');
    });
  });
});
