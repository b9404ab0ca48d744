import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EMPTY_CONTENT, type ChecklistItem, type NoteContent } from './note-fields';
import { mergeContent } from './note-merge';

const note = (patch: Partial<NoteContent>): NoteContent => ({ ...EMPTY_CONTENT, title: 'Plan', ...patch });
const item = (id: string, text: string, completed = false): ChecklistItem => ({ id, text, completed });

function merged(base: Partial<NoteContent>, mine: Partial<NoteContent>, theirs: Partial<NoteContent>): NoteContent {
  const outcome = mergeContent(note(base), note({ ...base, ...mine }), note({ ...base, ...theirs }));
  if (!('merged' in outcome)) throw new Error(`conflicts in ${outcome.conflicts.join(', ')}`);
  return outcome.merged;
}

const LINES = [
  'Monday: plan the week',
  'Tuesday: gym',
  'Wednesday: call the bank',
  'Thursday: groceries',
  'Friday: rest',
];
const TEXT = LINES.join('\n');

describe('[S32] merging two versions made from one base', () => {
  it('keeps edits to different lines of the text from both sides', () => {
    const mine = TEXT.replace('Tuesday: gym', 'Tuesday: gym at 7');
    const theirs = TEXT.replace('Thursday: groceries', 'Thursday: groceries and bread');
    expect(merged({ content: TEXT }, { content: mine }, { content: theirs }).content).toBe(
      TEXT.replace('Tuesday: gym', 'Tuesday: gym at 7').replace('Thursday: groceries', 'Thursday: groceries and bread'),
    );
  });

  it('does not merge changes to the same line: the field is named as a conflict', () => {
    const outcome = mergeContent(
      note({ content: TEXT }),
      note({ content: TEXT.replace('gym', 'swim') }),
      note({ content: TEXT.replace('gym', 'run') }),
    );
    expect(outcome).toEqual({ conflicts: ['content'] });
  });

  it('takes a title, a plan or a text that only one side changed, whatever the other changed elsewhere', () => {
    const result = merged(
      { content: TEXT, expanded_content: null },
      { title: 'Week plan' },
      { expanded_content: '## Plan\n1. Start', content: TEXT.replace('Friday: rest', 'Friday: rest!') },
    );
    expect(result).toMatchObject({
      title: 'Week plan',
      expanded_content: '## Plan\n1. Start',
      content: TEXT.replace('Friday: rest', 'Friday: rest!'),
    });
  });

  it('merges checklist items by id: a tick on one side and a rename on the other both stay', () => {
    const base = [item('a', 'Milk'), item('b', 'Bread')];
    const result = merged(
      { is_checklist: true, checklist_items: base },
      { checklist_items: [item('a', 'Milk', true), item('b', 'Bread')] },
      { checklist_items: [item('a', 'Oat milk'), item('b', 'Bread')] },
    );
    expect(result.checklist_items).toEqual([item('a', 'Oat milk', true), item('b', 'Bread')]);
  });

  it('keeps an item deleted on one side deleted when the other left it alone, and keeps it when the other changed it', () => {
    const base = [item('a', 'Milk'), item('b', 'Bread'), item('c', 'Eggs')];
    const result = merged(
      { checklist_items: base },
      { checklist_items: [item('a', 'Milk'), item('c', 'Eggs', true)] },
      { checklist_items: [item('a', 'Milk'), item('b', 'Bread'), item('c', 'Eggs')].filter((i) => i.id !== 'c') },
    );
    // b: deleted by mine, untouched by theirs -> gone. c: deleted by theirs, ticked by mine -> kept, ticked.
    expect(result.checklist_items).toEqual([item('a', 'Milk'), item('c', 'Eggs', true)]);
  });

  it('keeps the items both sides added, each after the item it followed', () => {
    const base = [item('a', 'Milk'), item('b', 'Bread')];
    const result = merged(
      { checklist_items: base },
      { checklist_items: [item('a', 'Milk'), item('m', 'Mine'), item('b', 'Bread')] },
      { checklist_items: [...base, item('t', 'Theirs')] },
    );
    expect(result.checklist_items?.map((i) => i.id)).toEqual(['a', 'm', 'b', 't']);
  });

  it('does not merge one item renamed differently on both sides', () => {
    const base = [item('a', 'Milk')];
    const outcome = mergeContent(
      note({ checklist_items: base }),
      note({ checklist_items: [item('a', 'Oat milk')] }),
      note({ checklist_items: [item('a', 'Soy milk')] }),
    );
    expect(outcome).toEqual({ conflicts: ['checklist_items'] });
  });

  it('keeps every chat message once, theirs first', () => {
    const base = [{ role: 'user' as const, content: 'Hi' }];
    const mine = [...base, { role: 'user' as const, content: 'From the phone' }];
    const theirs = [...base, { role: 'assistant' as const, content: 'From the laptop' }];
    expect(merged({ chat_history: base }, { chat_history: mine }, { chat_history: theirs }).chat_history).toEqual([
      ...theirs,
      { role: 'user', content: 'From the phone' },
    ]);
  });

  it('takes the flags from the version merged in last when both changed them', () => {
    expect(
      merged({ is_checklist: false }, { is_checklist: true, trashed_at: '2026-03-01T10:00:00.000Z' }, { content: 'x' }),
    ).toMatchObject({ is_checklist: true, trashed_at: '2026-03-01T10:00:00.000Z', content: 'x' });
    expect(merged({ trashed_at: '2026-03-01T10:00:00.000Z' }, {}, { trashed_at: null }).trashed_at).toBeNull();
  });

  it('property: a side left as it was gives the other side, whatever it is', () => {
    const content = fc.record({
      title: fc.string({ minLength: 1, maxLength: 20 }),
      content: fc.array(fc.string({ maxLength: 8 }), { maxLength: 6 }).map((lines) => lines.join('\n')),
      is_checklist: fc.boolean(),
    });
    fc.assert(
      fc.property(content, content, (base, theirs) => {
        const outcome = mergeContent(note(base), note(base), note(theirs));
        expect(outcome).toEqual({ merged: note(theirs) });
      }),
    );
  });

  it('property: edits to lines two or more apart always merge, and the result holds both', () => {
    const lines = fc.array(fc.stringMatching(/^[a-z]{1,6}$/), { minLength: 4, maxLength: 12 });
    fc.assert(
      fc.property(lines, fc.nat(), fc.nat(), (base, i, j) => {
        const a = i % base.length;
        const b = (a + 2 + (j % Math.max(1, base.length - 3))) % base.length;
        if (Math.abs(a - b) < 2) return;
        const mine = base.map((line, k) => (k === a ? `${line}-mine` : line));
        const theirs = base.map((line, k) => (k === b ? `${line}-theirs` : line));
        const outcome = mergeContent(
          note({ content: base.join('\n') }),
          note({ content: mine.join('\n') }),
          note({ content: theirs.join('\n') }),
        );
        if (!('merged' in outcome)) throw new Error('did not merge');
        const result = outcome.merged.content.split('\n');
        expect(result[a]).toBe(`${base[a]}-mine`);
        expect(result[b]).toBe(`${base[b]}-theirs`);
        expect(result).toHaveLength(base.length);
      }),
    );
  });
});
