import { describe, expect, it } from 'vitest';
import { decodeIndex, encodeIndex, INDEX_SNAPSHOT_VERSION } from './index-snapshot';
import { NoteIndex, type IndexedNote } from './note-index';

function note(id: string, patch: Partial<IndexedNote> = {}): IndexedNote {
  return {
    id,
    title: `Note ${id}`,
    content: '',
    expanded_content: null,
    checklist_items: null,
    is_checklist: false,
    conflict_of: null,
    tags: null,
    sync_state: 'synced',
    archived_at: null,
    updated_at: '2026-01-01T00:00:00.000Z',
    ...patch,
  };
}

const notes = [
  note('a', {
    title: 'Weekend groceries',
    checklist_items: [{ text: 'Buy oat milk' }],
    is_checklist: true,
    updated_at: '2026-01-02T00:00:00.000Z',
  }),
  note('b', { title: 'Kitchen plan', expanded_content: 'A longer plan about cabinets and the budget.' }),
  note('c', {
    title: 'Budget review (conflict copy)',
    conflict_of: 'b',
    sync_state: 'pending',
    updated_at: '2026-01-03T00:00:00.000Z',
  }),
];
const known = new Map([
  ['a', '2026-01-02T00:00:00.000Z'],
  ['b', '2026-01-01T00:00:00.000Z'],
  ['c', '2026-01-03T00:00:00.000Z'],
  ['gone', '2026-01-04T00:00:00.000Z'],
]);

describe('a saved search index', () => {
  it('answers after a reload as the index it was saved from: typos, prefixes, filters, order', () => {
    const built = new NoteIndex();
    built.upsert(notes);
    const restored = decodeIndex(encodeIndex(built, known, 0));
    expect(restored?.index).not.toBe(built);
    expect(restored).not.toBeNull();
    const index = restored!.index;
    expect(index.size).toBe(3);
    for (const [query, filter] of [
      ['cabinots', 'all'],
      ['grocer', 'all'],
      ['budget', 'all'],
      ['', 'conflicts'],
      ['', 'checklists'],
      ['', 'all'],
    ] as const) {
      expect(index.query(query, filter)).toEqual(built.query(query, filter));
    }
    expect(index.query('cabinots').hits.map((h) => h.id)).toEqual(['b']);
    // The versions of the notes it holds, tombstones included: a reload re-reads only notes changed since.
    expect(restored!.known).toEqual(known);
    expect(restored!.check).toEqual({ count: 4, newest: '2026-01-04T00:00:00.000Z', pulledRevision: 0 });
  });

  it('keeps following edits once restored', () => {
    const built = new NoteIndex();
    built.upsert(notes);
    const index = decodeIndex(encodeIndex(built, known, 0))!.index;
    index.upsert([{ ...notes[0]!, checklist_items: [{ text: 'Buy bread' }] }]);
    index.remove(['c']);
    expect(index.query('milk').total).toBe(0);
    expect(index.query('bread').hits.map((h) => h.id)).toEqual(['a']);
    expect(index.query('budget').hits.map((h) => h.id)).toEqual(['b']);
  });

  it('survives structured cloning, as IndexedDB stores it', () => {
    const built = new NoteIndex();
    built.upsert(notes);
    const index = decodeIndex(structuredClone(encodeIndex(built, known, 0)))!.index;
    expect(index.query('cabinots').hits.map((h) => h.id)).toEqual(['b']);
    expect(index.query('', 'conflicts').hits.map((h) => h.id)).toEqual(['c']);
  });

  it('is dropped (rebuilt from the notes) when of another version or damaged', () => {
    const built = new NoteIndex();
    built.upsert(notes);
    const saved = encodeIndex(built, known, 0);
    const search = saved.index.search;
    if (!('postings' in search)) throw new Error('expected the flat arrays (minisearch-data.test.ts says why)');
    expect(decodeIndex({ ...saved, version: INDEX_SNAPSHOT_VERSION + 1 })).toBeNull();
    // Version 1 was MiniSearch's JSON text.
    expect(decodeIndex('{"version":1,"known":[],"index":{"search":{"serializationVersion":2}}}')).toBeNull();
    expect(
      decodeIndex({
        ...saved,
        index: { ...saved.index, search: { ...search, postings: search.postings.slice(0, 5) } },
      }),
    ).toBeNull();
    expect(
      decodeIndex({ ...saved, index: { ...saved.index, flags: { ...saved.index.flags, bits: new Uint8Array(1) } } }),
    ).toBeNull();
    expect(
      decodeIndex({ ...saved, index: { ...saved.index, search: { ...saved.index.search, fieldIds: { title: 0 } } } }),
    ).toBeNull();
    expect(decodeIndex({ ...saved, knownAt: [] })).toBeNull();
    expect(decodeIndex({ ...saved, check: undefined })).toBeNull();
    expect(decodeIndex({ ...saved, index: null })).toBeNull();
    expect(decodeIndex(null)).toBeNull();
  });

  it('keeps a removed note out of the answers after a reload', () => {
    const built = new NoteIndex();
    built.upsert(notes);
    built.remove(['b']);
    const index = decodeIndex(encodeIndex(built, known, 0))!.index;
    expect(index.query('cabinets').total).toBe(0);
    expect(index.query('budget').hits.map((h) => h.id)).toEqual(['c']);
    expect(index.size).toBe(2);
  });
});
