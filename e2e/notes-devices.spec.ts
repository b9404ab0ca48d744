// Two devices of one user (issue 4): concurrent offline edits of one note both survive: merged into one
// note where they touch different lines [S33], else one keeps the id and the other becomes a conflict
// copy [S7]. A deletion (a move to the Trash [S29]) on one device is never undone by the other's stale
// copy, only by an edit it never saw [S8]. notes-trash.spec.ts restores on one device what the other deleted.
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

const WEEK = ['Monday: plan the week', 'Tuesday: gym', 'Wednesday: call the bank', 'Thursday: groceries'];

test('notes edited offline on two devices: different lines merge into one note, the same line makes a copy', async ({
  page,
  newDevice,
  account,
  request,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  consoleErrors.allow(/Failed to load resource/, /ERR_INTERNET_DISCONNECTED/);
  const [note, week] = await seedNotes(request, account, [
    { title: 'Shared', content: 'original text' },
    { title: 'Week plan', content: WEEK.join('\n') },
  ]);
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
  await editNote(page, week!.id, { content: WEEK.join('\n').replace('gym', 'gym at 7') });
  await editNote(device2, week!.id, { content: WEEK.join('\n').replace('groceries', 'groceries and bread') });

  await goOnline(page);
  await expectAllSynced(page);
  await goOnline(device2);
  await expectAllSynced(device2);

  // The plan holds both edits, under its id, with no copy [S33].
  const merged = [
    'Monday: plan the week',
    'Tuesday: gym at 7',
    'Wednesday: call the bank',
    'Thursday: groceries and bread',
  ];
  await expect.poll(async () => (await serverNote(request, account, week!.id))?.content).toBe(merged.join('\n'));
  // Both texts of the one line are on the server: one under the note's id, the other in a conflict copy.
  await expect
    .poll(async () => (await serverNotes(request, account)).map((n) => n.content).sort())
    .toEqual([merged.join('\n'), 'written on device one', 'written on device two']);
  const rows = await serverNotes(request, account);
  expect(rows.map((row) => row.title).sort()).toEqual(['Shared', 'Shared (conflict copy)', 'Week plan']);
  const copy = rows.find((row) => row.title.startsWith('Shared') && row.id !== note!.id);
  expect(copy?.title).toBe('Shared (conflict copy)');
  expect((await serverNote(request, account, note!.id))?.content).toBe('written on device one');

  // Device two shows the copy, marked; device one gets it with its next sync.
  await expect(card(device2, 'Shared (conflict copy)').getByText('Conflict copy', { exact: true })).toBeVisible();
  await syncNow(page);
  await expect(card(page, 'Shared (conflict copy)').getByText('Conflict copy', { exact: true })).toBeVisible();
  await expect(card(page, 'Shared')).toBeVisible();
  for (const device of [page, device2]) {
    await expect(card(device, 'Week plan')).toContainText('Tuesday: gym at 7');
    await expect(card(device, 'Week plan (conflict copy)')).toHaveCount(0);
  }
});

test('a note deleted on one device stays in the Trash on the other, even after it syncs a stale copy; an edit brings it back', async ({
  page,
  newDevice,
  account,
  request,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  consoleErrors.allow(/Failed to load resource/, /ERR_INTERNET_DISCONNECTED/);
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

  // The untouched note stays in the Trash as it was deleted; the one edited offline comes back with the
  // edit, since its deletion never saw it [S8] [S33]: no copy.
  await expect(card(device2, 'Gone everywhere')).toHaveCount(0);
  await expect(card(device2, 'Edited while deleted')).toContainText('v2 from the offline device');
  await expect(card(device2, 'Edited while deleted (conflict copy)')).toHaveCount(0);
  expect(await serverNote(request, account, untouched!.id)).toMatchObject({
    trashed_at: expect.any(String),
    deleted_at: null,
  });
  // As above, the waiting count may not show yet right after the save: the server is the one to ask.
  await expect
    .poll(() => serverNote(request, account, edited!.id), { timeout: 15_000 })
    .toMatchObject({ trashed_at: null, deleted_at: null, content: 'v2 from the offline device' });
  expect((await serverNotes(request, account)).map((n) => [n.title, n.content])).toEqual([
    ['Edited while deleted', 'v2 from the offline device'],
  ]);

  // A reload of device two brings nothing else back; device one gets the edited note back with its sync.
  await device2.reload();
  await expect(device2.getByRole('list', { name: 'Notes' }).getByRole('article')).toHaveCount(1);
  await syncNow(page);
  await expect(page.getByRole('list', { name: 'Notes' }).getByRole('article')).toHaveCount(1);
  await expect(card(page, 'Edited while deleted')).toContainText('v2 from the offline device');
});
