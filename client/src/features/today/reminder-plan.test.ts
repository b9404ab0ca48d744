// Which reminders the open app shows now, and when it looks again.
import { describe, expect, it } from 'vitest';
import type { ChecklistItem } from '#core/note';
import { planReminders, reminderKey, REMINDER_GRACE_MS, remindersOf } from './reminder-plan';

const NOW = Date.parse('2026-03-27T09:00:00.000Z');
const at = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();
const item = (id: string, due: string | undefined, extra: Partial<ChecklistItem> = {}): ChecklistItem => ({
  id,
  text: `Item ${id}`,
  completed: false,
  remind: true,
  ...(due ? { due } : {}),
  ...extra,
});

const notes = [
  {
    id: 'n',
    title: 'Plan',
    checklist_items: [
      item('later', at(5)),
      item('now', at(0)),
      item('missed', at(-30)),
      item('too-late', at(-61)),
      item('ticked', at(-1), { completed: true }),
      item('quiet', at(-1), { remind: false }),
      item('day', '2026-03-27'),
      item('soon', at(1)),
    ],
  },
];

describe('remindersOf', () => {
  it('takes unticked items with a reminder at an instant, earliest first', () => {
    expect(remindersOf(notes).map((r) => r.itemId)).toEqual(['too-late', 'missed', 'now', 'soon', 'later']);
    expect(remindersOf(notes)[0]).toMatchObject({ noteId: 'n', noteTitle: 'Plan', text: 'Item too-late' });
  });
});

describe('planReminders', () => {
  const reminders = remindersOf(notes);

  it('shows what is due within the grace period and wakes for the next one', () => {
    const plan = planReminders(reminders, NOW, new Set());
    expect(plan.due.map((r) => r.itemId)).toEqual(['missed', 'now']);
    expect(plan.nextAt).toBe(NOW + 60_000);
    expect(REMINDER_GRACE_MS).toBe(60 * 60_000);
  });

  it('never shows the same note, item and due twice; a moved due is a new reminder', () => {
    const shown = new Set(planReminders(reminders, NOW, new Set()).due.map(reminderKey));
    expect(planReminders(reminders, NOW, shown).due).toEqual([]);
    const moved = remindersOf([{ ...notes[0]!, checklist_items: [item('now', at(24 * 60))] }]);
    expect(planReminders(moved, NOW + 24 * 3_600_000, shown).due.map((r) => r.itemId)).toEqual(['now']);
  });

  it('has nothing to wake for when nothing is ahead', () => {
    expect(planReminders([], NOW, new Set())).toEqual({ due: [], nextAt: null });
  });
});
