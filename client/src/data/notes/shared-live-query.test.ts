// One live query per question, however many ask it; a failed read is told to its askers and asked anew.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sharedLiveQuery } from './shared-live-query';
import { localNoteMaker, scratchDatabases } from './testing/local-notes';

const U1 = '00000000-0000-4000-8000-000000000001';
const databases = scratchDatabases('sprout-shared-live-query');
afterEach(() => databases.closeAll());
const note = localNoteMaker(U1, (n) => `2024-01-${String(n).padStart(2, '0')}T00:00:00.000Z`);

describe('sharedLiveQuery', () => {
  it('reads once for two askers, tells both of a write, and stops when the last one goes', async () => {
    const db = databases.open();
    await db.notes.put(note());
    const read = vi.fn(() => db.notes.count());
    const question = { key: 'count', read };
    const one: number[] = [];
    const two: number[] = [];
    const first = sharedLiveQuery(db, question).subscribe((n) => one.push(n));
    const second = sharedLiveQuery(db, question).subscribe((n) => two.push(n));
    await vi.waitFor(() => expect(two).toEqual([1]));
    expect(one).toEqual([1]);
    expect(read).toHaveBeenCalledTimes(1);
    await db.notes.put(note());
    await vi.waitFor(() => expect(two).toEqual([1, 2]));
    expect(one).toEqual([1, 2]);
    first.unsubscribe();
    expect(sharedLiveQuery(db, question).getValue()).toBe(2);
    second.unsubscribe();
    expect(sharedLiveQuery(db, question).hasValue()).toBe(false);
  });

  it('tells its askers of a failed read, and the next asker reads again', async () => {
    const db = databases.open();
    await db.open();
    const failing = { key: 'broken', read: () => Promise.reject(new Error('disk gone')) };
    const error = await new Promise<unknown>((resolve) => sharedLiveQuery(db, failing).subscribe(() => {}, resolve));
    expect(error).toEqual(new Error('disk gone'));
    const read = vi.fn(() => db.notes.count());
    const values: number[] = [];
    sharedLiveQuery(db, { key: 'broken', read }).subscribe((n) => values.push(n));
    await vi.waitFor(() => expect(values).toEqual([0]));
    expect(read).toHaveBeenCalledTimes(1);
  });
});
