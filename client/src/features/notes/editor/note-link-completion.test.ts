import { describe, expect, it } from 'vitest';
import { linkOptions } from './note-link-completion';

const NOW = new Date('2026-12-04T12:00:00.000Z');

describe('linkOptions', () => {
  it('offers each note by its title, and tells notes of the same title apart by their last change', () => {
    const options = linkOptions(
      [
        { id: 'a', title: 'Wedding prep', updated_at: '2026-12-04T11:57:00.000Z' },
        { id: 'b', title: 'Wedding prep ', updated_at: '2026-12-01T09:00:00.000Z' },
        { id: 'c', title: 'Wedding budget', updated_at: '2026-12-04T11:00:00.000Z' },
        { id: 'd', title: '  ' },
      ],
      NOW,
    );
    expect(options.map((option) => option.label)).toEqual([
      'Wedding prep',
      'Wedding prep',
      'Wedding budget',
      'Untitled',
    ]);
    expect(options[0]!.detail).toMatch(/3 minutes ago/);
    expect(options[1]!.detail).toMatch(/3 days ago/);
    expect(options[0]!.detail).not.toBe(options[1]!.detail);
    expect(options[2]!.detail).toBeUndefined();
    expect(options[0]!.apply).toBe('[Wedding prep](/note/a)');
  });

  it('says so when no note has the title', () => {
    expect(linkOptions([], NOW).map((option) => option.label)).toEqual(['No note has that title']);
  });
});
