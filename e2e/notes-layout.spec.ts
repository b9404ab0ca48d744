// The notes in the shared layout (spec section 2): Recent Ideas, and Sign out, which never drops
// unsynced changes without asking and clears this device's notes afterwards (ARCHITECTURE 4, 9.1).
// One device signs in, out and in again, each sign-out starting where the last sign-in left it.
import { localItem, localNoteCount } from './support/device';
import { test, expect } from './support/fixtures';
import { sidebar } from './support/layout';
import { goOffline, waitForServiceWorker } from './support/network';
import { card, expectAllSynced, openCard, PLAN, seedNotes } from './support/notes';
import { signIn, signInHere } from './support/session';

// The last step goes offline and changes routes, which needs the service worker.
test.use({ serviceWorkers: 'allow' });

test('Recent Ideas, and signing out with and without unsynced changes', async ({
  page,
  account,
  request,
  consoleErrors,
}) => {
  const seeded = await seedNotes(request, account, [
    { title: 'Not expanded', content: 'plain' },
    ...Array.from({ length: 12 }, (_, i) => ({ title: `Idea ${i + 1}`, expanded_content: PLAN })),
  ]);
  const [plain] = seeded;

  await test.step('Recent Ideas lists up to 10 expanded notes, newest first, and opens /note/{id}', async () => {
    await signIn(page, account);
    const recent = sidebar(page).getByRole('region', { name: 'Recent Ideas list' });
    await expect(recent.getByRole('link')).toHaveCount(10);
    await expect(recent.getByRole('link')).toHaveText(Array.from({ length: 10 }, (_, i) => `Idea ${i + 1}`));
    await recent.getByRole('link', { name: 'Idea 3' }).click();
    await expect(page).toHaveURL(new RegExp(`/note/${seeded[3]!.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Idea 3' })).toBeVisible();
  });

  await test.step('signing out with everything synced does not ask, and clears this device', async () => {
    await expectAllSynced(page);
    expect(await localNoteCount(page, account.userId)).toBe(seeded.length);
    await sidebar(page).getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect.poll(() => localNoteCount(page, account.userId)).toBe(0);

    // Signing in again brings the notes back from the server.
    await signInHere(page, account);
    await expect(card(page, 'Not expanded')).toBeVisible();
  });

  await test.step('signing out with unsynced changes asks first; keeping the session keeps everything', async () => {
    consoleErrors.allow(/Failed to load resource/, /ERR_INTERNET_DISCONNECTED/);
    await waitForServiceWorker(page);
    await goOffline(page);
    await openCard(page, 'Not expanded', 'Edit');
    await expect(page).toHaveURL(new RegExp(`/edit/${plain!.id}$`));
    await page.getByLabel('Title').fill('Changed offline');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(sidebar(page).getByText('1 change waiting')).toBeVisible();

    await sidebar(page).getByRole('button', { name: 'Sign out' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Sign out with unsynced changes?' });
    await expect(dialog).toContainText("1 change hasn't reached the cloud yet. Sign out anyway and lose it?");
    await dialog.getByRole('button', { name: 'Keep me signed in' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/$/);
    await expect(card(page, 'Changed offline')).toBeVisible();
    expect(await localNoteCount(page, account.userId)).toBe(seeded.length);

    await sidebar(page).getByRole('button', { name: 'Sign out' }).click();
    await dialog.getByRole('button', { name: 'Sign out anyway' }).click();
    await expect(page).toHaveURL(/\/login$/);
    // The guard shows /login as soon as the session is gone; the device is cleared right after.
    await expect.poll(() => localNoteCount(page, account.userId)).toBe(0);
    expect(await localItem(page, `notes_activity:${account.userId}`)).toBeNull();
  });
});
