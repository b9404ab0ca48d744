import { describe, expect, it } from 'vitest';
import { noteSnippet } from './note-snippet';

const note = (patch: Partial<Parameters<typeof noteSnippet>[0]>) => ({
  content: '',
  expanded_content: null,
  checklist_items: null,
  ...patch,
});

describe('noteSnippet', () => {
  it('shows the first line holding a matched word, from the text, the plan or the items', () => {
    expect(noteSnippet(note({ content: 'Intro\n\nBuy a café table\nMore' }), ['cafe'])).toBe('Buy a café table');
    expect(noteSnippet(note({ content: 'Intro', expanded_content: '## Plan\nRent a studio' }), ['studio'])).toBe(
      'Rent a studio',
    );
    expect(
      noteSnippet(
        note({ content: 'Trip', checklist_items: [{ id: 'a', text: 'Pack binoculars', completed: false }] }),
        ['binoculars'],
      ),
    ).toBe('Pack binoculars');
  });

  it('falls back to the first line, and cuts a long one', () => {
    expect(noteSnippet(note({ content: '\n  First line\nSecond' }), ['title-only'])).toBe('First line');
    expect(noteSnippet(note({}), ['x'])).toBe('');
    const long = noteSnippet(note({ content: 'word '.repeat(40) }), ['word']);
    expect(long).toHaveLength(120);
    expect(long.endsWith('…')).toBe(true);
  });
});
