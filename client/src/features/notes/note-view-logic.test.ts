// The Note view's back target, starting view, expanded parts and checklist progress (spec section 2).
import { describe, expect, it } from 'vitest';
import { backTarget, checklistProgress, expandedView, initialDetailsTab, initialViewMode } from './note-view-logic';

describe('backTarget', () => {
  it('goes to /checklists only when the user came from there', () => {
    expect(backTarget({ from: 'checklists' })).toBe('/checklists');
    expect(backTarget(null)).toBe('/');
    expect(backTarget(undefined)).toBe('/');
    expect(backTarget({ from: 'dashboard' })).toBe('/');
    expect(backTarget('checklists')).toBe('/');
  });
});

describe('initialViewMode and initialDetailsTab: a note opens on what it holds', () => {
  const held = (patch: Partial<{ is_checklist: boolean; content: string; expanded_content: string | null }>) => ({
    is_checklist: false,
    content: 'An idea',
    expanded_content: null,
    ...patch,
  });

  it('opens a checklist in checklist view from the checklists page, or when it has no text of its own', () => {
    expect(initialViewMode(held({ is_checklist: true }), { from: 'checklists' })).toBe('checklist');
    expect(initialViewMode(held({ is_checklist: true, content: '  ' }), null)).toBe('checklist');
    expect(initialViewMode(held({ is_checklist: true }), null)).toBe('details');
    expect(initialViewMode(held({}), { from: 'checklists' })).toBe('details');
  });

  it("opens an assistant's note on its plan, any other on its text", () => {
    expect(initialDetailsTab(held({ expanded_content: '## Plan' }))).toBe('expanded');
    expect(initialDetailsTab(held({ expanded_content: ' \n' }))).toBe('note');
    expect(initialDetailsTab(held({}))).toBe('note');
  });
});

describe('expandedView', () => {
  it('splits the steps from the body', () => {
    expect(expandedView('Plan text.\n\nAction Steps:\n1. One\n2. Two')).toEqual({
      body: 'Plan text.',
      steps: ['One', 'Two'],
    });
  });
  it('is null without expanded content', () => {
    expect(expandedView(null)).toBeNull();
    expect(expandedView('  ')).toBeNull();
  });
});

describe('checklistProgress', () => {
  it('counts done items', () => {
    expect(
      checklistProgress([
        { id: 'a', text: 'a', completed: true },
        { id: 'b', text: 'b', completed: false },
      ]),
    ).toEqual({ done: 1, total: 2, label: '1 of 2 done' });
    expect(checklistProgress(null).label).toBe('0 of 0 done');
  });
});
