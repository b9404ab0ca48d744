import { describe, expect, it } from 'vitest';
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
    updated_at: `2026-01-0${id.length}T00:00:00.000Z`,
    ...patch,
  };
}

function indexOf(...notes: IndexedNote[]): NoteIndex {
  const index = new NoteIndex();
  index.upsert(notes);
  return index;
}

describe('NoteIndex', () => {
  const notes = [
    note('a', { title: 'Weekend groceries', checklist_items: [{ text: 'Buy oat milk' }], is_checklist: true }),
    note('bb', {
      title: 'Kitchen plan',
      content: 'Paint the walls',
      expanded_content: 'A longer plan about cabinets and the budget.',
    }),
    note('ccc', {
      title: 'Budget review (conflict copy)',
      content: 'Numbers for the quarter',
      conflict_of: 'bb',
      sync_state: 'pending',
    }),
  ];

  it('finds a note by a word of a checklist item and says which word and field matched', () => {
    const { hits } = indexOf(...notes).query('milk');
    expect(hits.map((h) => h.id)).toEqual(['a']);
    expect(hits[0]).toMatchObject({ terms: ['milk'], fields: ['items'] });
  });

  it('finds a misspelt word and a word being typed', () => {
    const index = indexOf(...notes);
    expect(index.query('cabinots').hits.map((h) => h.id)).toEqual(['bb']);
    expect(index.query('grocer').hits[0]).toMatchObject({ id: 'a', terms: ['groceries'] });
  });

  it('needs every word and ranks a title match above a match in the text', () => {
    const index = indexOf(...notes);
    expect(index.query('budget').hits.map((h) => h.id)).toEqual(['ccc', 'bb']);
    expect(index.query('budget cabinets').hits.map((h) => h.id)).toEqual(['bb']);
    expect(index.query('budget walrus').total).toBe(0);
  });

  it('filters checklists, conflict copies and notes not yet synced, newest first without words', () => {
    const index = indexOf(...notes);
    expect(index.query('', 'checklists').hits.map((h) => h.id)).toEqual(['a']);
    expect(index.query('', 'conflicts').hits.map((h) => h.id)).toEqual(['ccc']);
    expect(index.query('', 'unsynced').hits.map((h) => h.id)).toEqual(['ccc']);
    expect(index.query('').hits.map((h) => h.id)).toEqual(['ccc', 'bb', 'a']);
    index.setUnsynced(new Set(['a']));
    expect(index.query('', 'unsynced').hits.map((h) => h.id)).toEqual(['a']);
    expect(index.query('budget', 'conflicts').hits.map((h) => h.id)).toEqual(['ccc']);
  });

  it('finds an archived note only with the Archived filter, and keeps that through a save (issue 33)', () => {
    const archived = note('dddd', { title: 'Old budget', is_checklist: true, archived_at: '2026-01-09T00:00:00.000Z' });
    const index = indexOf(...notes, archived);
    expect(index.query('budget').hits.map((h) => h.id)).toEqual(['ccc', 'bb']);
    expect(index.query('', 'checklists').hits.map((h) => h.id)).toEqual(['a']);
    expect(index.query('budget', 'archived').hits.map((h) => h.id)).toEqual(['dddd']);
    index.setUnsynced(new Set(['dddd']));
    expect(index.query('', 'unsynced').hits.map((h) => h.id)).toEqual([]);
    const reloaded = NoteIndex.fromData(index.toData());
    expect(reloaded?.query('', 'archived').hits.map((h) => h.id)).toEqual(['dddd']);
    index.upsert([{ ...archived, archived_at: null }]);
    expect(index.query('budget').hits.map((h) => h.id)).toEqual(['dddd', 'ccc', 'bb']);
  });

  it('follows edits and deletions', () => {
    const index = indexOf(...notes);
    index.upsert([{ ...notes[0]!, checklist_items: [{ text: 'Buy bread' }] }]);
    expect(index.query('milk').total).toBe(0);
    expect(index.query('bread').hits.map((h) => h.id)).toEqual(['a']);
    index.remove(['a']);
    expect(index.query('bread').total).toBe(0);
    expect(index.size).toBe(2);
  });

  it('counts every match but returns only the first page', () => {
    const many = Array.from({ length: 30 }, (_, i) => note(`n${i}`, { title: `Trip ${i}` }));
    const answer = indexOf(...many).query('trip', 'all', 10);
    expect(answer.total).toBe(30);
    expect(answer.hits).toHaveLength(10);
  });
});

describe('#tags in a query', () => {
  const index = new NoteIndex();
  index.upsert([
    note('a', { title: 'Launch plan', tags: ['work/launch'] }),
    note('bb', { title: 'Garden plan', content: 'Seeds for #home' }),
    note('ccc', { title: 'Budget', tags: ['work'] }),
    note('dddd', { title: 'Old launch', tags: ['work/launch'], archived_at: '2026-02-01T00:00:00.000Z' }),
  ]);
  const ids = (query: string, filter: Parameters<NoteIndex['query']>[1] = 'all') =>
    index
      .query(query, filter)
      .hits.map((hit) => hit.id)
      .sort();

  it('keeps the notes with the tag or a tag inside it, newest first without words', () => {
    expect(ids('#work ')).toEqual(['a', 'ccc']);
    expect(ids('#work/launch ')).toEqual(['a']);
    expect(ids('#home ')).toEqual(['bb']);
  });

  it('joins a tag with words, and a tag being typed matches the start of a tag', () => {
    expect(ids('#work plan')).toEqual(['a']);
    expect(ids('plan #wor')).toEqual(['a']);
    expect(ids('#nothing ')).toEqual([]);
  });

  it('leaves archived notes to the Archived filter', () => {
    expect(ids('#work/launch ', 'archived')).toEqual(['dddd']);
  });
});
