// Coming over from another app (issue 37): a Google Keep Takeout, as Google hands it over (a zip of
// Takeout/Keep/ made from the hand-made fixture in test/fixtures/imports/google-keep), imported in
// Settings > Your data: every note compared on the server field by field, the files that are not notes
// listed with their reasons, the pinned note first on the Dashboard and the archived one in the Archive,
// and a second import creating nothing. An Obsidian vault's [[links]] open the notes they name; an
// Evernote notebook (test/fixtures/imports/evernote) comes in as Markdown with its to-dos as a checklist; a
// Notion export (test/fixtures/imports/notion) with its pages linked and its databases as tables.
import fs from 'node:fs';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { test, expect } from './support/fixtures';
import { card, expectAllSynced, serverNotes } from './support/notes';
import { gotoAs } from './support/session';

const KEEP = path.resolve(import.meta.dirname, '../test/fixtures/imports/google-keep/Takeout/Keep');

function takeout() {
  const files = Object.fromEntries(
    fs
      .readdirSync(KEEP)
      .map((name) => [`Takeout/Keep/${name}`, new Uint8Array(fs.readFileSync(path.join(KEEP, name)))]),
  );
  return { name: 'takeout-20240506.zip', mimeType: 'application/zip', buffer: Buffer.from(zipSync(files)) };
}

test('a Google Keep Takeout comes in with its lists, ticks, labels, pin, archive and times, once', async ({
  signedIn: page,
  account,
  request,
}) => {
  await gotoAs(page, '/settings?tab=sync');
  const picker = page.locator('input[type="file"]:not([webkitdirectory])');
  await picker.setInputFiles(takeout());
  await expect(page.getByRole('status').filter({ hasText: 'Imported 3 notes. 5 items were skipped.' })).toBeVisible();
  const report = page.getByRole('list', { name: 'Import result' });
  await expect(report).toContainText(
    "Old draft (takeout-20240506.zip/Takeout/Keep/Old draft.json): Skipped: it is in Google Keep's Trash",
  );
  await expect(report).toContainText("Groceries.html: Skipped: it is Google Keep's HTML copy of a note");
  await expect(report).toContainText('1709622900000.png: Skipped: it is not a note (attachments are not imported)');

  await expectAllSynced(page);
  await expect.poll(async () => (await serverNotes(request, account)).length).toBe(3);
  const notes = await serverNotes(request, account);
  const byTitle = (title: string) => notes.find((note) => note.title === title);
  expect(byTitle('Groceries')).toMatchObject({
    is_checklist: true,
    checklist_items: [
      { text: 'Milk', completed: true },
      { text: 'Sourdough bread', completed: false },
      { text: 'Apples', completed: false },
    ],
    tags: ['home', 'weekly-shop'],
    pinned_at: expect.stringMatching(/^2024-05-01T10:00:00(\.000)?(Z|\+00:00)$/),
    archived_at: null,
  });
  expect(new Date(byTitle('Groceries')!.created_at).toISOString()).toBe('2024-04-30T10:00:00.000Z');
  expect(new Date(byTitle('Groceries')!.updated_at).toISOString()).toBe('2024-05-01T10:00:00.000Z');
  expect(byTitle('Book ideas')).toMatchObject({
    content:
      'A detective story set in a lighthouse.\nThe keeper is the narrator.\n\n[Lighthouses of Scotland](https://example.org/lighthouses)',
    tags: ['writing'],
    archived_at: expect.any(String),
  });
  expect(byTitle('Call the plumber about the kitchen tap')).toMatchObject({ tags: null, is_checklist: false });

  await test.step('the pinned list leads the Dashboard, the archived note is in the Archive', async () => {
    await gotoAs(page, '/');
    const cards = page.getByRole('list', { name: 'Notes' }).getByRole('heading', { level: 2 });
    await expect(cards).toHaveText(['Groceries', 'Call the plumber about the kitchen tap']);
    await expect(card(page, 'Groceries').getByRole('link', { name: '#weekly-shop' })).toBeVisible();
    await gotoAs(page, '/archive');
    await expect(card(page, 'Book ideas')).toBeVisible();
  });

  await test.step('the same Takeout again creates nothing', async () => {
    await gotoAs(page, '/settings?tab=sync');
    await picker.setInputFiles(takeout());
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: 'Imported 0 notes. 3 notes were already here. 5 items were skipped.' }),
    ).toBeVisible();
    expect(await serverNotes(request, account)).toHaveLength(3);
  });
});

test('an Obsidian vault comes in with its [[links]] as links between the notes and its folders as tags', async ({
  signedIn: page,
  account,
  request,
}) => {
  const vault = zipSync({
    'Garden/Projects/Raised beds.md': strToU8(
      'Wood from [[Suppliers|the timber yard]], soil as in [[Soil mix#Ratios]].',
    ),
    'Garden/Suppliers.md': strToU8('Timber yard on Mill Road.'),
    'Garden/Soil mix.md': strToU8('## Ratios\n\nTwo parts compost, one part topsoil.'),
  });
  await gotoAs(page, '/settings?tab=sync');
  await page
    .locator('input[type="file"]:not([webkitdirectory])')
    .setInputFiles({ name: 'garden-vault.zip', mimeType: 'application/zip', buffer: Buffer.from(vault) });
  await expect(page.getByRole('status').filter({ hasText: 'Imported 3 notes.' })).toBeVisible();
  await expectAllSynced(page);
  await expect.poll(async () => (await serverNotes(request, account)).length).toBe(3);
  const notes = await serverNotes(request, account);
  const beds = notes.find((note) => note.title === 'Raised beds')!;
  const suppliers = notes.find((note) => note.title === 'Suppliers')!;
  const soil = notes.find((note) => note.title === 'Soil mix')!;
  expect(beds.content).toBe(
    `Wood from [the timber yard](/note/${suppliers.id}), soil as in [Soil mix#Ratios](/note/${soil.id}).`,
  );
  expect(beds.tags).toEqual(['projects']);

  await gotoAs(page, `/note/${beds.id}`);
  await page.getByRole('link', { name: 'the timber yard' }).click();
  await expect(page).toHaveURL(new RegExp(`/note/${suppliers.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Suppliers' })).toBeVisible();
});

test('an Evernote notebook comes in as Markdown, its to-dos a checklist, its tags and notebook tags', async ({
  signedIn: page,
  account,
  request,
}) => {
  const enex = path.resolve(import.meta.dirname, '../test/fixtures/imports/evernote/Home Projects.enex');
  await gotoAs(page, '/settings?tab=sync');
  await page.locator('input[type="file"]:not([webkitdirectory])').setInputFiles(enex);
  await expect(page.getByRole('status').filter({ hasText: 'Imported 2 notes. 2 items were skipped.' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Import result' })).toContainText(
    'Paint the hallway (Home Projects.enex, note 1): Skipped: its 1 attachment (attachments are not imported)',
  );
  await expectAllSynced(page);
  await expect.poll(async () => (await serverNotes(request, account)).length).toBe(2);
  const notes = await serverNotes(request, account);
  expect(notes.find((note) => note.title === 'Paint the hallway')).toMatchObject({
    content: 'Colour: **sage green**, two coats.\n\n[Source](https://example.org/hallway-colours)',
    is_checklist: true,
    checklist_items: [
      { text: 'Buy rollers', completed: true },
      { text: 'Tape the skirting', completed: false },
      { text: 'Paint', completed: false },
    ],
    tags: ['weekend', 'diy', 'home-projects'],
  });
  const shed = notes.find((note) => note.title === 'Garden shed plan')!;
  expect(shed.content).toBe(
    '## Size\n\nTwo by three metres, *on a gravel base*.\n\n- Timber from the [yard](https://example.org/yard)\n- Felt for the roof\n\nAsk about delivery',
  );

  // The note reads as Markdown, with no trace of the body's script.
  await gotoAs(page, `/note/${shed.id}`);
  await expect(page.getByRole('tabpanel', { name: 'Note' })).toContainText('Two by three metres, on a gravel base.');
  await expect(page.getByRole('link', { name: 'yard' })).toHaveAttribute('href', 'https://example.org/yard');
  await expect(page.locator('main')).not.toContainText('alert');
});

test('a Notion export comes in with its pages linked, its databases as tables and its page paths as tags', async ({
  signedIn: page,
  account,
  request,
}) => {
  const root = path.resolve(import.meta.dirname, '../test/fixtures/imports/notion');
  const files: Record<string, Uint8Array> = {};
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const name = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(name);
      else if (name !== 'README.md') files[name] = new Uint8Array(fs.readFileSync(path.join(root, name)));
    }
  };
  walk('');
  // As Notion hands it over: a zip holding a zip of the pages.
  const buffer = Buffer.from(zipSync({ 'Export-5e1f-Part-1.zip': zipSync(files) }));
  await gotoAs(page, '/settings?tab=sync');
  await page
    .locator('input[type="file"]:not([webkitdirectory])')
    .setInputFiles({ name: 'Export-5e1f.zip', mimeType: 'application/zip', buffer });
  await expect(page.getByRole('status').filter({ hasText: 'Imported 4 notes.' })).toBeVisible();
  await expectAllSynced(page);
  await expect.poll(async () => (await serverNotes(request, account)).length).toBe(4);
  const notes = await serverNotes(request, account);
  const byTitle = (title: string) => notes.find((note) => note.title === title)!;
  expect(byTitle('Home').content).toBe(
    `Plans for the year.\n\n[Trip ideas](/note/${byTitle('Trip ideas').id})\n\n[Reading list](/note/${byTitle('Reading list').id})`,
  );
  expect(byTitle('Dune').tags).toEqual(['home/reading-list']);
  expect(byTitle('Reading list').content).toContain(
    '| The Left Hand of Darkness | Ursula K. Le Guin | Reading, slowly |',
  );

  await gotoAs(page, `/note/${byTitle('Home').id}`);
  await page.getByRole('link', { name: 'Reading list' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reading list' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Frank Herbert' })).toBeVisible();
});

test('a folder picked whole comes in with its paths: a Takeout unzipped', async ({
  signedIn: page,
  account,
  request,
}) => {
  await gotoAs(page, '/settings?tab=sync');
  await expect(page.getByRole('button', { name: 'Import a folder…' })).toBeVisible();
  // What the browser's folder dialog hands over: every file, each with its path inside the folder.
  await page
    .locator('input[type="file"][webkitdirectory]')
    .setInputFiles(path.resolve(import.meta.dirname, '../test/fixtures/imports/google-keep/Takeout'));
  await expect(page.getByRole('status').filter({ hasText: 'Imported 3 notes. 5 items were skipped.' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Import result' })).toContainText(
    "Takeout/Keep/Labels.txt: Skipped: it is Google Keep's list of labels",
  );
  await expectAllSynced(page);
  await expect
    .poll(async () => (await serverNotes(request, account)).map((note) => note.title).sort())
    .toEqual(['Book ideas', 'Call the plumber about the kitchen tap', 'Groceries']);
});
