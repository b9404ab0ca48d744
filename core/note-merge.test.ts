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

  it('keeps the lines both sides added at the same place, theirs first, and a line both added once', () => {
    const list = 'Milk\nBread';
    expect(merged({ content: list }, { content: `${list}\nEggs` }, { content: `${list}\nTea\nJam` }).content).toBe(
      'Milk\nBread\nTea\nJam\nEggs',
    );
    expect(merged({ content: list }, { content: `${list}\nEggs` }, { content: `${list}\nEggs` }).content).toBe(
      'Milk\nBread\nEggs',
    );
  });

  it('keeps a line one side added next to a line the other changed; two changes of one line do not merge', () => {
    const list = 'Milk\nBread';
    expect(merged({ content: list }, { content: `${list}\nEggs` }, { content: 'Milk\nBrown bread' }).content).toBe(
      'Milk\nBrown bread\nEggs',
    );
    expect(merged({ content: list }, { content: 'Milk\nBrown bread' }, { content: `Butter\n${list}` }).content).toBe(
      'Butter\nMilk\nBrown bread',
    );
    const outcome = mergeContent(
      note({ content: list }),
      note({ content: 'Milk\nWhite bread\nEggs' }),
      note({ content: 'Milk\nBrown bread' }),
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

  it('keeps the order of the side that moved items: mine moved one, theirs renamed one and added one', () => {
    const base = [item('a', 'Milk'), item('b', 'Bread'), item('c', 'Eggs')];
    const result = merged(
      { is_checklist: true, checklist_items: base },
      { checklist_items: [item('c', 'Eggs'), item('a', 'Milk'), item('b', 'Bread')] },
      { checklist_items: [item('a', 'Oat milk'), item('b', 'Bread'), item('d', 'Jam'), item('c', 'Eggs')] },
    );
    expect(result.checklist_items).toEqual([
      item('c', 'Eggs'),
      item('a', 'Oat milk'),
      item('b', 'Bread'),
      item('d', 'Jam'),
    ]);
  });

  it('keeps theirs’ order when both sides moved items, and when only theirs did', () => {
    const base = [item('a', 'Milk'), item('b', 'Bread'), item('c', 'Eggs')];
    const both = merged(
      { is_checklist: true, checklist_items: base },
      { checklist_items: [item('c', 'Eggs'), item('a', 'Milk'), item('b', 'Bread')] },
      { checklist_items: [item('b', 'Bread'), item('a', 'Milk'), item('c', 'Eggs')] },
    );
    expect(both.checklist_items?.map((entry) => entry.id)).toEqual(['b', 'a', 'c']);
    const theirs = merged(
      { is_checklist: true, checklist_items: base },
      { checklist_items: [item('a', 'Milk', true), item('b', 'Bread'), item('c', 'Eggs')] },
      { checklist_items: [item('c', 'Eggs'), item('a', 'Milk'), item('b', 'Bread')] },
    );
    expect(theirs.checklist_items).toEqual([item('c', 'Eggs'), item('a', 'Milk', true), item('b', 'Bread')]);
  });

  it('merges an item’s date like its other members: a date set on one side and a tick on the other both stay', () => {
    const base = [item('a', 'Call the venue'), item('b', 'Bread')];
    const result = merged(
      { is_checklist: true, checklist_items: base },
      {
        checklist_items: [{ ...item('a', 'Call the venue'), due: '2026-03-27', repeat: 'weekly' }, item('b', 'Bread')],
      },
      { checklist_items: [item('a', 'Call the venue', true), { ...item('b', 'Bread'), due: '2026-03-28' }] },
    );
    expect(result.checklist_items).toEqual([
      { ...item('a', 'Call the venue', true), due: '2026-03-27', repeat: 'weekly' },
      { ...item('b', 'Bread'), due: '2026-03-28' },
    ]);
    // Neither side dated it: no date member appears.
    expect(Object.keys((result.checklist_items ?? [])[1] ?? {})).toContain('due');
    expect(Object.keys((result.checklist_items ?? [])[0] ?? {})).not.toContain('remind');
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

  it('merges tags as sets: a tag either side added stays, one either side removed goes', () => {
    const base = { tags: ['home', 'work', 'garden'] };
    expect(merged(base, { tags: ['home', 'garden', 'urgent'] }, { tags: ['work', 'garden', 'plan'] }).tags).toEqual([
      'garden',
      'plan',
      'urgent',
    ]);
    expect(merged(base, { tags: null }, { tags: ['home', 'work', 'garden'] }).tags).toBeNull();
    expect(merged({ tags: null }, { tags: ['a'] }, { tags: ['b'] }).tags).toEqual(['b', 'a']);
  });

  it('keeps the note out of the assistant if either version does, whatever the base (issue 34)', () => {
    expect(merged({ ai_excluded: false }, { ai_excluded: true }, { content: 'edited' }).ai_excluded).toBe(true);
    expect(merged({ ai_excluded: false }, { content: 'edited' }, { ai_excluded: true }).ai_excluded).toBe(true);
    // An unmarking meets a change made while the note was kept out: that change may hold what its writer
    // meant to keep from the AI, so the note stays kept out.
    expect(merged({ ai_excluded: true }, { ai_excluded: false }, { content: 'secret' }).ai_excluded).toBe(true);
    expect(merged({ ai_excluded: true }, { content: 'secret' }, { ai_excluded: false }).ai_excluded).toBe(true);
    expect(merged({ ai_excluded: true }, { ai_excluded: false }, { ai_excluded: false }).ai_excluded).toBe(false);
    expect(merged({ ai_excluded: false }, { title: 'a' }, { content: 'b' }).ai_excluded).toBe(false);
  });

  it('takes the flags from the version merged in last when both changed them', () => {
    expect(
      merged(
        { is_checklist: false },
        { is_checklist: true, trashed_at: '2026-03-01T10:00:00.000Z' },
        { is_checklist: false },
      ),
    ).toMatchObject({ is_checklist: true, trashed_at: '2026-03-01T10:00:00.000Z' });
    expect(merged({ trashed_at: '2026-03-01T10:00:00.000Z' }, {}, { trashed_at: null }).trashed_at).toBeNull();
  });

  it('[S33] keeps a note out of the Trash when the other side edited it: a move to the Trash loses to an edit it never saw', () => {
    const trashed = '2026-03-01T10:00:00.000Z';
    const edited = { content: TEXT.replace('Friday: rest', 'Friday: rest!') };
    expect(merged({ content: TEXT }, { trashed_at: trashed }, edited)).toMatchObject({ ...edited, trashed_at: null });
    expect(merged({ content: TEXT }, edited, { trashed_at: trashed })).toMatchObject({ ...edited, trashed_at: null });
    // Both sides moved it (one also edited it first, on the same device): it stays in the Trash.
    expect(merged({ content: TEXT }, { ...edited, trashed_at: trashed }, { trashed_at: trashed }).trashed_at).toBe(
      trashed,
    );
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
    // Distinct lines: where lines repeat, the diff may pair them otherwise and call the edits neighbours.
    const lines = fc.uniqueArray(fc.stringMatching(/^[a-z]{1,6}$/), { minLength: 4, maxLength: 12 });
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

  it('property: a merge keeps every line either side wrote, and a side that wrote none gets the other', () => {
    const base = fc.uniqueArray(fc.stringMatching(/^[a-z]{1,4}$/), { minLength: 0, maxLength: 10 });
    // One side's edits: lines replaced, inserted or removed at random places, each new line unique.
    let fresh = 0;
    const edit = fc.array(fc.record({ at: fc.nat(), kind: fc.constantFrom('replace', 'insert', 'remove') }), {
      maxLength: 4,
    });
    const apply = (lines: string[], edits: { at: number; kind: string }[], side: string) => {
      const out = [...lines];
      for (const { at, kind } of edits) {
        const i = out.length === 0 ? 0 : at % out.length;
        if (kind === 'insert' || out.length === 0) out.splice(i, 0, `${side}${++fresh}`);
        else if (kind === 'replace') out[i] = `${side}${++fresh}`;
        else out.splice(i, 1);
      }
      return out;
    };
    fc.assert(
      fc.property(base, edit, edit, (lines, mineEdits, theirEdits) => {
        const mine = apply(lines, mineEdits, 'M');
        const theirs = apply(lines, theirEdits, 'T');
        const outcome = mergeContent(
          note({ content: lines.join('\n') }),
          note({ content: mine.join('\n') }),
          note({ content: theirs.join('\n') }),
        );
        if (!('merged' in outcome)) return;
        const result = new Set(outcome.merged.content.split('\n'));
        for (const line of [...mine, ...theirs]) if (!lines.includes(line)) expect(result).toContain(line);
      }),
      { numRuns: 500 },
    );
  });
});
