// Dates on checklist items, the Today screen and the open app's reminders (issue 35): a date set from the
// item's date dialog with the keyboard; a typed 'by next Friday' offered, dated only on the user's click;
// Today listing overdue items first, offline too, its ticks syncing once back online; a reminder a minute
// ahead shown at its time (its system notification tagged as the push message is), and Today moving its
// items on at midnight in an app left open (the page's clock).
// Every date is the London day of the test's real today.
import fs from 'node:fs';
import { findDatePhrase } from '#core/date-phrases';
import { addDays, dayInZone, instantOf } from '#core/zoned-time';
import { DESKTOP, MOBILE, expectNoSeriousViolations, resizeTo, shoot, switchTheme } from './support/a11y';
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { sidebar } from './support/layout';
import { waitForSyncIdle } from './support/network';
import { seedNote, seedNotes, serverNote, waitForServerNote } from './support/notes';
import { scriptFake, storeAiKey, uniqueTag } from './support/ai';
import { DEFAULT_PLAN_REPLY, DEFAULT_QUESTION_REPLY } from '../test/kit/fake-ai-provider-replies';
import { gotoAs } from './support/session';
import { toastRegion } from './support/toasts';

const ZONE = 'Europe/London';
// The browser's own date field takes its order from the browser's language (month first here), not the page's.
test.use({ timezoneId: ZONE });

const today = () => dayInZone(new Date(), ZONE);

/**
 * Presses Tab until `target` has focus: the browser's date and time fields take a Tab for their picker
 * button too.
 */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let tries = 0; tries < 3 && !(await target.evaluate((element) => element === document.activeElement)); tries++)
    await page.keyboard.press('Tab');
  await expect(target).toBeFocused();
}

/** The accessible names of what `list` finds, in order (the checkboxes' and articles' aria-labels). */
async function expectNames(list: Locator, names: string[]): Promise<void> {
  await expect
    .poll(() => list.evaluateAll((found) => found.map((element) => element.getAttribute('aria-label'))))
    .toEqual(names);
}
const item = (id: string, text: string, due?: string, extra: Record<string, unknown> = {}) => ({
  id,
  text,
  completed: false,
  ...(due ? { due } : {}),
  ...extra,
});

test('an item gets a date from its dialog by keyboard, and a typed date only when the user says so', async ({
  signedIn: page,
  account,
  request,
}) => {
  const note = await seedNote(request, account, {
    title: 'Venue',
    is_checklist: true,
    checklist_items: [item('v1', 'Book the venue')],
  });
  await gotoAs(page, `/note/${note.id}`);

  // The date button, the date and time typed, a weekly repeat, saved with Enter.
  const day = addDays(today(), 3);
  const [year, month, date] = day.split('-');
  await page.getByRole('button', { name: 'Set a due date for Book the venue' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Due date' });
  const dateField = dialog.getByLabel('Date', { exact: true });
  await expect(dateField).toBeFocused();
  await page.keyboard.type(`${month}${date}${year}`);
  await expect(dateField).toHaveValue(day);
  await expect(dialog.getByRole('switch', { name: 'Remind me' })).toBeDisabled();
  const timeField = dialog.getByLabel(/^Time/);
  await tabTo(page, timeField);
  // The field's own AM/PM in this browser's language: A for AM.
  await page.keyboard.type('0930A');
  await expect(timeField).toHaveValue('09:30');
  await tabTo(page, dialog.getByLabel('Repeat'));
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(dialog.getByLabel('Repeat')).toHaveValue('weekly');
  const remind = dialog.getByRole('switch', { name: 'Remind me' });
  await tabTo(page, remind);
  await page.keyboard.press('Space');
  await expect(remind).toBeChecked();
  await shoot(page, 'today-date-dialog-desktop-light');
  await expectNoSeriousViolations(page, { include: '[role="dialog"]' });
  await resizeTo(page, MOBILE);
  await shoot(page, 'today-date-dialog-mobile-light');
  await resizeTo(page, DESKTOP);
  await tabTo(page, dialog.getByRole('button', { name: 'Save' }));
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();

  const due = instantOf(day, '09:30', ZONE).toISOString();
  const chip = page.getByRole('button', { name: /: change the due date of Book the venue$/ });
  await expect(chip).toBeFocused();
  await expect(chip).toContainText(/^\w{3} 09:30$/);
  await expect(chip).toHaveAttribute('title', /, repeats weekly, reminder on$/);
  await expect
    .poll(async () => (await serverNote(request, account, note.id))?.checklist_items)
    .toEqual([item('v1', 'Book the venue', due, { repeat: 'weekly', remind: true })]);

  // 'Add to calendar' on the dated step: a one-event .ics for the device's calendar app, made offline.
  await chip.click();
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Add to calendar' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('sprout-book-the-venue.ics');
  const ics = fs.readFileSync(await file.path(), 'utf8').replace(/\r\n /g, '');
  expect(ics).toContain('SUMMARY:Book the venue');
  // A weekly step at 09:30 stays at 09:30 on the device's clock: written in its zone, with the zone's rules.
  expect(ics).toContain(`DTSTART;TZID=${ZONE}:${day.replace(/-/g, '')}T093000\r\n`);
  expect(ics).toContain(`BEGIN:VTIMEZONE\r\nTZID:${ZONE}\r\n`);
  expect(ics).toContain('RRULE:FREQ=WEEKLY');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // A typed date is offered, not taken.
  const typed = 'Call the caterer by next Friday';
  const expected = findDatePhrase(typed, new Date(), ZONE, { dayFirst: false });
  expect(expected).toMatchObject({ textWithout: 'Call the caterer' });
  await page.getByLabel('New checklist item').fill(typed);
  await page.getByLabel('New checklist item').press('Enter');
  const offer = page.getByRole('group', { name: /^Set due \w{3} \d+ \w{3}\?/ });
  await expect(offer).toBeVisible();
  await shoot(page, 'today-date-offer-desktop-light');
  await resizeTo(page, MOBILE);
  await shoot(page, 'today-date-offer-mobile-light');
  await resizeTo(page, DESKTOP);
  await expect(page.getByRole('button', { name: `Set a due date for ${typed}` })).toBeVisible();
  await expect
    .poll(async () => (await serverNote(request, account, note.id))?.checklist_items?.[1])
    .toMatchObject({ text: typed, completed: false });
  expect((await serverNote(request, account, note.id))?.checklist_items?.[1]).not.toHaveProperty('due');
  await offer.getByRole('button', { name: 'Set date' }).click();
  await expect(offer).toBeHidden();
  await expect(page.getByRole('checkbox', { name: 'Call the caterer', exact: true })).toBeVisible();
  await expect
    .poll(async () => (await serverNote(request, account, note.id))?.checklist_items?.[1])
    .toMatchObject({ text: 'Call the caterer', due: expected!.due });
});

test('Today lists overdue items first by note, works offline, and its ticks sync once online', async ({
  signedIn: page,
  account,
  request,
  consoleErrors,
}) => {
  consoleErrors.allow(/Failed to load resource/);
  const day = today();
  const [work, garden] = await seedNotes(request, account, [
    {
      title: 'Work',
      is_checklist: true,
      checklist_items: [
        item('w1', 'Send the report', addDays(day, -3)),
        item('w2', 'Team notes', day, { repeat: 'weekly' }),
        item('w3', 'Plan the offsite', addDays(day, 20)),
      ],
    },
    {
      title: 'Garden',
      is_checklist: true,
      checklist_items: [
        item('g1', 'Water the seedlings', addDays(day, -1)),
        item('g2', 'Buy compost', day),
        item('g3', 'Repot the basil', addDays(day, 3)),
        item('g4', 'Sow the beans', addDays(day, -2), { completed: true }),
        item('g5', 'Someday'),
      ],
    },
    { title: 'Old plans', archived_at: new Date().toISOString(), checklist_items: [item('o1', 'Archived', day)] },
    { title: 'Binned', trashed_at: new Date().toISOString(), checklist_items: [item('b1', 'Trashed', day)] },
  ]);

  // The dashboard counts what is due today and overdue, and leads to Today.
  await gotoAs(page, '/');
  const count = page.getByRole('link', { name: /^Today · 4/ });
  await expect(count).toBeVisible();
  await count.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();

  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 2 })).toHaveText([
    'Overdue, 2 items',
    'Today, 2 items',
    'Next 7 days, 1 item',
  ]);
  const overdue = main.getByRole('region', { name: /^Overdue/ });
  await expectNames(overdue.getByRole('article'), ['Work', 'Garden']);
  await expectNames(overdue.getByRole('checkbox'), ['Send the report', 'Water the seedlings']);
  await expectNames(main.getByRole('region', { name: /^Today/ }).getByRole('checkbox'), ['Buy compost', 'Team notes']);
  await expectNames(main.getByRole('region', { name: /^Next 7 days/ }).getByRole('checkbox'), ['Repot the basil']);
  await expect(overdue.getByRole('link', { name: 'Work' })).toHaveAttribute('href', `/note/${work!.id}`);
  await expect(main.getByText(/Plan the offsite|Sow the beans|Someday|Archived|Trashed/)).toHaveCount(0);
  await shoot(page, 'today-desktop-light');
  await expectNoSeriousViolations(page, { include: 'main' });
  await resizeTo(page, MOBILE);
  await shoot(page, 'today-mobile-light');
  await expectNoSeriousViolations(page, { include: 'main' });
  await resizeTo(page, DESKTOP);
  await switchTheme(page, 'dark');
  await shoot(page, 'today-desktop-dark');
  await expectNoSeriousViolations(page, { include: 'main' });
  await switchTheme(page, 'light');

  // Ticked online, it syncs. (The first write also loads the write path's code, which the service worker,
  // blocked in this spec, would otherwise have kept for offline use.)
  await main.getByRole('checkbox', { name: 'Buy compost' }).click();
  await expect
    .poll(async () => (await serverNote(request, account, garden!.id))?.checklist_items?.[1])
    .toMatchObject({ id: 'g2', completed: true });

  // Offline: Today is read from the device, and ticks wait there.
  await waitForSyncIdle(page);
  await page.context().setOffline(true);
  await expect(sidebar(page).getByText('Offline', { exact: true })).toBeVisible();
  await sidebar(page).getByRole('link', { name: 'Dashboard' }).click();
  await sidebar(page).getByRole('link', { name: 'Today', exact: true }).click();
  await expectNames(overdue.getByRole('checkbox'), ['Send the report', 'Water the seedlings']);
  await overdue.getByRole('checkbox', { name: 'Send the report' }).click();
  await expectNames(overdue.getByRole('checkbox'), ['Water the seedlings']);
  // The next checkbox takes the ticked one's place under the keyboard.
  await expect(overdue.getByRole('checkbox', { name: 'Water the seedlings' })).toBeFocused();
  // A repeating item moves to its next date, unticked.
  await main.getByRole('checkbox', { name: 'Team notes' }).click();
  const next = addDays(day, 7);
  await expect(toastRegion(page).getByText(/^Next: \w{3} \d+ \w{3}$/)).toBeVisible();
  await expect(main.getByRole('region', { name: /^Today/ })).toHaveCount(0);
  await expectNames(main.getByRole('region', { name: /^Next 7 days/ }).getByRole('checkbox'), [
    'Repot the basil',
    'Team notes',
  ]);
  expect((await serverNote(request, account, work!.id))?.checklist_items?.[0]).toMatchObject({ completed: false });

  await page.context().setOffline(false);
  await expect
    .poll(async () => (await serverNote(request, account, work!.id))?.checklist_items?.slice(0, 2))
    .toEqual([
      item('w1', 'Send the report', addDays(day, -3), { completed: true }),
      item('w2', 'Team notes', next, { repeat: 'weekly' }),
    ]);
  expect((await serverNote(request, account, garden!.id))?.checklist_items?.[0]).toMatchObject({ completed: false });
});

test('a reminder a minute ahead shows in the open app at its time, Done ticks the item, and the open app moves on at midnight', async ({
  signedIn: page,
  account,
  request,
}) => {
  await page.clock.install();
  // The system notification the page shows while it is hidden, recorded: a headless browser has no
  // notification centre to look at.
  await page.addInitScript(() => {
    const shown: { title: string; tag?: string }[] = [];
    const state = { hidden: false };
    Object.assign(window, { shownNotifications: shown, pageState: state });
    class RecordingNotification {
      static permission = 'granted';
      onclick: (() => void) | null = null;
      constructor(title: string, options?: NotificationOptions) {
        shown.push({ title, tag: options?.tag });
      }
      close() {}
    }
    Object.defineProperty(window, 'Notification', { value: RecordingNotification, configurable: true });
    Object.defineProperty(document, 'hidden', { get: () => state.hidden, configurable: true });
  });
  const due = new Date(Date.now() + 60_000);
  const note = await seedNote(request, account, {
    title: 'Errands',
    is_checklist: true,
    checklist_items: [
      item('e1', 'Pick up the parcel', due.toISOString(), { remind: true }),
      item('e2', 'Book the plumber', addDays(dayInZone(due, ZONE), 1)),
    ],
  });
  await gotoAs(page, '/');
  // The reminders start a few seconds after the dashboard's content (features/today/later.tsx), in the one
  // tab holding their lock: the page's clock is moved on a second at a time until they hold it.
  await expect
    .poll(async () => {
      await page.clock.runFor(1_000);
      return page.evaluate(async () =>
        ((await navigator.locks.query()).held ?? []).some((lock) => lock.name?.startsWith('sprout-reminders-')),
      );
    })
    .toBe(true);
  const reminder = toastRegion(page).getByRole('listitem').filter({ hasText: 'Pick up the parcel' });
  await expect(reminder).toHaveCount(0);

  // The user looks at another tab when the time comes.
  await page.evaluate(() => ((window as unknown as { pageState: { hidden: boolean } }).pageState.hidden = true));
  await page.clock.runFor(due.getTime() - (await page.evaluate(() => Date.now())) + 1_000);
  await page.evaluate(() => ((window as unknown as { pageState: { hidden: boolean } }).pageState.hidden = false));
  await expect(reminder).toBeVisible();
  await expect(reminder).toContainText('Reminder · Errands');
  // Its system notification carries the push message's tag (server/src/reminders/payload.ts), so a push
  // that reaches this device too replaces it instead of showing a second one.
  expect(
    await page.evaluate(() => (window as unknown as { shownNotifications: unknown[] }).shownNotifications),
  ).toEqual([{ title: 'Pick up the parcel', tag: `reminder:${note.id}:e1` }]);
  await shoot(page, 'today-reminder-desktop-light');
  await reminder.getByRole('button', { name: 'Done' }).click();
  await expect
    .poll(async () => (await serverNote(request, account, note.id))?.checklist_items?.[0])
    .toMatchObject({ id: 'e1', completed: true });

  // Left open past midnight, offline so that no sync draws the screen again, Today moves tomorrow's item on.
  await sidebar(page).getByRole('link', { name: 'Today', exact: true }).click();
  const main = page.getByRole('main');
  await expectNames(main.getByRole('region', { name: /^Next 7 days/ }).getByRole('checkbox'), ['Book the plumber']);
  await waitForSyncIdle(page);
  await page.context().setOffline(true);
  await expect(sidebar(page).getByText('Offline', { exact: true })).toBeVisible();
  const now = new Date(await page.evaluate(() => Date.now()));
  const midnight = instantOf(addDays(dayInZone(now, ZONE), 1), '00:00', ZONE);
  await page.clock.fastForward(midnight.getTime() - now.getTime() + 2_000);
  await expectNames(main.getByRole('region', { name: /^Today/ }).getByRole('checkbox'), ['Book the plumber']);
  await expect(main.getByRole('region', { name: /^Next 7 days/ })).toHaveCount(0);
});

test("a plan whose step says 'by next Friday' arrives with that date offered, and the note keeps it once accepted", async ({
  signedIn: page,
  account,
  request,
}) => {
  await storeAiKey(request, account);
  const tag = uniqueTag('dated-plan');
  const step = 'Send the invitations (by next Friday)';
  const plan = DEFAULT_PLAN_REPLY.replace(/Action Steps:\n[\s\S]*$/, `Action Steps:\n1. Choose the venue\n2. ${step}`);
  await scriptFake(
    request,
    { kind: 'text', text: DEFAULT_QUESTION_REPLY, match: tag },
    { kind: 'text', text: plan, match: tag },
  );
  await gotoAs(page, '/new');
  await page.getByLabel('Title').fill('Garden party');
  await page.getByLabel('Your idea').fill(`A garden party for the street ${tag}`);
  await page.getByRole('button', { name: 'Start Conversation' }).click();
  await expect(page.getByText(DEFAULT_QUESTION_REPLY)).toBeVisible();
  await page.getByRole('button', { name: 'Create Plan' }).click();
  await page.getByRole('tab', { name: 'Action Steps' }).click();
  await page.getByRole('switch', { name: 'Enable Checklist' }).click();

  const expected = findDatePhrase(step, new Date(), ZONE, { dayFirst: false });
  expect(expected?.textWithout).toBe('Send the invitations');
  const offer = page.getByRole('group', { name: /^Set due \w{3} \d+ \w{3}\?/ });
  // Only the step that names a date is offered one, and nothing is dated before the user says so.
  await expect(offer).toHaveCount(1);
  await offer.getByRole('button', { name: 'Set date' }).click();
  await expect(page.getByRole('checkbox', { name: 'Send the invitations', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Save Note' }).click();
  const saved = await waitForServerNote(request, account, (note) => note.title === 'Garden party');
  expect(saved.checklist_items).toEqual([
    { id: 'auto-0', text: 'Choose the venue', completed: false },
    { id: 'auto-1', text: 'Send the invitations', completed: false, due: expected!.due },
  ]);
});
