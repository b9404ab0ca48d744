import { describe, expect, it } from 'vitest';
import { activeOption, isMoveKey, NO_CHOICE } from './selection';

describe('the palette’s active option', () => {
  it('is the first option until the user moves, whatever arrives', () => {
    expect(activeOption(['note:a', 'quick-note'], 'bino', NO_CHOICE)).toBe('note:a');
    // A later answer puts another note first: the active option follows it.
    expect(activeOption(['note:b', 'note:a', 'quick-note'], 'bino', NO_CHOICE)).toBe('note:b');
    expect(activeOption([], 'bino', NO_CHOICE)).toBe('');
  });

  it('stays on the user’s choice while it is listed for the same query', () => {
    const chose = { query: 'bino', chosen: 'note:b' };
    expect(activeOption(['note:a', 'note:b'], 'bino', chose)).toBe('note:b');
    expect(activeOption(['note:c', 'note:a', 'note:b'], 'bino', chose)).toBe('note:b');
    // Gone from the list: back to the first option.
    expect(activeOption(['note:a', 'note:c'], 'bino', chose)).toBe('note:a');
  });

  it('starts again at the first option when the query changes', () => {
    expect(activeOption(['note:a', 'note:b'], 'binoc', { query: 'bino', chosen: 'note:b' })).toBe('note:a');
  });

  it('knows cmdk’s keys that move the active option, not the ones that type', () => {
    expect(isMoveKey({ key: 'ArrowDown', ctrlKey: false })).toBe(true);
    expect(isMoveKey({ key: 'End', ctrlKey: false })).toBe(true);
    expect(isMoveKey({ key: 'n', ctrlKey: true })).toBe(true);
    expect(isMoveKey({ key: 'n', ctrlKey: false })).toBe(false);
    expect(isMoveKey({ key: 'Enter', ctrlKey: false })).toBe(false);
  });
});
