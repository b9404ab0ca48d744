// Sharing into Sprout from anywhere (issue 37, item 2). The phone's share sheet opens the installed app's
// share target (the manifest's share_target: a POST of a multipart form to /share), which these tests
// send as Chromium would, from a form in the page: text and links become a quick note, note files open the
// importer on them, offline too (the service worker answers), and signed out the user signs in first and
// goes on. On a desktop browser, the bookmarklet in Settings sends a page's title, link and selection.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expectNoSeriousViolations, shoot } from './support/a11y';
import { test, expect } from './support/fixtures';
import { goOffline, goOnline, waitForServiceWorker } from './support/network';
import { card, expectAllSynced, serverNotes } from './support/notes';
import { gotoAs, signIn, submitLogin } from './support/session';

test.use({ serviceWorkers: 'allow' });

const ENEX = path.resolve(import.meta.dirname, '../test/fixtures/imports/evernote/Home Projects.enex');

interface SharedFile {
  name: string;
  type: string;
  text: string;
}

/** What the share sheet does: a navigation that posts the shared parts to the share target. */
async function shareInto(page: Page, share: { title?: string; text?: string; url?: string; files?: SharedFile[] }) {
  await page.evaluate(({ title, text, url, files }) => {
    const form = document.createElement('form');
    form.method = 'POST';
    form.action = '/share';
    form.enctype = 'multipart/form-data';
    for (const [name, value] of Object.entries({ title, text, url })) {
      if (value === undefined) continue;
      const field = document.createElement('input');
      field.type = 'hidden';
      field.name = name;
      field.value = value;
      form.append(field);
    }
    if (files) {
      const input = document.createElement('input');
      input.type = 'file';
      input.name = 'files';
      input.multiple = true;
      const picked = new DataTransfer();
      for (const file of files) picked.items.add(new File([file.text], file.name, { type: file.type }));
      input.files = picked.files;
      form.append(input);
    }
    document.body.append(form);
    form.submit();
  }, share);
}

test('shared text becomes a quick note and shared files open the importer, offline, synced once online', async ({
  page,
  account,
  request,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  consoleErrors.allow(/Failed to load resource/, /ERR_INTERNET_DISCONNECTED/);
  await signIn(page, account);
  await waitForServiceWorker(page);
  await goOffline(page);

  await test.step('a link shared from another app opens as a quick note, saved on the device', async () => {
    await shareInto(page, {
      title: 'Balcony tomatoes',
      text: 'Water them every morning.',
      url: 'https://garden.example.com/tomatoes',
    });
    await page.waitForURL(/\/edit\//);
    await expect(page.getByLabel('Title')).toHaveValue('Balcony tomatoes');
    await gotoAs(page, '/');
    await expect(card(page, 'Balcony tomatoes').getByText('Saved on this device')).toBeVisible();
  });

  await test.step('files shared from another app wait in the importer until the user imports them', async () => {
    await shareInto(page, {
      files: [
        { name: 'Home Projects.enex', type: 'application/xml', text: fs.readFileSync(ENEX, 'utf8') },
        {
          name: 'Reading list.md',
          type: 'text/markdown',
          text: '# Reading list\n\n- [ ] Piranesi\n- [x] Middlemarch\n',
        },
      ],
    });
    await page.waitForURL(/\/settings\?tab=sync&shared=/);
    const shared = page.getByRole('region', { name: 'Shared with Sprout' });
    await expect(shared.getByRole('list', { name: 'Shared files' })).toContainText('Home Projects.enex');
    await expect(shared.getByRole('list', { name: 'Shared files' })).toContainText('Reading list.md');
    await shoot(page, 'settings-shared-files-desktop-light');
    await expectNoSeriousViolations(page, { include: 'main' });
    await shared.getByRole('button', { name: 'Import these 2 files' }).click();
    await expect(page.getByRole('status').filter({ hasText: /^Imported \d+ notes\./ })).toBeVisible();
    await expect(shared).toHaveCount(0);
    await expect(page).not.toHaveURL(/shared=/);
  });

  await test.step('a reload does not offer the same files again', async () => {
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Your data' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Shared with Sprout' })).toHaveCount(0);
  });

  await goOnline(page);
  await gotoAs(page, '/');
  await expectAllSynced(page);
  await expect
    .poll(async () => (await serverNotes(request, account)).map((note) => note.title).sort())
    .toEqual(expect.arrayContaining(['Balcony tomatoes', 'Reading list']));
  const notes = await serverNotes(request, account);
  expect(notes.find((note) => note.title === 'Balcony tomatoes')).toMatchObject({
    content: 'Water them every morning.\n\nhttps://garden.example.com/tomatoes',
  });
  expect(notes.find((note) => note.title === 'Reading list')).toMatchObject({
    checklist_items: [
      { text: 'Piranesi', completed: false },
      { text: 'Middlemarch', completed: true },
    ],
  });
  // The Evernote notebook's notes came in with the shared Markdown file.
  expect(notes.length).toBeGreaterThan(2);
});

test('something shared signed out asks to sign in, then becomes the quick note', async ({ page, account, request }) => {
  await page.goto('/login');
  await shareInto(page, { title: 'Podcast idea', text: 'An audio show about gardening' });
  await expect(page).toHaveURL(/\/login/);
  await submitLogin(page, account);
  await page.waitForURL(/\/edit\//);
  await expect(page.getByLabel('Title')).toHaveValue('Podcast idea');
  await expect
    .poll(async () => (await serverNotes(request, account)).map(({ title, content }) => ({ title, content })))
    .toEqual([{ title: 'Podcast idea', content: 'An audio show about gardening' }]);
});

test("the bookmarklet sends a page's title, link and selected text to a quick note", async ({
  signedIn: page,
  account,
  request,
}) => {
  await gotoAs(page, '/settings?tab=sync');
  const bookmarklet = page.getByRole('link', { name: 'Save to Sprout' });
  await bookmarklet.scrollIntoViewIfNeeded();
  await shoot(page, 'settings-save-anywhere-desktop-light');
  await expectNoSeriousViolations(page, { include: 'main' });
  await page.setViewportSize({ width: 390, height: 844 });
  await bookmarklet.scrollIntoViewIfNeeded();
  await shoot(page, 'settings-save-anywhere-mobile-light');
  // Clicked in Sprout itself it explains where it goes instead of saving the Settings page.
  await bookmarklet.click();
  await expect(page.getByRole('status').filter({ hasText: 'Drag this button to your bookmarks bar' })).toBeVisible();
  const href = await bookmarklet.getAttribute('href');
  expect(href).toMatch(/^javascript:/);

  // Another site, as the browser would show it; the bookmark runs its script in that page.
  const site = await page.context().newPage();
  await site.route('https://garden.example.com/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>Growing tomatoes on a balcony</title><h1>Tomatoes</h1><p id="tip">Feed them weekly once the first fruit sets.</p>',
    }),
  );
  await site.goto('https://garden.example.com/tomatoes#care');
  await site.evaluate(() => {
    const range = document.createRange();
    range.selectNodeContents(document.getElementById('tip')!);
    getSelection()!.addRange(range);
  });
  const [sprout] = await Promise.all([
    site.waitForEvent('popup'),
    site.evaluate((script) => new Function(script)(), decodeURIComponent(href!.slice('javascript:'.length))),
  ]);
  await sprout.waitForURL(/\/edit\//);
  await expect(sprout.getByLabel('Title')).toHaveValue('Growing tomatoes on a balcony');
  await expect
    .poll(async () => (await serverNotes(request, account)).map(({ title, content }) => ({ title, content })))
    .toEqual([
      {
        title: 'Growing tomatoes on a balcony',
        content: 'Feed them weekly once the first fruit sets.\n\nhttps://garden.example.com/tomatoes#care',
      },
    ]);
});
