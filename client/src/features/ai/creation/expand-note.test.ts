import { describe, expect, it } from 'vitest';
import { expandIdea, expandPatch } from './expand-note';

describe('expanding an existing note', () => {
  it('starts from the original idea, else the title', () => {
    expect(expandIdea({ title: 'Herbs', content: '  Grow basil  ' })).toBe('Grow basil');
    expect(expandIdea({ title: ' Herbs ', content: '   ' })).toBe('Herbs');
  });

  it('saves the plan into the note and leaves its original idea as it was', () => {
    const patch = expandPatch({
      title: 'Herbs',
      content: 'ignored',
      expanded_content: 'Plan',
      is_checklist: true,
      checklist_items: [],
      chat_history: null,
    });
    expect(patch).toEqual({ title: 'Herbs', expanded_content: 'Plan', is_checklist: true, checklist_items: [] });
    expect(Object.keys(patch)).not.toContain('tags');
    expect(expandPatch({ title: 'Herbs', tags: ['garden', 'herbs'] }).tags).toEqual(['garden', 'herbs']);
  });
});
