// Newest-first ordering and the Recent Ideas list.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compareNotesNewestFirst, recentExpandedNotes, sortNotesNewestFirst } from './notes-order';

interface TestNote {
  id: string;
  updated_at: string;
  expanded_content: string | null;
  deleted_at?: string | null;
}

function note(id: string, updated_at: string, expanded_content: string | null = 'Plan'): TestNote {
  return { id, updated_at, expanded_content };
}

describe('compareNotesNewestFirst', () => {
  it('puts the latest update first', () => {
    const notes = [note('a', '2024-01-01T00:00:00Z'), note('b', '2024-03-01T00:00:00Z'), note('c', '2024-02-01T00:00:00Z')];
    expect([...notes].sort(compareNotesNewestFirst).map((n) => n.id)).toEqual(['b', 'c', 'a']);
  });

  it('compares instants, not strings, across offsets and precisions', () => {
    const notes = [
      note('utc', '2024-01-01T10:00:00Z'),
      note('plus2', '2024-01-01T11:30:00+02:00'),
      note('micro', '2024-01-01T10:00:00.000001+00:00'),
      note('short', '2024-01-01 10:30:00+00'),
    ];
    expect([...notes].sort(compareNotesNewestFirst).map((n) => n.id)).toEqual(['short', 'micro', 'utc', 'plus2']);
  });

  it('breaks ties by id', () => {
    const at = '2024-01-01T00:00:00Z';
    expect([note('b', at), note('a', at), note('c', at)].sort(compareNotesNewestFirst).map((n) => n.id)).toEqual(['a', 'b', 'c']);
    expect(compareNotesNewestFirst(note('a', at), note('a', at))).toBe(0);
  });

  it('puts bad dates last', () => {
    const notes = [note('bad', 'garbage'), note('ok', '2020-01-01T00:00:00Z')];
    expect([...notes].sort(compareNotesNewestFirst).map((n) => n.id)).toEqual(['ok', 'bad']);
  });
});

describe('sortNotesNewestFirst', () => {
  it('agrees with the comparator and does not mutate (property)', () => {
    const iso = fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
    fc.assert(
      fc.property(fc.array(fc.record({ id: fc.string({ maxLength: 3 }), updated_at: iso })), (notes) => {
        const before = [...notes];
        expect(sortNotesNewestFirst(notes)).toEqual([...notes].sort(compareNotesNewestFirst));
        expect(notes).toEqual(before);
      }),
    );
  });
});

describe('recentExpandedNotes', () => {
  it('keeps only notes with non-blank expanded content', () => {
    const notes = [
      note('none', '2024-01-05T00:00:00Z', null),
      note('empty', '2024-01-04T00:00:00Z', ''),
      note('blank', '2024-01-03T00:00:00Z', ' \n '),
      note('yes', '2024-01-02T00:00:00Z'),
    ];
    expect(recentExpandedNotes(notes).map((n) => n.id)).toEqual(['yes']);
  });

  it('returns at most 10, newest first', () => {
    const notes = Array.from({ length: 15 }, (_, i) => note(`n${i}`, new Date(Date.UTC(2024, 0, i + 1)).toISOString()));
    const recent = recentExpandedNotes(notes);
    expect(recent).toHaveLength(10);
    expect(recent[0]?.id).toBe('n14');
    expect(recent[9]?.id).toBe('n5');
  });

  it('honours a custom limit', () => {
    const notes = [note('a', '2024-01-01T00:00:00Z'), note('b', '2024-01-02T00:00:00Z')];
    expect(recentExpandedNotes(notes, 1).map((n) => n.id)).toEqual(['b']);
    expect(recentExpandedNotes(notes, 0)).toEqual([]);
    expect(recentExpandedNotes(notes, -1)).toEqual([]);
  });

  it('leaves out deleted notes', () => {
    const gone = { ...note('gone', '2024-02-01T00:00:00Z'), deleted_at: '2024-02-02T00:00:00Z' };
    expect(recentExpandedNotes([gone, note('kept', '2024-01-01T00:00:00Z')]).map((n) => n.id)).toEqual(['kept']);
  });

  it('returns the caller’s objects', () => {
    const n = note('a', '2024-01-01T00:00:00Z');
    expect(recentExpandedNotes([n])[0]).toBe(n);
  });
});
