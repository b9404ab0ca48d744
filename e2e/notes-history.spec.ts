// A note's History (issue 32, "History") against the real server: a change made on another device keeps
// the version it replaced, which the panel lists with the device and shows beside the note, the changed
// lines marked; Restore this version brings it back here and on the server, and the toast's Undo puts the
// newer text back; restoring waits while the Edit screen has unsaved changes; offline the panel says it
// needs a connection; Delete history empties it. Axe scans of the open panel in both themes, at desktop
// and mobile widths.
import { authHeaders } from './support/accounts';
import { DESKTOP, checkAtEachViewport, checkInBothThemes, resizeTo, shoot } from './support/a11y';
import { test, expect } from './support/fixtures';
import { goOfflineWhenIdle, goOnline } from './support/network';
import { card, editNote, openCard, seedNote, serverNote } from './support/notes';
import { gotoAs } from './support/session';
import { dismissToasts, expectToast, toastRegion } from './support/toasts';
import { fillEditor } from './support/editor';

const V1 = ['Dig the beds', 'Sow the peas', 'Water daily'].join('\n');
const V2 = ['Dig the beds', 'Sow the beans', 'Water daily'].join('\n');
const V3 = ['Dig the beds', 'Sow the beans', 'Water every morning'].join('\n');

// The sheet itself: the page behind it is hidden from assistive technology while it is open.
const PANEL = '[data-slot="sheet-content"]';

test('History lists another device’s change, compares it, restores it with Undo, says when offline, and deletes', async ({
  signedIn: page,
  newDevice,
  account,
  request,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  consoleErrors.allow(/Failed to load resource/);
  const note = await seedNote(request, account, { title: 'Garden plan', content: V1 });
  const contentOnServer = async () => (await serverNote(request, account, note.id))?.content;

  // Another device (a session of its own) changes the note: the server keeps V1 as a version.
  const other = await newDevice({ account, signIn: 'form' });
  await expect(card(other, 'Garden plan')).toBeVisible();
  await editNote(other, note.id, { content: V2 });
  await expect.poll(contentOnServer).toBe(V2);

  const idea = page.getByRole('region', { name: 'Original Idea' });
  const historyButton = page.getByRole('button', { name: 'History' });
  const panel = page.getByRole('dialog', { name: 'History' });
  const entries = panel.getByRole('list', { name: 'Versions' }).getByRole('listitem');

  await test.step('on Edit with unsaved changes, History shows the versions but restoring waits', async () => {
    await gotoAs(page, `/note/${note.id}`);
    await expect(idea).toContainText('Sow the beans');
    await page.getByRole('link', { name: 'Edit' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Note' })).toBeVisible();
    await fillEditor(page.getByRole('textbox', { name: 'Note', exact: true }), V3);
    await historyButton.click();
    await expect(entries).toHaveCount(1);
    await expect(panel.getByText('Save or cancel your changes before restoring a version.')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Restore this version' })).toBeDisabled();
    await shoot(page, 'notes-history-unsaved-desktop');
    await panel.getByRole('button', { name: 'Close' }).click();
    await expect(panel).toHaveCount(0);
    await expect(historyButton).toBeFocused();
    // This device's change replaces the other device's: the server keeps V2, written there.
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(contentOnServer).toBe(V3);
  });

  await test.step('the other device’s version is listed first and shown beside the note, changed lines marked', async () => {
    await openCard(page, 'Garden plan', 'View');
    await dismissToasts(page);
    await historyButton.click();
    await expect(entries).toHaveCount(2);
    // Named after the browser and system of the device that wrote it (Playwright's desktop Chrome).
    await expect(entries.first()).toContainText(/^Edited on Chrome on \w+, less than a minute ago$/);
    const shown = panel.getByRole('region', { name: /^Edited on Chrome on / });
    const version = shown.getByRole('region', { name: 'This version' }).getByRole('listitem');
    const now = shown.getByRole('region', { name: 'Current note' }).getByRole('listitem');
    const common = ['Title: Garden plan', '', 'Original idea:', 'Dig the beds', 'Sow the beans'];
    await expect(version).toHaveText([...common, 'Differs: Water daily']);
    await expect(now).toHaveText([...common, 'Differs: Water every morning']);
    await expect(entries.first().getByRole('button')).toHaveAttribute('aria-current', 'true');

    await checkAtEachViewport(page, 'notes-history', { include: PANEL, what: 'the History panel' });
    // Mobile: the list, then one version in its place, with the way back to the list.
    await entries.first().getByRole('button').click();
    const back = panel.getByRole('button', { name: 'All versions' });
    await expect(panel.getByRole('heading', { name: /^Edited on Chrome on / })).toBeFocused();
    await checkInBothThemes(page, (theme) => `notes-history-version-mobile-${theme}`, {
      include: PANEL,
      what: 'a version on a phone',
    });
    await back.click();
    await expect(entries.first().getByRole('button')).toBeFocused();
    await resizeTo(page, DESKTOP);
  });

  await test.step('offline, the open panel says History needs a connection; back online, it lists again', async () => {
    // The sidebar that goOffline reads is hidden from assistive technology behind the panel.
    await goOfflineWhenIdle(page);
    await expect(panel.getByText('History needs a connection. Your notes keep working offline.')).toBeVisible();
    await expect(entries).toHaveCount(0);
    await expect(panel.getByRole('button', { name: 'Delete history' })).toHaveCount(0);
    await shoot(page, 'notes-history-offline-desktop');
    await panel.getByRole('button', { name: 'Close' }).click();
    await goOnline(page);
    await historyButton.click();
    await expect(entries).toHaveCount(2);
  });

  await test.step('Restore this version brings V2 back here and on the server; Undo puts V3 back', async () => {
    await panel.getByRole('button', { name: 'Restore this version' }).click();
    await expect(panel).toHaveCount(0);
    await expectToast(page, 'Version restored', /^The note is back to how it was /);
    await expect(idea).toContainText('Water daily');
    await expect.poll(contentOnServer).toBe(V2);

    await toastRegion(page)
      .getByRole('listitem')
      .filter({ hasText: 'Version restored' })
      .getByRole('button', { name: 'Undo' })
      .click();
    await expectToast(page, 'Restore undone', 'The note is back to how it was before.');
    await expect(idea).toContainText('Water every morning');
    await expect.poll(contentOnServer).toBe(V3);
  });

  await test.step('Delete history asks, then every version goes', async () => {
    await historyButton.click();
    // The restore and its Undo each kept the text they replaced.
    await expect(entries).toHaveCount(4);
    await expect(entries.nth(0)).toContainText('Before restoring an earlier version');
    await panel.getByRole('button', { name: 'Delete history' }).click();
    const question = page.getByRole('alertdialog', { name: 'Delete the history of this note?' });
    await expect(question).toHaveAccessibleDescription(
      'Every earlier version of “Garden plan” will be deleted for good. The note itself stays as it is.',
    );
    await shoot(page, 'notes-history-delete-question-desktop');
    await question.getByRole('button', { name: 'Delete history' }).click();
    await expect(panel.getByText('No earlier versions yet.')).toBeVisible();
    await shoot(page, 'notes-history-empty-desktop');
    const response = await request.get(`${account.origin}/api/notes/${note.id}/history`, {
      headers: authHeaders(account),
    });
    expect(await response.json()).toEqual({ versions: [], next: null });
    // The note itself stays as it was.
    await panel.getByRole('button', { name: 'Close' }).click();
    await expect(idea).toContainText('Water every morning');
  });
});
