// Setting, clearing and ticking dated checklist items, and the device's due index keys.
import { describe, expect, it } from 'vitest';
import { replaceItem, tickItem, tickOutcome, withDue, withPhraseDate } from './checklist-due';
import { dueKeysOf, readDueKey } from './local-index-keys';
import { checklistItemsSchema } from './note';
import type { ChecklistItem } from './note';

const ZONE = 'Europe/London';
// Friday 27 March 2026, 10:00 in London (still GMT; the clocks go forward on the 29th).
const NOW = new Date('2026-03-27T10:00:00.000Z');
const item: ChecklistItem = { id: 'a', text: 'Call the venue', completed: false };

describe('withDue', () => {
  it('sets a day, a repeat and leaves no undefined members', () => {
    const dated = withDue(item, { due: '2026-03-31', repeat: 'weekly', remind: undefined });
    expect(dated).toEqual({ ...item, due: '2026-03-31', repeat: 'weekly' });
    expect(Object.keys(dated)).not.toContain('remind');
    expect(checklistItemsSchema.safeParse([dated]).success).toBe(true);
  });

  it('keeps a reminder only with a time', () => {
    expect(withDue(item, { due: '2026-03-31', remind: true }).remind).toBeUndefined();
    expect(withDue(item, { due: '2026-03-31T08:00:00.000Z', remind: true }).remind).toBe(true);
  });

  it('clears the date with what hangs on it', () => {
    const dated: ChecklistItem = { ...item, due: '2026-03-31T08:00:00.000Z', repeat: 'daily', remind: true };
    expect(withDue(dated, null)).toEqual(item);
  });
});

describe('withPhraseDate', () => {
  it('takes the phrase out of the text and dates the item', () => {
    const text = { ...item, text: 'Call the venue by next Friday' };
    expect(withPhraseDate(text, { due: '2026-04-03', textWithout: 'Call the venue ' })).toEqual({
      ...item,
      due: '2026-04-03',
    });
  });

  it('keeps the text when the phrase was all of it', () => {
    const text = { ...item, text: 'every Monday' };
    expect(withPhraseDate(text, { due: '2026-03-30', repeat: 'weekly', textWithout: ' ' })).toEqual({
      ...text,
      due: '2026-03-30',
      repeat: 'weekly',
    });
  });
});

describe('tickOutcome and tickItem', () => {
  it('ticks an item without a repeat, and unticks it', () => {
    const dated = { ...item, due: '2026-03-27' };
    expect(tickOutcome(dated, ZONE, NOW)).toEqual({ kind: 'toggle' });
    const { items, moved } = tickItem([dated], 'a', ZONE, NOW);
    expect(items).toEqual([{ ...dated, completed: true }]);
    expect(moved).toBeNull();
    expect(tickItem(items, 'a', ZONE, NOW).items).toEqual([dated]);
  });

  it('moves a repeating item to its next date and leaves it unticked', () => {
    const weekly: ChecklistItem = { ...item, due: '2026-03-27', repeat: 'weekly' };
    const { items, moved } = tickItem([weekly], 'a', ZONE, NOW);
    expect(moved).toEqual({ ...weekly, due: '2026-04-03' });
    expect(items).toEqual([moved]);
  });

  it('moves an overdue repeating item past today, keeping its wall-clock time and reminder', () => {
    // Due daily at 09:00 London since Monday; the clocks change on Sunday 29 March.
    const daily: ChecklistItem = { ...item, due: '2026-03-23T09:00:00.000Z', repeat: 'daily', remind: true };
    const outcome = tickOutcome(daily, ZONE, NOW);
    expect(outcome).toEqual({ kind: 'moved', item: { ...daily, due: '2026-03-28T09:00:00.000Z' } });
  });

  it('unticks a ticked repeating item rather than moving it', () => {
    const done: ChecklistItem = { ...item, completed: true, due: '2026-03-27', repeat: 'daily' };
    expect(tickItem([done], 'a', ZONE, NOW).items[0]?.completed).toBe(false);
  });

  it('returns the same list for an unknown id', () => {
    const items = [item];
    expect(tickItem(items, 'nope', ZONE, NOW).items).toBe(items);
    expect(replaceItem(items, 'nope', item)).toBe(items);
  });
});

describe('dueKeysOf', () => {
  const note = {
    id: 'n1',
    user_id: 'u1',
    deleted_at: null,
    trashed_at: null,
    archived_at: null,
    checklist_items: [
      { id: 'a', text: 'dated', completed: false, due: '2026-03-31' },
      { id: 'b', text: 'timed', completed: false, due: '2026-03-31T08:00:00.000Z', remind: true },
      { id: 'c', text: 'done', completed: true, due: '2026-03-31' },
      { id: 'd', text: 'undated', completed: false },
      { id: 'e', text: 'bad', completed: false, due: 'next week' },
    ],
  };

  it('keys each unticked dated item of a listed note, in due order', () => {
    const keys = dueKeysOf(note);
    expect(keys.map((key) => readDueKey(key, 'u1'))).toEqual([
      { due: '2026-03-31', itemId: 'a' },
      { due: '2026-03-31T08:00:00.000Z', itemId: 'b' },
    ]);
    expect([...keys].sort()).toEqual(keys);
    expect(readDueKey(keys[0]!, 'u2')).toBeNull();
  });

  it('keys nothing for a note out of the lists', () => {
    for (const placed of [{ archived_at: 'x' }, { trashed_at: 'x' }, { deleted_at: 'x' }])
      expect(dueKeysOf({ ...note, ...placed })).toEqual([]);
    expect(dueKeysOf({ ...note, checklist_items: null })).toEqual([]);
  });
});
