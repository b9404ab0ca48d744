// Two devices of one user (issue 4): concurrent offline edits of one note both survive (one keeps the
// id, the other becomes a conflict copy), and a deletion (a move to the Trash [S29]) on one device is
// never undone by the other. notes-trash.spec.ts restores on one device what the other deleted.
import { test, expect } from './support/fixtures';
import { goOffline, goOnline, waitForServiceWorker } from './support/network';
import {
  card,
  deleteFromCard,
  editNote,
  expectAllSynced,
  seedNotes,
  serverNote,
  serverNotes,
  syncNow,
} from './support/notes';
import { signIn } from './support/session';

// These go offline and reload or change routes, which needs the service worker.
test.use({ serviceWorkers: 'allow' });

test('the same note edited offline on two devices keeps both versions', async ({
  page,
  newDevice,
  account,
  request,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  consoleErrors.allow(/Failed to load resource/, /ERR_INTERNET_DISCONNECTED/, /status of 409/);
  const [note] = await seedNotes(request, account, [{ title: 'Shared', content: 'original text' }]);
  await signIn(page, account);
  await waitForServiceWorker(page);
  const device2 = await newDevice({ account, signIn: 'form' });
  await waitForServiceWorker(device2);
  await expect(card(device2, 'Shared')).toBeVisible();
  await expect(card(page, 'Shared')).toBeVisible();

  await goOffline(page);
  await goOffline(device2);
  await editNote(page, note!.id, { content: 'written on device one' });
  await editNote(device2, note!.id, { content: 'written on device two' });

  await goOnline(page);
  await expectAllSynced(page);
  await goOnline(device2);
  await expectAllSynced(device2);

  // Both texts are on the server: one under the note's id, the other in a conflict copy.
  await expect
    .poll(async () => (await serverNotes(request, account)).map((n) => n.content).sort())
    .toEqual(['written on device one', 'written on device two']);
  const rows = await serverNotes(request, account);
  const copy = rows.find((row) => row.id !== note!.id);
  expect(copy?.title).toBe('Shared (conflict copy)');
  expect((await serverNote(request, account, note!.id))?.content).toBe('written on device one');

  // Device two shows the copy, marked; device one gets it with its next sync.
  await expect(card(device2, 'Shared (conflict copy)').getByText('Conflict copy', { exact: true })).toBeVisible();
  await syncNow(page);
  await expect(card(page, 'Shared (conflict copy)').getByText('Conflict copy', { exact: true })).toBeVisible();
  await expect(card(page, 'Shared')).toBeVisible();
});

test('a note deleted on one device stays in the Trash on the other, even after it syncs a stale copy', async ({
  page,
  newDevice,
  account,
  request,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  consoleErrors.allow(/Failed to load resource/, /ERR_INTERNET_DISCONNECTED/, /status of 409/);
  const [untouched, edited] = await seedNotes(request, account, [
    { title: 'Gone everywhere' },
    { title: 'Edited while deleted', content: 'v1' },
  ]);
  await signIn(page, account);
  await waitForServiceWorker(page);
  const device2 = await newDevice({ account, signIn: 'form' });
  await waitForServiceWorker(device2);
  await expect(card(device2, 'Gone everywhere')).toBeVisible();

  await goOffline(device2);
  for (const title of ['Gone everywhere', 'Edited while deleted']) await deleteFromCard(page, title);
  await expectAllSynced(page);
  // The count of waiting changes may not show yet right after the clicks: the server is the one to ask.
  for (const note of [untouched, edited])
    await expect
      .poll(async () => (await serverNote(request, account, note!.id))?.trashed_at ?? null, { timeout: 15_000 })
      .toEqual(expect.any(String));

  // Device two still has both, and edits one of them offline.
  await expect(card(device2, 'Gone everywhere')).toBeVisible();
  await editNote(device2, edited!.id, { content: 'v2 from the offline device' });
  await goOnline(device2);
  await expectAllSynced(device2);

  // The deleted ids stay in the Trash as they were deleted; the offline edit survives as a new note [S29].
  await expect(card(device2, 'Gone everywhere')).toHaveCount(0);
  await expect(card(device2, 'Edited while deleted')).toHaveCount(0);
  await expect(card(device2, 'Edited while deleted (conflict copy)')).toBeVisible();
  expect(await serverNote(request, account, untouched!.id)).toMatchObject({
    trashed_at: expect.any(String),
    deleted_at: null,
  });
  expect(await serverNote(request, account, edited!.id)).toMatchObject({
    trashed_at: expect.any(String),
    deleted_at: null,
    content: 'v1',
  });
  expect((await serverNotes(request, account)).map((n) => [n.title, n.content])).toEqual([
    ['Edited while deleted (conflict copy)', 'v2 from the offline device'],
  ]);

  // A reload of device two brings nothing back.
  await device2.reload();
  await expect(device2.getByRole('list', { name: 'Notes' }).getByRole('article')).toHaveCount(1);
  await syncNow(page);
  await expect(page.getByRole('list', { name: 'Notes' }).getByRole('article')).toHaveCount(1);
});
