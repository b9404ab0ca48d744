// 'Find action items' (issue 35, item 5): from a note's More menu the assistant proposes the note's steps,
// the dated one with its date filled in; the user edits one, removes one and adds the rest to the note's
// checklist, which reaches the server with the date. A provider error shows the catalogue's message and
// Retry asks again. A note kept out of the assistant is not offered the action; offline it waits.
import { expectNoSeriousViolations, checkAtEachViewport, DESKTOP, resizeTo, shoot } from './support/a11y';
import { fakeRequestsFor, scriptFake, storeAiKey, uniqueTag } from './support/ai';
import { test, expect } from './support/fixtures';
import { goOffline, goOnline } from './support/network';
import { seedNote, serverNote } from './support/notes';
import { gotoAs } from './support/session';
import { dismissToasts, expectToast } from './support/toasts';

/** The day `days` after `day` (both YYYY-MM-DD). */
function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** The fake provider's 'next Friday': the first Friday after `today`. */
function nextFriday(today: string): string {
  const weekday = new Date(`${today}T00:00:00.000Z`).getUTCDay();
  return addDays(today, (5 - weekday + 7) % 7 || 7);
}

test("Find action items: proposed with dates, edited, added to the note's checklist; errors retry; not for a kept-out note", async ({
  signedIn: page,
  account,
  request,
}) => {
  test.setTimeout(90_000);
  await storeAiKey(request, account);
  const tag = uniqueTag('party');
  const title = `Party ${tag}`;
  const note = await seedNote(request, account, {
    title,
    content: 'Book the venue by next Friday and send invitations. Order the cake.',
  });
  const diary = await seedNote(request, account, { title: 'Diary', content: 'Call the bank', ai_excluded: true });
  const dialog = page.getByRole('dialog', { name: 'Action items' });
  const openFinder = async () => {
    // A toast of the step before sits over the top bar at phone width: closed, as a user would, not waited out.
    await dismissToasts(page);
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Find action items' }).click();
    await expect(dialog).toBeVisible();
  };

  await gotoAs(page, `/view/${note.id}`);
  // The user's day, as the app counts it in the browser's zone.
  const today = await page.evaluate(() => {
    const now = new Date();
    return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  });
  const friday = nextFriday(today);

  await test.step('the proposal streams in and its steps are offered, the dated one with its date', async () => {
    await openFinder();
    await expect(dialog.getByLabel('Step 1', { exact: true })).toHaveValue('Book the venue');
    await expect(dialog.getByLabel('Due date of step 1')).toHaveValue(friday);
    await expect(dialog.getByLabel('Step 2', { exact: true })).toHaveValue('Send invitations');
    await expect(dialog.getByLabel('Due date of step 2')).toHaveValue('');
    await expect(dialog.getByLabel('Step 3', { exact: true })).toHaveValue('Order the cake');
    await expect(dialog.getByRole('button', { name: 'Add 3 to checklist' })).toBeEnabled();
    // The prompt was counted from the user's day, and carried the note.
    const [sent] = await fakeRequestsFor(request, tag);
    expect(sent?.flavour).toBe('action-items');
    expect(JSON.stringify(sent?.body)).toContain(`Today's date is ${today}`);
    await checkAtEachViewport(page, 'action-items-proposal', { include: '[role="dialog"]' });
  });

  await test.step('at 390 px, one step edited and dated, one removed: the rest reach the checklist with their dates', async () => {
    // checkAtEachViewport ended at the phone's width: the rest of the flow runs there.
    await dialog.getByLabel('Step 2', { exact: true }).fill('Send the invitations');
    await dialog.getByLabel('Due date of step 2').fill(addDays(friday, 7));
    await dialog.getByRole('button', { name: 'Clear the date of step 2' }).click();
    await expect(dialog.getByLabel('Due date of step 2')).toHaveValue('');
    await dialog.getByLabel('Due date of step 2').fill(addDays(friday, 7));
    await dialog.getByRole('button', { name: 'Remove step 3' }).click();
    await expect(dialog.getByLabel('Step 3', { exact: true })).toHaveCount(0);
    await shoot(page, 'action-items-edited-mobile-light');
    await dialog.getByRole('button', { name: 'Add 2 to checklist' }).click();
    await expect(dialog).toHaveCount(0);
    await expectToast(page, 'Added to the checklist', `2 steps added to “${title}”.`);
    await shoot(page, 'action-items-added-mobile-light');
    await expect
      .poll(async () => {
        const row = await serverNote(request, account, note.id);
        return { checklist: row?.is_checklist, items: row?.checklist_items?.map(({ id: _id, ...item }) => item) };
      })
      .toEqual({
        checklist: true,
        items: [
          { text: 'Book the venue', completed: false, due: friday },
          { text: 'Send the invitations', completed: false, due: addDays(friday, 7) },
        ],
      });
  });

  await test.step("a provider error says the catalogue's message; Retry asks again", async () => {
    await scriptFake(request, { kind: 'error', status: 429, retryAfter: 1, match: tag });
    await openFinder();
    const alert = dialog.getByRole('alert');
    await expect(alert).toContainText('Sorry, I encountered an error: Rate limit exceeded. Please try again later.');
    await shoot(page, 'action-items-error-mobile-light');
    await expectNoSeriousViolations(page, { include: '[role="dialog"]' });
    await dialog.getByRole('button', { name: 'Retry' }).click();
    await expect(dialog.getByLabel('Step 1', { exact: true })).toHaveValue('Book the venue');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    // Focus is back on the menu's button.
    await expect(page.getByRole('button', { name: 'More actions' }).filter({ visible: true })).toBeFocused();
  });

  await test.step('offline the action waits for a connection; a kept-out note is not offered it', async () => {
    await resizeTo(page, DESKTOP);
    await goOffline(page);
    await page.getByRole('button', { name: 'More actions' }).click();
    const item = page.getByRole('menuitem', { name: /^Find action items/ });
    await expect(item).toHaveAttribute('aria-disabled', 'true');
    await expect(item).toContainText('Needs a connection');
    await page.keyboard.press('Escape');
    await goOnline(page);
    await page.goto(`/view/${diary.id}`);
    await page.getByRole('button', { name: 'More actions' }).click();
    await expect(page.getByRole('menuitemcheckbox', { name: 'Keep out of the assistant' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expect(page.getByRole('menuitem', { name: /Find action items/ })).toHaveCount(0);
  });
});
