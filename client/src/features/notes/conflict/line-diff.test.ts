import { describe, expect, it } from 'vitest';
import { conflictText } from './conflict-text';
import { sideBySide } from './line-diff';

describe('the conflict view side by side', () => {
  it('marks the lines that differ in each version and keeps the common ones', () => {
    const result = sideBySide('one\ntwo\nthree\n', 'one\n2\nthree\nfour\n');
    expect(result.same).toBe(false);
    expect(result.left).toEqual([
      { text: 'one', changed: false },
      { text: 'two', changed: true },
      { text: 'three', changed: false },
    ]);
    expect(result.right).toEqual([
      { text: 'one', changed: false },
      { text: '2', changed: true },
      { text: 'three', changed: false },
      { text: 'four', changed: true },
    ]);
  });

  it('says when nothing differs', () => {
    expect(sideBySide('a\nb', 'a\nb')).toEqual({
      same: true,
      left: [
        { text: 'a', changed: false },
        { text: 'b', changed: false },
      ],
      right: [
        { text: 'a', changed: false },
        { text: 'b', changed: false },
      ],
    });
  });

  it('compares notes as labelled lines, the copy without its mark', () => {
    const note = {
      title: 'Trip (conflict copy)',
      content: 'Two nights',
      expanded_content: null,
      is_checklist: true,
      checklist_items: [{ id: 'a', text: 'Tickets', completed: true }],
    };
    expect(conflictText(note)).toBe('Title: Trip\n\nOriginal idea:\nTwo nights\n\nChecklist:\n[x] Tickets\n');
    const other = { ...note, title: 'Trip', checklist_items: [{ id: 'a', text: 'Tickets', completed: false }] };
    const diff = sideBySide(conflictText(note), conflictText(other));
    expect(diff.left.filter((line) => line.changed).map((line) => line.text)).toEqual(['[x] Tickets']);
    expect(diff.right.filter((line) => line.changed).map((line) => line.text)).toEqual(['[ ] Tickets']);
  });
});
