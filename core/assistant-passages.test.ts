import { describe, expect, it } from 'vitest';
import { MAX_PASSAGES, notePassages, PASSAGE_CHARS, type PassageNote } from './assistant-passages';

const note = (fields: Partial<PassageNote>): PassageNote => ({
  title: 'Podcast',
  content: '',
  expanded_content: null,
  checklist_items: null,
  tags: null,
  ...fields,
});

describe('notePassages', () => {
  it('keeps a short note whole, its plan, steps and tags with it, under its title', () => {
    const passages = notePassages(
      note({
        content: 'An audio show about gardening.',
        expanded_content: '## Goal\nTen episodes by June.',
        checklist_items: [{ text: 'Buy a microphone' }, { text: '  ' }],
        tags: ['side-project'],
      }),
    );
    expect(passages).toEqual([
      {
        text: 'An audio show about gardening.\n\n## Goal\nTen episodes by June.\n\n- Buy a microphone\n\n#side-project',
        embedded:
          'Podcast\n\nAn audio show about gardening.\n\n## Goal\nTen episodes by June.\n\n- Buy a microphone\n\n#side-project',
      },
    ]);
  });

  it('finds a note of a title alone by its title', () => {
    expect(notePassages(note({ title: 'Call the plumber' }))).toEqual([
      { text: 'Call the plumber', embedded: 'Call the plumber' },
    ]);
  });

  it('packs paragraphs into passages and never splits one that fits', () => {
    const paragraph = (n: number) => `Paragraph ${n} ${'word '.repeat(90).trim()}`;
    const content = Array.from({ length: 6 }, (_, i) => paragraph(i)).join('\n\n');
    const passages = notePassages(note({ content }));
    expect(passages.length).toBeGreaterThan(1);
    for (const { text, embedded } of passages) {
      expect(text.length).toBeLessThanOrEqual(PASSAGE_CHARS);
      expect(embedded.startsWith('Podcast\n\n')).toBe(true);
    }
    expect(passages.flatMap(({ text }) => text.split('\n\n'))).toEqual(
      Array.from({ length: 6 }, (_, i) => paragraph(i)),
    );
  });

  it('cuts a long paragraph between words, each piece repeating the end of the one before', () => {
    const words = Array.from({ length: 600 }, (_, i) => `w${i}`);
    const passages = notePassages(note({ content: words.join(' ') }));
    expect(passages.length).toBeGreaterThan(2);
    const pieces = passages.map(({ text }) => text.split(' '));
    for (const piece of pieces) expect(piece.every((word) => /^w\d+$/.test(word))).toBe(true);
    // Every word is in some passage, and each passage after the first starts inside the one before.
    expect(new Set(pieces.flat())).toEqual(new Set(words));
    for (let i = 1; i < pieces.length; i++) expect(pieces[i - 1]).toContain(pieces[i]![0]);
  });

  it('indexes a very long note by its first passages', () => {
    const content = Array.from({ length: 200 }, (_, i) => `Part ${i} ${'x'.repeat(1000)}`).join('\n\n');
    expect(notePassages(note({ content }))).toHaveLength(MAX_PASSAGES);
  });
});
