import { describe, expect, it } from 'vitest';
import { cardPreview } from './note-text';

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
      text: '## The plan\n\nStep one',
    });
    expect(cardPreview(note({ is_checklist: true, checklist_items: [] }))).toEqual({ kind: 'none' });
  });
});
