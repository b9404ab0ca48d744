// The Markdown editor (issue 33) in Chromium against the real server: pasted Markdown is kept as written
// and shown rendered in the Note tab and on the card; syntax shows only on the lines being edited; the
// formatting keys; a task ticked in the editor; a note opened and saved unchanged stays byte for byte; the
// editor is a named text field a keyboard reaches, clean for axe in both themes, on a desktop and a phone;
// text that arrives in an empty editor leaves the caret after it.
import { checkInBothThemes, MOBILE, resizeTo } from './support/a11y';
import { editorValue, expectEditorValue } from './support/editor';
import { test, expect } from './support/fixtures';
import { card, editOnServer, seedNotes, serverNote } from './support/notes';
import { gotoAs } from './support/session';

const PASTED = [
  '# Garden launch',
  '',
  'We open the **community garden** in *spring*, see [the plan](https://example.com/plan).',
  '',
  '## Steps',
  '',
  '- Clear the beds',
  '- Order `seed mix` and compost',
  '- [ ] Book the volunteers',
  '- [x] Ask the council',
  '',
  '> Start small, grow every season.',
  '',
  '```',
  'budget: 400',
  '```',
].join('\n');

// A plain note's text; a note with a plan names it 'Original idea', as the spec's Edit screen does.
const EDITOR = { name: 'Note', exact: true } as const;

test('pasted Markdown is kept as written, rendered in the Note tab and on the card, and its syntax shows only where the caret is', async ({
  signedIn: page,
  account,
  request,
}) => {
  const [note] = await seedNotes(request, account, [{ title: 'Garden', content: '' }]);
  await gotoAs(page, `/edit/${note!.id}`);
  const editor = page.getByRole('textbox', EDITOR);
  await expect(editor).toHaveAttribute('contenteditable', 'true');
  await expect(editor).toHaveAttribute('aria-multiline', 'true');

  await test.step('a paste keeps every character', async () => {
    await editor.click();
    await editor.evaluate((element, text) => {
      const data = new DataTransfer();
      data.setData('text/plain', text);
      element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, PASTED);
    await expectEditorValue(editor, PASTED);
  });

  await test.step('away from the caret the marks are hidden; on its line they show', async () => {
    await page.getByRole('textbox', { name: 'Title' }).click();
    const lines = editor.locator('.cm-line');
    await expect(lines.first()).toHaveText('Garden launch');
    await expect(lines.nth(2)).toHaveText('We open the community garden in spring, see the plan.');
    await expect(editor.getByRole('checkbox', { name: 'Not done' })).toBeVisible();
    await lines.first().click();
    await expect(lines.first()).toHaveText('# Garden launch');
    await expect(lines.nth(2)).toHaveText('We open the community garden in spring, see the plan.');
    await checkInBothThemes(page, (theme) => `editor-live-preview-desktop-${theme}`, { what: 'Markdown editor' });
  });

  await test.step('a task ticked in the editor is ticked in the text', async () => {
    await page.getByRole('textbox', { name: 'Title' }).click();
    await editor.getByRole('checkbox', { name: 'Not done' }).click();
    await expectEditorValue(editor, PASTED.replace('- [ ] Book', '- [x] Book'));
  });

  await test.step('saved, the Note tab renders it and the card shows its words', async () => {
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(card(page, 'Garden')).toContainText('Garden launch');
    await expect(card(page, 'Garden')).not.toContainText('# Garden');
    await expect(card(page, 'Garden')).not.toContainText('**');
    // The sidebar's count may not show the save yet: the server's copy is what is waited for.
    await expect
      .poll(async () => (await serverNote(request, account, note!.id))?.content)
      .toBe(PASTED.replace('- [ ] Book', '- [x] Book'));
    await page.goto(`/view/${note!.id}`);
    const shown = page.getByRole('tabpanel', { name: 'Note' });
    await expect(shown.getByText('community garden', { exact: true })).toHaveJSProperty('tagName', 'STRONG');
    await expect(shown.getByRole('link', { name: 'the plan' })).toHaveAttribute('href', 'https://example.com/plan');
    await expect(shown.getByRole('listitem').filter({ hasText: 'Clear the beds' })).toBeVisible();
    await expect(shown).not.toContainText('**');
  });
});

test('Ctrl+B, I and K write Markdown around the selection, and the same key takes it off', async ({
  signedIn: page,
  account,
  request,
}) => {
  const [note] = await seedNotes(request, account, [{ title: 'Keys', content: '' }]);
  await gotoAs(page, `/edit/${note!.id}`);
  const editor = page.getByRole('textbox', EDITOR);
  await editor.click();
  await page.keyboard.type('plan');
  await page.keyboard.press('Shift+Home');
  await page.keyboard.press('Control+b');
  await expectEditorValue(editor, '**plan**');
  await page.keyboard.press('Control+b');
  await expectEditorValue(editor, 'plan');
  await page.keyboard.press('Control+i');
  await expectEditorValue(editor, '*plan*');
  await page.keyboard.press('Control+i');
  await page.keyboard.press('Control+k');
  await page.keyboard.type('https://example.com');
  await expectEditorValue(editor, '[plan](https://example.com)');
  // A list goes on with Enter.
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('- first');
  await page.keyboard.press('Enter');
  await page.keyboard.type('second');
  await expectEditorValue(editor, '[plan](https://example.com)\n- first\n- second');
});

test('a note opened and saved without a change keeps its text byte for byte', async ({
  signedIn: page,
  account,
  request,
}) => {
  const content =
    'Trailing spaces  \n\tA tab, *an odd* **mark\n\n\n1) numbered\n* star\u00a0nbsp\n#notatitle\n<b>raw</b>';
  const expanded = '## Plan\r\nWindows line ends\r\n- kept';
  const [note] = await seedNotes(request, account, [{ title: 'Exact', content, expanded_content: expanded }]);
  await gotoAs(page, `/edit/${note!.id}`);
  await expectEditorValue(page.getByRole('textbox', { name: 'Original idea' }), content);
  await page.getByRole('tab', { name: 'Expanded' }).click();
  expect(await editorValue(page.getByRole('textbox', { name: 'Expanded content' }))).toContain('Windows line ends');
  await page.getByRole('textbox', { name: 'Title' }).fill('Exact, renamed');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(/\/$/);
  // The sidebar's count may not show the save yet: the server's copy is what is waited for.
  await expect.poll(async () => (await serverNote(request, account, note!.id))?.title).toBe('Exact, renamed');
  const saved = await serverNote(request, account, note!.id);
  expect(saved?.content).toBe(content);
  expect(saved?.expanded_content).toBe(expanded);
});

test('text that arrives from another device in an empty editor puts the caret after it', async ({
  signedIn: page,
  account,
  request,
}) => {
  const [note] = await seedNotes(request, account, [{ title: 'Packing', content: '' }]);
  await gotoAs(page, `/edit/${note!.id}`);
  const field = page.getByRole('textbox', { name: 'Note', exact: true });
  await field.click();
  await editOnServer(request, account, note!.id, { content: 'Tent and stove' });
  await expectEditorValue(field, 'Tent and stove');
  await page.keyboard.type(', matches');
  await expectEditorValue(field, 'Tent and stove, matches');
});

test('the keyboard reaches the editor from the title, and it reads as a named text field', async ({
  signedIn: page,
  account,
  request,
}) => {
  const [note] = await seedNotes(request, account, [{ title: 'Reach', content: 'Words' }]);
  await gotoAs(page, `/edit/${note!.id}`);
  const editor = page.getByRole('textbox', EDITOR);
  await expect(editor).toHaveAccessibleName('Note');
  await page.getByRole('textbox', { name: 'Title' }).focus();
  for (let presses = 0; presses < 6 && !(await editor.evaluate((el) => el === document.activeElement)); presses++)
    await page.keyboard.press('Tab');
  await expect(editor).toBeFocused();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(' typed');
  await expectEditorValue(editor, 'Words typed');
  // Tab leaves the editor, as it leaves any text field.
  await page.keyboard.press('Tab');
  await expect(editor).not.toBeFocused();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: MOBILE.width, height: MOBILE.height } });

  test('the editor fills the width and grows with its text', async ({ signedIn: page, account, request }) => {
    const [note] = await seedNotes(request, account, [{ title: 'Phone', content: PASTED }]);
    await gotoAs(page, `/edit/${note!.id}`);
    await resizeTo(page, MOBILE);
    const editor = page.getByRole('textbox', EDITOR);
    await expectEditorValue(editor, PASTED);
    const box = (await editor.boundingBox())!;
    expect(box.width).toBeGreaterThan(300);
    // No inner scrollbar: the whole text is laid out, the page scrolls.
    expect(box.height).toBeGreaterThan(300);
    await checkInBothThemes(page, (theme) => `editor-mobile-${theme}`, { what: 'Markdown editor (phone)' });
  });
});
