// The Note view's back target, starting view, expanded parts and checklist progress (spec section 2).
import { describe, expect, it } from 'vitest';
import { backTarget, checklistProgress, expandedView, initialViewMode } from './note-view-logic';

describe('backTarget', () => {
  it('goes to /checklists only when the user came from there', () => {
    expect(backTarget({ from: 'checklists' })).toBe('/checklists');
    expect(backTarget(null)).toBe('/');
    expect(backTarget(undefined)).toBe('/');
    expect(backTarget({ from: 'dashboard' })).toBe('/');
    expect(backTarget('checklists')).toBe('/');
  });
});

describe('initialViewMode', () => {
  it('opens a checklist note from the checklists page in checklist view', () => {
    expect(initialViewMode({ is_checklist: true }, { from: 'checklists' })).toBe('checklist');
    expect(initialViewMode({ is_checklist: true }, null)).toBe('details');
    expect(initialViewMode({ is_checklist: false }, { from: 'checklists' })).toBe('details');
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
