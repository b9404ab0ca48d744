// The command palette and the keyboard shortcuts (issue 12, point 3), keyboard only: Ctrl+K finds notes
// by the search field's index (a misspelt word of a checklist item), the arrow key picks the second and
// Enter opens it, runs 'Go to checklists' and the theme switch; `?` lists the
// shortcuts; `/` where no search field is opens the palette; none fires while typing in a field. On
// mobile the top bar's search button opens it. Keys typed right after Ctrl+K go into the palette, and those typed right after
// Quick note or `n` into the new note's title (issue 33).
// Axe and screenshots of the palette and the sheet.
import { VIEWPORTS, checkInBothThemes } from './support/a11y';
import { test, expect } from './support/fixtures';
import { sidebar } from './support/layout';
import { card, openCard, seedNotes, serverNotes } from './support/notes';
import { expectEditorValue } from './support/editor';
import { expectToast, toastRegion } from './support/toasts';

test('desktop: the palette and the shortcuts, from the keyboard alone', async ({
  signedIn: page,
  account,
  request,
  consoleErrors,
}) => {
  // Four screens scanned and pictured in both themes: near a minute on a busy 2-core machine.
  test.slow();
  // The Undo below may be pushed while the deletion's own push is still on its way: the server answers
  // 409 to its older base and the device rebases it on its landed write [S6]. The browser logs the 409.
  consoleErrors.allow(/status of 409/);
  const [trip] = await seedNotes(request, account, [
    {
      title: 'Weekend trip',
      content: 'Two nights by the sea',
      is_checklist: true,
      checklist_items: [{ id: 'a', text: 'Pack the binoculars', completed: false }],
    },
    { title: 'Sourdough', content: 'Feed the starter' },
    { title: 'Binoculars to buy', content: 'Compare the 8x42 models' },
  ]);
  await page.goto('/');
  await expect(page.getByRole('article')).toHaveCount(3);

  // Ctrl+K: the palette, focus in its field, every command listed.
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette).toBeVisible();
  const field = palette.getByRole('combobox');
  await expect(field).toBeFocused();
  await expect(palette.getByRole('option', { name: 'New quick note' })).toBeVisible();
  await checkInBothThemes(page, (theme) => `palette-desktop-${theme}`);

  // A misspelt word finds both notes through the search index, the title match first, and the first is
  // active while the answers of each keystroke arrive; the arrow key moves to the checklist whose item
  // has the word, and the choice holds: Enter opens it.
  await page.keyboard.type('binoculers');
  const found = palette.getByRole('group', { name: 'Notes' }).getByRole('option');
  // Each with its matching line and when it changed.
  await expect(found).toHaveText([/^Binoculars to buyCompare the 8x42 models/, /^Weekend tripPack the binoculars/]);
  await expect(found.first()).toHaveAttribute('aria-selected', 'true');
  await expect(field).toHaveAttribute('aria-activedescendant', (await found.first().getAttribute('id'))!);
  await page.keyboard.press('ArrowDown');
  await expect(found.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(field).toHaveAttribute('aria-activedescendant', (await found.nth(1).getAttribute('id'))!);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/note/${trip!.id}$`));
  await expect(palette).toHaveCount(0);

  // Commands: arrow keys choose among the matches.
  await page.keyboard.press('Control+k');
  await page.keyboard.type('check');
  await expect(palette.getByRole('option')).toHaveText(['New checklist', 'Go to checklists']);
  await page.keyboard.press('ArrowDown');
  await expect(palette.getByRole('option', { name: 'Go to checklists' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/checklists$/);
  await expect(palette).toHaveCount(0);

  // The screenshots above left the dark theme on: the command names the theme it switches to.
  await page.keyboard.press('Control+k');
  await page.keyboard.type('theme');
  await expect(palette.getByRole('option')).toHaveText(['Switch to light theme']);
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).not.toHaveClass(/(^|\s)dark(\s|$)/);
  await expect(palette).toHaveCount(0);

  // `?` lists the shortcuts.
  await page.keyboard.press('?');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet.getByRole('term')).toHaveText([
    'Open the command palette',
    'New quick note',
    'Search your notes',
    'Show this list of shortcuts',
    'Close a dialog or the palette',
  ]);
  await checkInBothThemes(page, (theme) => `palette-shortcuts-desktop-${theme}`);
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);

  // `/` focuses the search field of a screen that has one (Checklists); elsewhere it opens the palette
  // to search, and Escape closes it.
  await page.keyboard.press('/');
  await expect(page.locator('#note-search')).toBeFocused();
  await openCard(page, 'Weekend trip', 'View');
  await expect(page).toHaveURL(new RegExp(`/note/${trip!.id}$`));
  // From the checklists a checklist opens on its items; its details show the text.
  await page.getByRole('button', { name: 'View Details' }).click();
  await expect(page.getByText('Two nights by the sea').first()).toBeVisible();
  await page.keyboard.press('/');
  await expect(field).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(palette).toHaveCount(0);

  // On a note's screen the palette deletes that note, as every Delete does: the app's dialog naming it,
  // the Trash, and Undo (issue 32). Elsewhere it offers no such command.
  await page.keyboard.press('Control+k');
  await page.keyboard.type('delete this');
  await expect(palette.getByRole('option')).toHaveText(['Delete this note']);
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: 'Are you sure you want to delete this note?' });
  await expect(confirm).toHaveAccessibleDescription('“Weekend trip” will move to the Trash, where you can restore it.');
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page).toHaveURL(/\/checklists$/);
  await expectToast(page, 'Note deleted', 'Your note has been deleted successfully.');
  await page.keyboard.press('Control+k');
  await page.keyboard.type('delete this');
  // Only the question to the assistant is left (issue 34): no command deletes a note that is not open.
  await expect(palette.getByRole('option')).toHaveText([/^Ask .*: “delete this”/]);
  await page.keyboard.press('Escape');
  await toastRegion(page)
    .getByRole('listitem')
    .filter({ hasText: 'Note deleted' })
    .getByRole('button', { name: 'Undo' })
    .click();
  await expectToast(page, 'Note restored', '“Weekend trip” is back in your notes.');
  await page.goto(`/note/${trip!.id}`);

  // None fires while typing in a field: `n` and `?` are text in the editor's title.
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/edit/${trip!.id}$`));
  const title = page.getByLabel('Title', { exact: true });
  await title.focus();
  await page.keyboard.press('End');
  await page.keyboard.type(' n?/');
  await page.keyboard.press('Control+k');
  await expect(title).toHaveValue('Weekend trip n?/');
  await expect(page).toHaveURL(new RegExp(`/edit/${trip!.id}$`));
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('keys typed right after Ctrl+K go into the palette, none fires a shortcut; See all lists every match', async ({
  signedIn: page,
  account,
  request,
}) => {
  const pots = Array.from({ length: 9 }, (_, i) => ({ title: `Balcony pot ${i + 1}`, content: 'Terracotta' }));
  await seedNotes(request, account, [{ title: 'Balcony herbs', content: 'Basil and mint' }, ...pots]);
  await page.goto('/');
  await expect(card(page, 'Balcony herbs')).toBeVisible();
  // The palette's code is not loaded yet: these keys arrive before its field exists. `n` is the quick
  // note's shortcut and `?` the shortcuts list's.
  await page.keyboard.press('Control+k');
  await page.keyboard.type('balcony n?');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  const field = palette.getByRole('combobox');
  await expect(field).toHaveValue('balcony n?');
  await expect(field).toBeFocused();
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await expect(field).toHaveValue('balcony');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toHaveCount(0);

  // Eight notes, then the way to all ten.
  const options = palette.getByRole('group', { name: 'Notes' }).getByRole('option');
  await expect(options).toHaveCount(9);
  await expect(options.last()).toHaveText('See all 10 results');
  await options.last().click();
  await expect(page).toHaveURL(/\/\?q=balcony$/);
  await expect(page.getByText('10 notes match')).toBeVisible();
  expect(await serverNotes(request, account)).toHaveLength(10);
});

test('keys typed right after Quick note or `n` name the new note; none presses the button again (issue 33)', async ({
  signedIn: page,
  account,
  request,
}) => {
  // The editor's code is held back until the keys are typed, as on a slow phone or network: until it
  // comes, focus is on the button (a space would press it again) or on the page (`n` is a shortcut).
  let release = () => {};
  await page.route('**/assets/edit-note-page-*.js', async (route) => {
    await new Promise<void>((resolve) => (release = resolve));
    await route.continue();
  });
  const editorCode = () => page.waitForRequest('**/assets/edit-note-page-*.js');
  await page.goto('/');
  await expect(page.getByText("You don't have any notes yet")).toBeVisible();
  const title = page.getByLabel('Title', { exact: true });

  let requested = editorCode();
  await sidebar(page).getByRole('button', { name: 'Quick note' }).click();
  await requested;
  await page.keyboard.type('Call');
  // The screen arrives while the keys keep coming: none is lost or lands in the old title.
  release();
  await page.keyboard.type(' list today', { delay: 15 });
  await expect(title).toHaveValue('Call list today');
  await expect(title).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(card(page, 'Call list today')).toBeVisible();

  // A Tab typed ahead goes on to the note's text, where the user was heading.
  await page.reload();
  await expect(card(page, 'Call list today')).toBeVisible();
  requested = editorCode();
  await page.keyboard.press('n');
  await requested;
  await page.keyboard.type('new pots');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Terracotta, 30 cm');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Saucers');
  release();
  await expect(title).toHaveValue('new pots');
  const text = page.getByRole('textbox', { name: 'Note', exact: true });
  await expectEditorValue(text, 'Terracotta, 30 cm\nSaucers');
  await expect(text).toBeFocused();
  await page.keyboard.type('!');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(card(page, 'new pots')).toBeVisible();

  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  const titlesAndTexts = async () =>
    (await serverNotes(request, account))
      .map(({ title, content }) => ({ title, content }))
      .sort((a, b) => a.title.localeCompare(b.title));
  await expect.poll(titlesAndTexts).toEqual([
    { title: 'Call list today', content: '' },
    { title: 'new pots', content: 'Terracotta, 30 cm\nSaucers!' },
  ]);
});

test.describe('mobile', () => {
  test.use({ viewport: { width: VIEWPORTS[1].width, height: VIEWPORTS[1].height } });

  test('the top bar search button opens the palette', async ({ signedIn: page, account, request }) => {
    await seedNotes(request, account, [{ title: 'Sourdough', content: 'Feed the starter' }]);
    await page.goto('/');
    await page.getByRole('button', { name: 'Search and commands' }).click();
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await expect(palette.getByRole('combobox')).toBeFocused();
    await page.keyboard.type('starter');
    await expect(palette.getByRole('option', { name: 'Sourdough' })).toBeVisible();
    await checkInBothThemes(page, (theme) => `palette-mobile-${theme}`);
  });
});
