import { describe, expect, it } from 'vitest';
import { cardPreview, markdownAsText } from './note-text';

const note = (patch: Partial<Parameters<typeof cardPreview>[0]>) => ({
  content: '',
  is_checklist: false,
  checklist_items: null,
  expanded_content: null,
  ...patch,
});
const item = (n: number, completed = false) => ({ id: `i${n}`, text: `Item ${n}`, completed });

describe('cardPreview: a card shows what the note holds', () => {
  it('shows the text first, then a checklist’s first three items, then the plan, else nothing', () => {
    expect(cardPreview(note({ content: ' Buy milk ', expanded_content: 'Plan' }))).toEqual({
      kind: 'text',
      text: 'Buy milk',
    });
    expect(
      cardPreview(note({ is_checklist: true, checklist_items: [1, 2, 3, 4].map((n) => item(n, n === 1)) })),
    ).toEqual({
      kind: 'items',
      items: [item(1, true), item(2), item(3)],
    });
    expect(cardPreview(note({ expanded_content: '## The plan\n\nStep one' }))).toEqual({
      kind: 'text',
      text: 'The plan\n\nStep one',
    });
    expect(cardPreview(note({ is_checklist: true, checklist_items: [] }))).toEqual({ kind: 'none' });
  });
});

describe('markdownAsText', () => {
  it('shows the words of Markdown without the signs that shape them', () => {
    const markdown = [
      '# Launch plan',
      '> A quote with **bold** and *italic* and _this_',
      '- a bullet with `code`',
      '- [ ] open task',
      '- [x] done task',
      '1. numbered [a link](https://example.com) and <https://example.org>',
      '```js',
      'const x = 1;',
      '```',
      'snake_case_name and 2 * 3 * 4 stay; ~~gone~~',
    ].join('\n');
    expect(markdownAsText(markdown)).toBe(
      [
        'Launch plan',
        'A quote with bold and italic and this',
        '• a bullet with code',
        '☐ open task',
        '☑ done task',
        '1. numbered a link and https://example.org',
        'const x = 1;',
        'snake_case_name and 2 * 3 * 4 stay; gone',
      ].join('\n'),
    );
  });

  it('leaves text without Markdown as it is', () => {
    expect(markdownAsText('Milk and bread')).toBe('Milk and bread');
  });
});
