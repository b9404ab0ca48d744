// The Today screen's sections: Overdue, Today, Next 7 days; grouped by note, earliest first.
import { describe, expect, it } from 'vitest';
import type { ChecklistItem } from '#core/note';
import { firstItems, todayRange, todaySections } from './today-sections';
import { countDue, dueCandidatesRange } from './due-count';

const ZONE = 'Pacific/Auckland';
// Friday 27 March 2026, 09:00 in Auckland (NZDT, UTC+13): 26 March 20:00 UTC.
const NOW = new Date('2026-03-26T20:00:00.000Z');

const item = (id: string, due?: string, extra: Partial<ChecklistItem> = {}): ChecklistItem => ({
  id,
  text: `Item ${id}`,
  completed: false,
  ...(due ? { due } : {}),
  ...extra,
});

const note = (id: string, items: ChecklistItem[]) => ({ id, title: `Note ${id}`, checklist_items: items });

describe('firstItems', () => {
  it('keeps the first rows in order across notes and sections, and each section its whole count', () => {
    const sections = todaySections(
      [
        note('a', [item('a1', '2026-03-20'), item('a2', '2026-03-21')]),
        note('b', [item('b1', '2026-03-27'), item('b2', '2026-03-27')]),
      ],
      NOW,
      ZONE,
    );
    const cut = firstItems(sections, 3);
    expect(cut.map((s) => [s.bucket, s.count, s.groups.map((g) => g.items.map((i) => i.id))])).toEqual([
      ['overdue', 2, [['a1', 'a2']]],
      ['today', 2, [['b1']]],
    ]);
    expect(firstItems(sections, 2).map((s) => s.bucket)).toEqual(['overdue']);
    expect(firstItems(sections, 10)).toEqual(sections);
  });
});

describe('todaySections', () => {
  it('lists overdue, then today, then the next 7 days, leaving out later, undated and ticked items', () => {
    const notes = [
      note('a', [
        item('a1', '2026-03-30'),
        item('a2', '2026-03-27'),
        item('a3', '2026-04-20'),
        item('a4'),
        item('a5', '2026-03-20', { completed: true }),
      ]),
      note('b', [item('b1', '2026-03-25')]),
    ];
    const sections = todaySections(notes, NOW, ZONE);
    expect(sections.map((s) => [s.bucket, s.title, s.count])).toEqual([
      ['overdue', 'Overdue', 1],
      ['today', 'Today', 1],
      ['next7', 'Next 7 days', 1],
    ]);
    expect(sections[0]!.groups.map((g) => [g.note.id, g.items.map((i) => i.id)])).toEqual([['b', ['b1']]]);
    expect(sections[1]!.groups.map((g) => [g.note.id, g.items.map((i) => i.id)])).toEqual([['a', ['a2']]]);
    expect(sections[2]!.groups.map((g) => [g.note.id, g.items.map((i) => i.id)])).toEqual([['a', ['a1']]]);
  });

  it('takes an instant’s day in the user’s zone', () => {
    // 27 March 19:00 UTC is 28 March 08:00 in Auckland: tomorrow, not today.
    const sections = todaySections([note('a', [item('a1', '2026-03-27T19:00:00.000Z')])], NOW, ZONE);
    expect(sections.map((s) => s.bucket)).toEqual(['next7']);
  });

  it('orders notes as early by title', () => {
    const notes = [note('b', [item('b1', '2026-03-27')]), note('a', [item('a1', '2026-03-27')])];
    expect(todaySections(notes, NOW, ZONE)[0]!.groups.map((g) => g.note.id)).toEqual(['a', 'b']);
  });

  it('orders notes by their earliest item and items by due, all-day first', () => {
    const notes = [
      note('late', [item('l1', '2026-03-27T05:00:00.000Z')]),
      note('early', [item('e2', '2026-03-26T22:00:00.000Z'), item('e1', '2026-03-27')]),
    ];
    const [today] = todaySections(notes, NOW, ZONE);
    expect(today!.groups.map((g) => [g.note.id, g.items.map((i) => i.id)])).toEqual([
      ['early', ['e1', 'e2']],
      ['late', ['l1']],
    ]);
  });

  it('has no sections for nothing due', () => {
    expect(todaySections([note('a', [item('a1')]), { id: 'b', title: 'B', checklist_items: null }], NOW, ZONE)).toEqual(
      [],
    );
  });
});

describe('the index ranges', () => {
  it('reads 7 days ahead with room for an instant’s zone', () => {
    expect(todayRange(NOW, ZONE)).toEqual({ from: '', before: '2026-04-05' });
    // Whatever the zone: UTC's today is 2026-03-26, Auckland's 2026-03-27, Honolulu's 2026-03-26.
    expect(dueCandidatesRange(NOW)).toEqual({ from: '', before: '2026-03-29' });
    expect(dueCandidatesRange(new Date('2026-03-26T00:30:00.000Z'))).toEqual({ from: '', before: '2026-03-29' });
  });

  it('counts what is due today and overdue', () => {
    const dues = ['2026-03-20', '2026-03-27', '2026-03-26T22:00:00.000Z', '2026-03-28', '2026-03-27T12:00:00.000Z'];
    expect(countDue(dues, NOW, ZONE)).toEqual({ today: 2, overdue: 1 });
  });
});
