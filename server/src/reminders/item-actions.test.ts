import { describe, expect, it } from 'vitest';
import { markDone } from './item-actions';

const due = '2026-03-31T08:00:00.000Z';
const next = () => '2026-04-01T08:00:00.000Z';

describe("'Done' on a reminder's item", () => {
  const other = { id: 'a', text: 'Other', completed: false, note: 'kept as stored' };

  it('ticks the item and leaves every other item and member as stored', () => {
    const item = { id: 'b', text: 'Call', completed: false, due, remind: true, future: 1 };
    expect(markDone([other, item], 'b', due, next)).toEqual({
      kind: 'ticked',
      items: [other, { ...item, completed: true }],
      due,
    });
  });

  it('moves a repeating item to its next date, unticked', () => {
    const item = { id: 'b', text: 'Call', completed: false, due, repeat: 'daily', remind: true };
    expect(markDone([item, other], 'b', due, next)).toEqual({
      kind: 'moved',
      items: [{ ...item, due: '2026-04-01T08:00:00.000Z' }, other],
      due: '2026-04-01T08:00:00.000Z',
    });
  });

  it('ticks a repeating item whose date cannot be read on', () => {
    const item = { id: 'b', text: 'Call', completed: false, due, repeat: 'weekly' };
    expect(markDone([item], 'b', due, () => null)).toMatchObject({ kind: 'ticked', items: [{ completed: true, due }] });
  });

  it('changes nothing for an item already ticked or moved on, and finds no item that is gone', () => {
    expect(markDone([{ id: 'b', text: '', completed: true, due }], 'b', due, next)).toEqual({ kind: 'unchanged' });
    expect(markDone([{ id: 'b', text: '', completed: false, due: next() }], 'b', due, next)).toEqual({
      kind: 'unchanged',
    });
    expect(markDone([other], 'b', due, next)).toEqual({ kind: 'missing' });
    expect(markDone(null, 'b', due, next)).toEqual({ kind: 'missing' });
    expect(markDone([null, 'b', ['b']], 'b', due, next)).toEqual({ kind: 'missing' });
  });
});
