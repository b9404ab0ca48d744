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

  it('shows the words of a Markdown line, not its signs', () => {
    const content = '# Beds\n\n- tomatoes **by May**\n- see [Wedding prep](/note/2c091bee-49e2-4e1f-9ca0-6380987388be)';
    expect(noteSnippet(note({ content }), ['tomato'])).toBe('• tomatoes by May');
    expect(noteSnippet(note({ content }), ['wedding'])).toBe('• see Wedding prep');
    expect(noteSnippet(note({ content }), ['nothing'])).toBe('Beds');
    expect(noteSnippet(note({ content: 'Intro', expanded_content: '## Plan\n1. **Rent** a studio' }), ['studio'])).toBe(
      '1. Rent a studio',
    );
  });

  it('falls back to the first line, and cuts a long one', () => {
    expect(noteSnippet(note({ content: '\n  First line\nSecond' }), ['title-only'])).toBe('First line');
    expect(noteSnippet(note({}), ['x'])).toBe('');
    const long = noteSnippet(note({ content: 'word '.repeat(40) }), ['word']);
    expect(long).toHaveLength(120);
    expect(long.endsWith('…')).toBe(true);
  });
});
