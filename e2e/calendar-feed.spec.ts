// Settings > Sync > Calendar feed (issue 35, item 4), through the real server: the user makes a feed link,
// a dated step written as another device would write it is in the feed a calendar app fetches (a repeating
// timed one in the zone of the browser that made the link), a new link replaces the old one, and turning the
// feed off makes the link answer 404.
import { randomUUID } from 'node:crypto';
import { expectNoSeriousViolations, shoot } from './support/a11y';
import { test, expect } from './support/fixtures';
import { seedNote } from './support/notes';
import { gotoAs } from './support/session';
import { dismissToasts, expectToast } from './support/toasts';

test.use({ timezoneId: 'America/New_York' });

test('a calendar feed link serves the dated steps, a new one replaces it, and turning it off ends it', async ({
  signedIn: page,
  account,
  request,
}) => {
  const step = `Call the venue ${randomUUID().slice(0, 8)}`;
  const note = await seedNote(request, account, {
    title: 'Open a bakery',
    is_checklist: true,
    checklist_items: [
      { id: 'venue', text: step, completed: false, due: '2026-03-31' },
      // Mondays at 09:00 in New York.
      { id: 'standup', text: 'Standup', completed: false, due: '2026-03-02T14:00:00.000Z', repeat: 'weekly' },
      { id: 'someday', text: 'Someday, maybe', completed: false },
    ],
  });
  await gotoAs(page, '/settings?tab=sync');
  const card = page.getByRole('heading', { name: 'Calendar feed' }).locator('xpath=ancestor::*[@data-slot="card"][1]');
  await expect(page.getByTestId('calendar-feed-state')).toHaveText('Off. No calendar can read your steps.');

  await test.step('without push (the tests block the service worker), Reminders says they need the app open', async () => {
    const reminders = page
      .getByRole('heading', { name: 'Reminders' })
      .locator('xpath=ancestor::*[@data-slot="card"][1]');
    await expect(reminders.getByRole('status')).toHaveText(
      'Reminders need Sprout open in a tab on this device: this browser or server cannot send them otherwise.',
    );
    await expect(reminders.getByRole('button')).toHaveCount(0);
    await reminders.scrollIntoViewIfNeeded();
    await shoot(page, 'settings-reminders-desktop-light');
  });

  const link = page.getByRole('textbox', { name: 'Your feed link' });
  let firstUrl = '';
  await test.step('Create feed link shows the link once; the feed holds the dated step', async () => {
    await page.getByRole('button', { name: 'Create feed link' }).click();
    await expectToast(page, 'Calendar feed created');
    firstUrl = await link.inputValue();
    expect(firstUrl).toMatch(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const feed = await request.get(firstUrl);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    // Unfolded: a long line goes on after CRLF and a space (RFC 5545 3.1).
    const text = (await feed.text()).replace(/\r\n /g, '');
    expect(text).toContain(`SUMMARY:${step}\r\n`);
    expect(text).toContain('DTSTART;VALUE=DATE:20260331\r\n');
    expect(text).toContain('DTSTART;TZID=America/New_York:20260302T090000\r\n');
    expect(text).toContain('BEGIN:VTIMEZONE\r\nTZID:America/New_York\r\n');
    expect(text).toContain(`/note/${note.id}\r\n`);
    expect(text).not.toContain('Someday');
    await dismissToasts(page);
    await shoot(page, 'settings-calendar-feed-desktop-light');
    await expectNoSeriousViolations(page, { include: '[data-slot="card"]:has(#settings-calendar-feed-link)' });
  });

  await test.step('Regenerate asks first, then the old link answers 404 and the new one serves', async () => {
    await card.getByRole('button', { name: 'Regenerate' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Regenerate the feed link?' });
    await expect(dialog).toContainText('The old link stops working');
    await dialog.getByRole('button', { name: 'Regenerate' }).click();
    await expectToast(page, 'New feed link made');
    await expect(link).not.toHaveValue(firstUrl);
    expect((await request.get(firstUrl)).status()).toBe(404);
    expect((await request.get(await link.inputValue())).status()).toBe(200);
  });

  await test.step('Turn off asks first, then the link answers 404', async () => {
    const url = await link.inputValue();
    await card.getByRole('button', { name: 'Turn off' }).click();
    await page
      .getByRole('alertdialog', { name: 'Turn off the calendar feed?' })
      .getByRole('button', { name: 'Turn off' })
      .click();
    await expectToast(page, 'Calendar feed turned off');
    await expect(page.getByTestId('calendar-feed-state')).toHaveText('Off. No calendar can read your steps.');

    await expect(link).toHaveCount(0);
    expect((await request.get(url)).status()).toBe(404);
  });
});
