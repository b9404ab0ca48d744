// The note lists against the real server (spec section 2): the dashboard (empty state, cards, View,
// Edit, Delete to the Trash, a failed first pull) and Your Checklists. Server rows are checked through
// its REST API; the Trash itself has notes-trash.spec.ts.
// Each test keeps one page and brings later notes in with the sidebar's Sync.
import type { Page } from '@playwright/test';
import { localItem } from './support/device';
import { test, expect } from './support/fixtures';
import { sidebar } from './support/layout';
import { card, openCard, PLAN, seedNote, seedNotes, serverNote, syncNow } from './support/notes';
import { expectToast } from './support/toasts';

test('dashboard: a failed first pull, the cards, View, Edit and Delete', async ({
  signedIn: page,
  account,
  request,
  consoleErrors,
}) => {
  await seedNotes(request, account, [
    { title: 'Newest idea', content: 'line 1\nline 2\nline 3\nline 4\nline 5', expanded_content: PLAN },
    { title: 'A checklist', is_checklist: true, checklist_items: [{ id: 'a', text: 'Buy seeds', completed: true }] },
    { title: 'Oldest idea', content: 'old', updated_at: '2020-01-01T00:00:00.000Z' },
  ]);

  await test.step('says when the first pull fails and shows the notes on the device meanwhile', async () => {
    consoleErrors.allow(/Failed to load resource: net::ERR_CONNECTION_REFUSED/);
    await page.route('**/rest/v1/notes**', (route) => route.abort('connectionrefused'));
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Notes' })).toBeVisible();
    await expectToast(page, 'Error fetching notes', "We couldn't retrieve your notes. Using local data only.");
    await expect(page.getByRole('alert')).toHaveText(
      "Error fetching notes: We couldn't retrieve your notes. Using local data only.",
    );
    await expect(page.getByText("You don't have any notes yet")).toBeVisible();
    // The start-up work waits until the browser says this content is on screen (lib/first-content.ts).
    expect(await presentedContent(page)).toContain('content');
    await page.unroute('**/rest/v1/notes**');
    await syncNow(page);
    await expect(card(page, 'Newest idea')).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  await test.step('lists the notes newest first with Updated, the Checklist badge and the sync state', async () => {
    const list = page.getByRole('list', { name: 'Notes' });
    await expect(list.getByRole('article')).toHaveCount(3);
    await expect(list.getByRole('heading', { level: 2 })).toHaveText(['Newest idea', 'A checklist', 'Oldest idea']);
    await expect(card(page, 'Oldest idea')).toContainText(/Updated .*(years?) ago/);
    await expect(card(page, 'A checklist').getByText('Checklist', { exact: true })).toBeVisible();
    await expect(card(page, 'Newest idea').getByText('Checklist', { exact: true })).toHaveCount(0);
    await expect(card(page, 'Newest idea').getByText('Synced')).toBeAttached();
    // Content is clamped to 3 lines.
    const preview = card(page, 'Newest idea').getByText(/line 1/);
    await expect(preview).toHaveClass(/line-clamp-3/);
    const box = await preview.boundingBox();
    const lineHeight = await preview.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
    expect(box!.height).toBeLessThanOrEqual(lineHeight * 3 + 1);
    await expect(page.getByText('3 notes')).toBeVisible();
  });

  await test.step('View opens /view/{id} and records a view; Edit opens /edit/{id}', async () => {
    const note = await seedNote(request, account, { title: 'Open me', content: 'Hello' });
    await syncNow(page);
    await openCard(page, 'Open me', 'View');
    await expect(page).toHaveURL(new RegExp(`/view/${note.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Open me' })).toBeVisible();
    const activity = JSON.parse((await localItem(page, `notes_activity:${account.userId}`)) ?? '{}') as Record<
      string,
      { view?: string; lastAction?: { type: string } }
    >;
    expect(activity[note.id]?.view).toEqual(expect.any(String));
    expect(activity[note.id]?.lastAction?.type).toBe('view');
    await page.goBack();
    await openCard(page, 'Open me', 'Edit');
    await expect(page).toHaveURL(new RegExp(`/edit/${note.id}$`));
    await expect(page.getByLabel('Title')).toHaveValue('Open me');
  });

  await test.step('Delete asks first; confirming removes the card and moves the note to the Trash on the server', async () => {
    await sidebar(page).getByRole('link', { name: 'Dashboard' }).click();
    const note = await seedNote(request, account, { title: 'Doomed', content: 'kept in the Trash' });
    await seedNote(request, account, { title: 'Survivor' });
    await syncNow(page);
    await card(page, 'Doomed').getByRole('button', { name: 'Delete Doomed' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Are you sure you want to delete this note?' });
    await expect(dialog).toHaveAccessibleDescription('“Doomed” will move to the Trash, where you can restore it.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(card(page, 'Doomed')).toBeVisible();

    await card(page, 'Doomed').getByRole('button', { name: 'Delete Doomed' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(card(page, 'Doomed')).toHaveCount(0);
    await expect(card(page, 'Survivor')).toBeVisible();
    // The card is gone; keyboard focus lands on the heading, not on the page's start.
    await expect(page.getByRole('heading', { level: 1, name: 'Your Notes' })).toBeFocused();
    // Shown at once, before the sync; the Trash spec clicks its Undo.
    await expectToast(page, 'Note deleted', 'Your note has been deleted successfully.');
    await expect
      .poll(async () => (await serverNote(request, account, note.id))?.trashed_at ?? null)
      .toEqual(expect.any(String));
    expect(await serverNote(request, account, note.id)).toMatchObject({
      deleted_at: null,
      content: 'kept in the Trash',
    });
  });
});

// The sync's code loads after the first screen is shown (its preloads dropped, build/background-imports.ts):
// a network lost just then fails the load, which must neither throw nor leave the page without sync.
test("the sync's code failing to load leaves the notes on the device, and the sync starts once online", async ({
  signedIn: page,
  account,
  request,
  consoleErrors,
}) => {
  consoleErrors.allow(/Failed to load resource: net::ERR_INTERNET_DISCONNECTED/);
  await seedNotes(request, account, [{ title: 'Waiting on the server' }]);
  const engine = '**/assets/sync-engine-*.js';
  await page.route(engine, (route) => route.abort('internetdisconnected'));
  const failed = page.waitForEvent('console', (message) => message.text().startsWith('Notes sync could not start'));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Notes' })).toBeVisible();
  await failed;
  await expect(page.getByText("You don't have any notes yet")).toBeVisible();
  await page.unroute(engine);
  await page.context().setOffline(true);
  await page.context().setOffline(false);
  await expect(card(page, 'Waiting on the server')).toBeVisible();
});

test('empty lists, then Your Checklists', async ({ signedInPage: page, account, request }) => {
  await test.step('shows the empty state, whose button makes a note and whose link opens the assistant', async () => {
    await expect(page.getByRole('heading', { level: 1, name: 'Your Notes' })).toBeVisible();
    await expect(page.getByText("You don't have any notes yet")).toBeVisible();
    await page.getByRole('button', { name: 'Create your first note' }).click();
    await expect(page).toHaveURL(/\/edit\/[0-9a-f-]+$/);
    await expect(page.getByLabel('Title', { exact: true })).toBeFocused();
    // Left without a word: no note is kept, and the empty state is back.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText("You don't have any notes yet")).toBeVisible();
    await page.getByRole('link', { name: 'Or expand an idea with Sprout' }).click();
    await expect(page).toHaveURL(/\/new$/);
  });

  await test.step("Delete asks in the app's dialog and moves the checklist to the Trash", async () => {
    const note = await seedNote(request, account, {
      title: 'Chores',
      is_checklist: true,
      checklist_items: [{ id: 'a', text: 'Dishes', completed: false }],
    });
    await sidebar(page).getByRole('link', { name: 'Checklists' }).click();
    await expect(page).toHaveURL(/\/checklists$/);
    await syncNow(page);
    await card(page, 'Chores').getByRole('button', { name: 'Delete Chores' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Are you sure you want to delete this checklist?' });
    await expect(dialog).toHaveAccessibleDescription('“Chores” will move to the Trash, where you can restore it.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(card(page, 'Chores')).toBeVisible();

    await card(page, 'Chores').getByRole('button', { name: 'Delete Chores' }).click();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(card(page, 'Chores')).toHaveCount(0);
    await expect(page.getByText('No checklists yet')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Your Checklists' })).toBeFocused();
    await expectToast(page, 'Note deleted', 'Your note has been deleted successfully.');
    await expect
      .poll(async () => (await serverNote(request, account, note.id))?.trashed_at ?? null)
      .toEqual(expect.any(String));
  });

  await test.step('lists checklist notes with progress; View opens the checklist view and Back returns', async () => {
    await expect(page.getByText('No checklists yet')).toBeVisible();
    const note = await seedNote(request, account, {
      title: 'Trip',
      is_checklist: true,
      checklist_items: [
        { id: 'a', text: 'Tickets', completed: true },
        { id: 'b', text: 'Hotel', completed: false },
        { id: 'c', text: 'Bags', completed: false },
      ],
    });
    await seedNote(request, account, { title: 'Not a checklist' });
    await syncNow(page);
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(card(page, 'Trip')).toContainText('1 of 3 done');
    await expect(card(page, 'Trip')).toContainText(/Updated less than a minute ago/);

    await openCard(page, 'Trip', 'View');
    await expect(page).toHaveURL(new RegExp(`/note/${note.id}$`));
    await expect(page.getByRole('checkbox', { name: 'Tickets' })).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByRole('button', { name: 'View Details' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to checklists' }).click();
    await expect(page).toHaveURL(/\/checklists$/);

    await openCard(page, 'Trip', 'Edit');
    await expect(page).toHaveURL(new RegExp(`/edit/${note.id}$`));
  });
});

/** The Element Timing identifiers this page has reported so far (none after 2 s). */
function presentedContent(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        new PerformanceObserver((list) =>
          resolve(list.getEntries().map((entry) => ('identifier' in entry ? String(entry.identifier) : ''))),
        ).observe({ type: 'element', buffered: true });
        setTimeout(() => resolve([]), 2000);
      }),
  );
}
