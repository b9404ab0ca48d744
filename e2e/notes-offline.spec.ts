// Offline (spec section 4, notes offline model; issue 4): edits, checklist changes and deletions (moves
// to the Trash) made with the network off wait on the device, survive a full reload served by the service
// worker, and reach the server once the browser is back online.
import { expectNoSeriousViolations, shoot } from './support/a11y';
import { test, expect } from './support/fixtures';
import { sidebar } from './support/layout';
import { goOffline, goOnline, waitForServiceWorker } from './support/network';
import { card, editNote, expectAllSynced, seedNotes, serverNote, syncNow } from './support/notes';
import { signIn } from './support/session';
import { expectToast, toastRegion } from './support/toasts';

// These go offline and reload or change routes, which needs the service worker.
test.use({ serviceWorkers: 'allow' });

test('changes made offline wait on the device, survive an offline reload and reach the server once online', async ({
  page,
  account,
  request,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  // Requests the browser cannot make while offline are logged by Chromium.
  consoleErrors.allow(/Failed to load resource/, /ERR_INTERNET_DISCONNECTED/);
  const [edited, deleted, checklist] = await seedNotes(request, account, [
    { title: 'Edit me offline', content: 'before' },
    { title: 'Delete me offline' },
    { title: 'Packing', is_checklist: true, checklist_items: [{ id: 'p1', text: 'Passport', completed: false }] },
  ]);
  await signIn(page, account);
  await expect(page.getByRole('list', { name: 'Notes' }).getByRole('article')).toHaveCount(3);
  await waitForServiceWorker(page);
  await expect(card(page, 'Edit me offline')).toBeVisible();

  await goOffline(page);
  await expect(sidebar(page).getByRole('button', { name: 'Sync' })).toHaveCount(0);

  // An edit.
  await editNote(page, edited!.id, { title: 'Edited offline', content: 'after' });
  await expectToast(page, 'Success', 'Your note has been updated.');
  await expect(card(page, 'Edited offline').getByText('Saved on this device')).toBeVisible();
  await expect(sidebar(page).getByText('1 change waiting')).toBeVisible();
  await shoot(page, 'notes-dashboard-offline-desktop-light');
  await expectNoSeriousViolations(page, { include: 'main' });

  // A deletion.
  await card(page, 'Delete me offline').getByRole('button', { name: 'Delete Delete me offline' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(card(page, 'Delete me offline')).toHaveCount(0);
  await expectToast(
    page,
    'Offline deletion',
    "The note was deleted locally and will be removed from the cloud when you're online.",
  );
  await expect(sidebar(page).getByText('2 changes waiting')).toBeVisible();

  // A checklist item checked off in the view (a checklist without text opens on its items).
  await page.goto(`/view/${checklist!.id}`);
  await page.getByRole('checkbox', { name: 'Passport' }).click();
  await expect(page.getByText('1 of 1 done')).toBeVisible();
  await expect(sidebar(page).getByText('3 changes waiting')).toBeVisible();

  // A full reload with the network off: the service worker serves the app, IndexedDB the notes.
  await page.goto('/');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Your Notes' })).toBeVisible();
  await expect(sidebar(page).getByText('Offline', { exact: true })).toBeVisible();
  await expect(card(page, 'Edited offline').getByText('Saved on this device')).toBeVisible();
  await expect(card(page, 'Delete me offline')).toHaveCount(0);
  await expect(sidebar(page).getByText('3 changes waiting')).toBeVisible();
  // Deep links load offline too.
  await page.goto(`/edit/${edited!.id}`);
  await expect(page.getByLabel('Title')).toHaveValue('Edited offline');
  await page.goto(`/note/${checklist!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Packing' })).toBeVisible();
  await page.goto('/checklists');
  await expect(card(page, 'Packing')).toContainText('1 of 1 done');
  // Every other screen's code was cached by the first visit too.
  for (const [path, heading] of [
    ['/settings', 'Settings'],
    ['/profile', 'Profile Settings'],
    ['/new', 'New Idea'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }

  // Nothing reached the server yet.
  expect((await serverNote(request, account, edited!.id))?.title).toBe('Edit me offline');
  expect((await serverNote(request, account, deleted!.id))?.trashed_at).toBeNull();

  await goOnline(page);
  await expectAllSynced(page);
  await expect.poll(async () => (await serverNote(request, account, edited!.id))?.title).toBe('Edited offline');
  expect((await serverNote(request, account, edited!.id))?.content).toBe('after');
  // The deletion moved it to the Trash [S29].
  expect((await serverNote(request, account, deleted!.id))?.trashed_at).toEqual(expect.any(String));
  expect((await serverNote(request, account, checklist!.id))?.checklist_items).toEqual([
    { id: 'p1', text: 'Passport', completed: true },
  ]);
  await page.goto('/');
  await expect(card(page, 'Edited offline').getByText('Synced')).toBeAttached();
});

test('the Sync button pushes waiting changes and says how many', async ({
  signedInPage: page,
  account,
  request,
  consoleErrors,
}) => {
  consoleErrors.allow(/Failed to load resource/);
  const [note] = await seedNotes(request, account, [{ title: 'Sync me' }]);
  await syncNow(page);
  await expectToast(page, 'Everything is up to date', 'There was nothing to send to the cloud.');
  await expect(card(page, 'Sync me')).toBeVisible();

  // The server cannot be reached for a while: the change waits although the browser is online.
  await page.route('**/rest/v1/notes**', (route) => route.abort('connectionrefused'));
  await editNote(page, note!.id, { title: 'Synced by hand' });
  await expect(card(page, 'Synced by hand').getByText('Waiting to sync')).toBeVisible();
  await expect(sidebar(page).getByText('1 change waiting')).toBeVisible();
  await syncNow(page);
  await expectToast(page, 'Error syncing notes', 'Please check your connection and try again.');

  await page.unroute('**/rest/v1/notes**');
  // The first click's toast has closed by itself (5 s), so the toast below is this click's.
  await expect(toastRegion(page).getByText('Everything is up to date')).toHaveCount(0);
  await syncNow(page);
  // "1 note", or nothing left to send when the engine's own retry (its back-off after the failures) got
  // there just before the click: both are true answers to the click.
  const toast = toastRegion(page)
    .getByRole('listitem')
    .filter({ hasText: /Notes synced|Everything is up to date/ });
  await expect(toast).toContainText(
    /Successfully synced 1 notes to the cloud\.|There was nothing to send to the cloud\./,
  );
  await expectAllSynced(page);
  expect((await serverNote(request, account, note!.id))?.title).toBe('Synced by hand');
});

test('a change the server refuses shows the error on its card and in the count, and goes once edited again', async ({
  signedInPage: page,
  account,
  request,
  consoleErrors,
}) => {
  consoleErrors.allow(/Failed to load resource: the server responded with a status of 400/);
  const [note] = await seedNotes(request, account, [{ title: 'Refused' }]);
  await syncNow(page);
  await expect(card(page, 'Refused')).toBeVisible();

  // The server refuses writes of this note for good (a 4xx about the data, not the connection).
  await page.route('**/rest/v1/notes?**', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({ code: '22023', message: 'The note is too long', details: null, hint: null }),
        })
      : route.fallback(),
  );
  await editNote(page, note!.id, { title: 'Refused again' });
  const refused = card(page, 'Refused again');
  await expect(refused.getByText(/Sync error/)).toBeVisible();
  await expect(refused).toContainText('The note is too long');
  await expect(sidebar(page).getByText('1 change waiting')).toBeVisible();
  await shoot(page, 'notes-dashboard-sync-error-desktop-light');
  await expectNoSeriousViolations(page, { include: 'main' });

  await page.unroute('**/rest/v1/notes?**');
  await editNote(page, note!.id, { title: 'Accepted' });
  await expectAllSynced(page);
  await expect(card(page, 'Accepted').getByText(/Sync error/)).toHaveCount(0);
  expect((await serverNote(request, account, note!.id))?.title).toBe('Accepted');
});
