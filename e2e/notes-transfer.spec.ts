// Export and import (issue 12, point 4): Settings > Your data takes every note out as JSON and as a zip
// of Markdown files (offline too), and a fresh account importing them gets every note back exactly;
// importing again creates nothing; a broken zip is reported by name with the reason.
import fs from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { checkInBothThemes } from './support/a11y';
import { localNoteCount } from './support/device';
import { test, expect } from './support/fixtures';
import { goOffline, goOnline } from './support/network';
import { expectAllSynced, seedNotes, serverNotes, type ServerNote } from './support/notes';
import { gotoAs } from './support/session';

const NOTES = [
  {
    title: 'Trip to Rome',
    content: 'Flights, a hotel near the Forum.\n\nBudget: 900 €',
    is_checklist: true,
    checklist_items: [
      { id: 'r1', text: 'Book flights', completed: true },
      { id: 'r2', text: 'Pack [light]', completed: false },
    ],
  },
  {
    title: 'Podcast: "Urban gardens"',
    content: 'One episode every two weeks.',
    expanded_content: '## Plan\n\nStart with a pilot.\n\nAction Steps:\n1. Pick a name\n2. Record a pilot',
    chat_history: [
      { role: 'user' as const, content: 'Help me plan a podcast' },
      { role: 'assistant' as const, content: 'Sure.\n\n### First\nPick a name.' },
    ],
  },
  { title: 'Plain thought', content: '' },
];

const FIELDS = [
  'title',
  'content',
  'expanded_content',
  'is_checklist',
  'checklist_items',
  'chat_history',
  'created_at',
  'updated_at',
] as const;

function comparable(notes: ServerNote[]) {
  // The server's rows carry created_at too (ServerNote leaves it out).
  return (notes as unknown as Record<string, unknown>[])
    .map((note) => Object.fromEntries(FIELDS.map((field) => [field, note[field]])))
    .sort((a, b) => String(a.title).localeCompare(String(b.title)));
}

async function download(page: Page, button: string): Promise<{ file: Download; path: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  const path = test.info().outputPath(file.suggestedFilename());
  await file.saveAs(path);
  return { file, path };
}

async function importFiles(page: Page, files: Parameters<Page['setInputFiles']>[1]) {
  // The picker behind 'Import notes…' (what a user chooses in the browser's file dialog).
  await page.locator('input[type="file"]:not([webkitdirectory])').setInputFiles(files);
}

test('every note goes out as JSON and Markdown and comes back exactly into a fresh account, once', async ({
  signedInPage: page,
  account,
  accounts,
  newDevice,
  request,
}) => {
  test.setTimeout(90_000);
  await seedNotes(request, account, NOTES);
  await gotoAs(page, '/settings?tab=sync');
  const yourData = page.getByRole('heading', { name: 'Your data' });
  await expect(yourData).toBeVisible();
  await page.reload(); // the first sync has pulled the seeded notes by now or does so on this start
  await expect.poll(async () => (await serverNotes(request, account)).length).toBe(3);
  // The export reads this device: wait until its sync has pulled the three seeded notes.
  await expect.poll(() => localNoteCount(page, account.userId)).toBe(3);

  const json = await download(page, 'Export as JSON');
  expect(json.file.suggestedFilename()).toMatch(/^sprout-notes-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(fs.readFileSync(json.path, 'utf8')) as { format: string; notes: unknown[] };
  expect(exported.format).toBe('sprout-notes');
  expect(exported.notes).toHaveLength(3);
  await expect(
    page.getByRole('status').filter({ hasText: /^Exported 3 notes to sprout-notes-.*\.json\.$/ }),
  ).toBeVisible();

  // The Markdown export works offline: it reads this device only.
  await goOffline(page);
  const markdown = await download(page, 'Export as Markdown (.zip)');
  expect(markdown.file.suggestedFilename()).toMatch(/\.zip$/);
  await expect(page.getByRole('status').filter({ hasText: /^Exported 3 notes to .*\.zip\.$/ })).toBeVisible();
  await goOnline(page);

  // A fresh account on another device imports the JSON export ...
  const fresh = await accounts.create();
  const device = await newDevice({ account: fresh, signIn: 'stored' });
  await gotoAs(device, '/settings?tab=sync');
  await importFiles(device, json.path);
  await expect(device.getByRole('status').filter({ hasText: 'Imported 3 notes.' })).toBeVisible();
  await expectAllSynced(device);
  // ... and has every note, field by field.
  await expect
    .poll(async () => comparable(await serverNotes(request, fresh)))
    .toEqual(comparable(await serverNotes(request, account)));

  // The same file again, and the Markdown export of the same notes: nothing new.
  await importFiles(device, json.path);
  await expect(
    device.getByRole('status').filter({ hasText: 'Imported 0 notes. 3 notes were already here.' }),
  ).toBeVisible();
  await importFiles(device, markdown.path);
  await expect(
    device.getByRole('status').filter({ hasText: 'Imported 0 notes. 3 notes were already here.' }),
  ).toBeVisible();

  // A broken zip is named with what is wrong.
  await importFiles(device, {
    name: 'broken.zip',
    mimeType: 'application/zip',
    buffer: Buffer.from('PK\u0003\u0004 this is not a zip'),
  });
  await expect(device.getByRole('status').filter({ hasText: 'Imported 0 notes. 1 item was skipped.' })).toBeVisible();
  await expect(device.getByRole('list', { name: 'Import result' })).toContainText(
    'broken.zip: Skipped: it is not a zip file that can be read',
  );
  expect(await serverNotes(request, fresh)).toHaveLength(3);

  await device.getByRole('list', { name: 'Import result' }).scrollIntoViewIfNeeded();
  await checkInBothThemes(device, (theme) => `settings-your-data-desktop-${theme}`, {
    include: 'main',
    what: 'Your data',
  });
  await device.setViewportSize({ width: 390, height: 844 });
  await device.getByRole('list', { name: 'Import result' }).scrollIntoViewIfNeeded();
  await checkInBothThemes(device, (theme) => `settings-your-data-mobile-${theme}`, {
    include: 'main',
    what: 'Your data (phone)',
  });
});
