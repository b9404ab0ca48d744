// The Markdown editor (issue 33) in the specs: its text as stored, read from CodeMirror's own state (the
// page shows it with its syntax hidden away from the caret, so the DOM's text is not the note's), and
// typing into it as a user would. A plain text field is read and filled the same way.
import { expect, type ElementHandle, type Locator } from '@playwright/test';

/**
 * The field's text as the form holds it. A handle reads it where a role locator no longer finds it: behind
 * a modal dialog, which hides the rest of the page from the accessibility tree.
 */
export async function editorValue(field: Locator | ElementHandle<Node>): Promise<string> {
  const read = (el: Node) => {
    if (el instanceof HTMLTextAreaElement || el instanceof HTMLInputElement) return el.value;
    type Tile = { root?: { view?: { state: { doc: { toString(): string } } } } };
    const view = (el as unknown as { cmTile?: Tile }).cmTile?.root?.view;
    if (!view) throw new Error('neither a text field nor a CodeMirror editor');
    return view.state.doc.toString();
  };
  return 'elementHandle' in field ? field.evaluate(read) : field.evaluate(read);
}

/** Waits until the field holds `expected` (a regular expression: matches it). */
export async function expectEditorValue(field: Locator, expected: string | RegExp): Promise<void> {
  if (typeof expected === 'string') await expect.poll(() => editorValue(field)).toBe(expected);
  else await expect.poll(() => editorValue(field)).toMatch(expected);
}

/** Replaces the field's text with `text`, typed in as one paste would put it. */
export async function fillEditor(field: Locator, text: string): Promise<void> {
  await field.click();
  await field.press('ControlOrMeta+a');
  if (text === '') await field.press('Delete');
  else await field.page().keyboard.insertText(text);
  await expectEditorValue(field, text);
}
