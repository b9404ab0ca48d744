// Conflicts you can resolve (issue 12, point 5; docs/sync.md [S23]), across two devices of one user
// through the real server: a change that could not be sent meets another device's edit and becomes a
// conflict copy; its page explains, links the other note and marks the differing lines on both devices
// (desktop, and a phone that finds the original by title); 'Keep this version' on the desktop is an
// ordinary write that the phone sees after its next sync.
import { VIEWPORTS, checkInBothThemes } from './support/a11y';
import { test, expect } from './support/fixtures';
import { fillEditor } from './support/editor';
import { dismissToasts } from './support/toasts';
import {
  card,
  editOnServer,
  expectAllSynced,
  openCard,
  seedNote,
  serverNote,
  serverNotes,
  syncNow,
} from './support/notes';

test('[S23] a conflict resolved on one device is resolved on the other after sync', async ({
  signedIn: page,
  newDevice,
  account,
  request,
  consoleErrors,
}) => {
  consoleErrors.allow(/Failed to load resource/);
  const note = await seedNote(request, account, { title: 'Packing list', content: 'Tent\nStove\nMap' });
  await page.goto('/');
  await expect(card(page, 'Packing list')).toBeVisible();

  // The server cannot be reached while this device edits the note; meanwhile another device edits it.
  await page.route('**/rest/v1/notes**', (route) => route.abort('connectionrefused'));
  await page.goto(`/edit/${note.id}`);
  await fillEditor(page.getByRole('textbox', { name: 'Note', exact: true }), 'Tent\nStove\nCompass');
  // The failed sync's toast sits over the button: closed, as a user would, not waited out (5 s).
  await dismissToasts(page);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(card(page, 'Packing list').getByText('Waiting to sync')).toBeVisible();
  // Both change the same line, so the sync cannot merge them [S33]: a conflict copy [S7].
  await editOnServer(request, account, note.id, { content: 'Tent\nStove\nMap, Torch' });
  await page.unroute('**/rest/v1/notes**');
  await syncNow(page);
  await expect(card(page, 'Packing list (conflict copy)')).toBeVisible();
  await expectAllSynced(page);

  // The phone: signed in on its own, it has both notes.
  const phone = await newDevice({
    account,
    signIn: 'stored',
    viewport: { width: VIEWPORTS[1].width, height: VIEWPORTS[1].height },
  });
  await phone.goto('/');
  await openCard(phone, 'Packing list (conflict copy)', 'View');
  const phonePanel = phone.getByRole('region', { name: 'Two versions of this note' });
  await expect(phonePanel.getByRole('link', { name: 'Packing list' })).toBeVisible();
  await expect(phonePanel.getByRole('region', { name: 'This version' }).getByText('Differs: Compass')).toBeAttached();
  await checkInBothThemes(phone, (theme) => `notes-conflict-mobile-${theme}`);

  // The desktop: the copy says what happened and shows the two versions, the differing lines marked.
  await openCard(page, 'Packing list (conflict copy)', 'View');
  const panel = page.getByRole('region', { name: 'Two versions of this note' });
  await expect(panel.getByText(/changed in two places/)).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Packing list' })).toHaveAttribute('href', `/note/${note.id}`);
  const mine = panel.getByRole('region', { name: 'This version' }).getByRole('listitem');
  const theirs = panel.getByRole('region', { name: 'The other version: Packing list' }).getByRole('listitem');
  await expect(mine).toHaveText(['Title: Packing list', '', 'Original idea:', 'Tent', 'Stove', 'Differs: Compass']);
  await expect(theirs).toHaveText([
    'Title: Packing list',
    '',
    'Original idea:',
    'Tent',
    'Stove',
    'Differs: Map, Torch',
  ]);
  await checkInBothThemes(page, (theme) => `notes-conflict-desktop-${theme}`);

  // Keep this version: the original takes this text, the copy goes to the Trash [S29]; both reach the server.
  await panel.getByRole('button', { name: 'Keep this version' }).click();
  await expect(page).toHaveURL(new RegExp(`/note/${note.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Packing list');
  await expect(page.getByRole('region', { name: 'Two versions of this note' })).toHaveCount(0);
  await expect
    .poll(async () => (await serverNotes(request, account)).map((n) => [n.title, n.content]))
    .toEqual([['Packing list', 'Tent\nStove\nCompass']]);
  expect((await serverNote(request, account, note.id))?.deleted_at).toBeNull();

  // The phone sees it with its next sync (a reload starts one): the copy is gone, the note has the kept text.
  await phone.goto('/');
  await expect(card(phone, 'Packing list (conflict copy)')).toHaveCount(0);
  await expect(card(phone, 'Packing list').getByText('Compass')).toBeVisible();
});
