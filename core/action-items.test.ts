// The assistant's proposed action items read into steps, and the steps appended to a checklist.
import { describe, expect, it } from 'vitest';
import { ACTION_ITEMS_MAX, appendActionItems, parseActionItems } from './action-items';
import { NOTE_LIMITS } from './note-constants';
import { checklistItemsSchema, type ChecklistItem } from './note';

function counter(prefix = 'new'): () => string {
  let n = 0;
  return () => `${prefix}-${n++}`;
}

describe('parseActionItems', () => {
  it('reads numbered lines, taking the date off the dated ones', () => {
    const reply = [
      '1. Book the venue (due 2026-03-27)',
      '2. Send the invitations',
      '3) Order the cake (due 2026-04-02).',
    ].join('\n');
    expect(parseActionItems(reply)).toEqual([
      { text: 'Book the venue', due: '2026-03-27' },
      { text: 'Send the invitations' },
      { text: 'Order the cake', due: '2026-04-02' },
    ]);
  });

  it('reads bulleted lines, bold numbers, task boxes and the variants of the suffix models write', () => {
    const reply = [
      '- Call the caterer (Due: 2026-03-30)',
      '* **Draft the menu**',
      '• Pick the music [by 2026-03-28]',
      '**4.** Print the place cards',
      '- [ ] Buy candles',
    ].join('\n');
    expect(parseActionItems(reply)).toEqual([
      { text: 'Call the caterer', due: '2026-03-30' },
      { text: 'Draft the menu' },
      { text: 'Pick the music', due: '2026-03-28' },
      { text: 'Print the place cards' },
      { text: 'Buy candles' },
    ]);
  });

  it('leaves out what is not a list line: a heading, a remark, blank lines, empty items', () => {
    const reply = [
      'Here are the next actions:',
      '',
      '1. Book the venue',
      '2. ',
      '- (due 2026-03-27)',
      'Good luck with the party!',
    ].join('\n');
    expect(parseActionItems(reply)).toEqual([{ text: 'Book the venue' }]);
    expect(parseActionItems('No action items.')).toEqual([]);
    expect(parseActionItems('')).toEqual([]);
  });

  it('drops a date that is not a real day but keeps the step', () => {
    expect(parseActionItems('1. Pay the deposit (due 2026-02-30)\n2. Renew (due 2026-13-01)')).toEqual([
      { text: 'Pay the deposit' },
      { text: 'Renew' },
    ]);
    // A leap day is a real day in a leap year only.
    expect(parseActionItems('1. A (due 2028-02-29)\n2. B (due 2027-02-29)')).toEqual([
      { text: 'A', due: '2028-02-29' },
      { text: 'B' },
    ]);
  });

  it('keeps a date that is part of the text when it is not the suffix', () => {
    expect(parseActionItems('1. Confirm the 2026-03-27 booking')).toEqual([{ text: 'Confirm the 2026-03-27 booking' }]);
  });

  it(`keeps at most ${ACTION_ITEMS_MAX} steps, each within a checklist item's length`, () => {
    const reply = Array.from({ length: 14 }, (_, i) => `${i + 1}. Step ${i + 1}`).join('\n');
    const items = parseActionItems(reply);
    expect(items).toHaveLength(ACTION_ITEMS_MAX);
    expect(items.at(-1)).toEqual({ text: 'Step 10' });
    const long = parseActionItems(`1. ${'x'.repeat(NOTE_LIMITS.checklistItemText + 50)} (due 2026-03-27)`);
    expect(long).toEqual([{ text: 'x'.repeat(NOTE_LIMITS.checklistItemText), due: '2026-03-27' }]);
  });

  it('reads Windows line ends', () => {
    expect(parseActionItems('1. A\r\n2. B (due 2026-03-27)\r\n')).toEqual([
      { text: 'A' },
      { text: 'B', due: '2026-03-27' },
    ]);
  });
});

describe('appendActionItems', () => {
  const existing: ChecklistItem[] = [{ id: 'a', text: 'Already there', completed: true, due: '2026-03-01' }];

  it('appends unticked items after the existing ones, with their date when set', () => {
    const result = appendActionItems(
      existing,
      [{ text: ' Book the venue ', due: '2026-03-27' }, { text: 'Send invitations' }],
      counter(),
    );
    expect(result).toEqual({
      added: 2,
      items: [
        existing[0],
        { id: 'new-0', text: 'Book the venue', completed: false, due: '2026-03-27' },
        { id: 'new-1', text: 'Send invitations', completed: false },
      ],
    });
    expect(checklistItemsSchema.safeParse(result.items).success).toBe(true);
  });

  it('skips blank steps and dates that are not days', () => {
    const result = appendActionItems(
      [],
      [{ text: '  ' }, { text: 'Go', due: '2026-02-30' }, { text: 'Come', due: '' }],
      counter(),
    );
    expect(result).toEqual({
      added: 2,
      items: [
        { id: 'new-0', text: 'Go', completed: false },
        { id: 'new-1', text: 'Come', completed: false },
      ],
    });
  });

  it("stays within a note's bound on items", () => {
    const full = Array.from({ length: NOTE_LIMITS.checklistItems - 1 }, (_, i) => ({
      id: `i${i}`,
      text: 'x',
      completed: false,
    }));
    const result = appendActionItems(full, [{ text: 'One' }, { text: 'Two' }], counter());
    expect(result.added).toBe(1);
    expect(result.items).toHaveLength(NOTE_LIMITS.checklistItems);
    expect(result.items.at(-1)?.text).toBe('One');
  });
});
