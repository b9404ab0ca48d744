// The Edit Note form's load, edit and save rules (spec section 4, 'Edit screen load').
import { describe, expect, it } from 'vitest';
import { EMPTY_CONTENT } from '#core/note-fields';
import {
  canSave,
  editFormReducer,
  editLayout,
  formFromNote,
  initEditForm,
  isDirty,
  planBody,
  savePatch,
  stepsApart,
  stepsText,
  type EditableNote,
} from './edit-form';

const EXPANDED = 'A plan.\n\nAction Steps:\n1. Research\n2. Draft\n3. Publish';

function note(overrides: Partial<EditableNote> = {}): EditableNote {
  return { ...EMPTY_CONTENT, title: 'Idea', content: 'original', expanded_content: EXPANDED, ...overrides };
}

let n = 0;
const makeId = () => `new-${n++}`;

describe('formFromNote', () => {
  it('uses the saved items of a checklist note', () => {
    const items = [{ id: 'a', text: 'Saved', completed: true }];
    expect(formFromNote(note({ is_checklist: true, checklist_items: items })).items).toEqual(items);
  });

  it('otherwise turns the action steps into unchecked auto-{i} items', () => {
    expect(formFromNote(note()).items).toEqual([
      { id: 'auto-0', text: 'Research', completed: false },
      { id: 'auto-1', text: 'Draft', completed: false },
      { id: 'auto-2', text: 'Publish', completed: false },
    ]);
  });

  it('a checklist note with no items falls back to the steps', () => {
    expect(formFromNote(note({ is_checklist: true, checklist_items: [] })).items).toHaveLength(3);
  });

  it('is empty without steps, and fills the text fields', () => {
    const values = formFromNote(note({ expanded_content: null, chat_history: [{ role: 'user', content: 'hi' }] }));
    expect(values).toMatchObject({ title: 'Idea', content: 'original', expanded: '', checklistOn: false, items: [] });
    expect(values.chat).toEqual([{ role: 'user', content: 'hi' }]);
  });
});

describe('savePatch', () => {
  it('sets checklist_items only while the switch is on', () => {
    const off = initEditForm(note()).values;
    expect(savePatch(off)).toMatchObject({ is_checklist: false, checklist_items: null });
    const on = editFormReducer(initEditForm(note()), { type: 'checklistOn', value: true }).values;
    expect(savePatch(on).is_checklist).toBe(true);
    expect(savePatch(on).checklist_items).toHaveLength(3);
  });

  it('sets chat_history only when not empty, and stores an empty expanded text as none', () => {
    const values = initEditForm(note({ expanded_content: '' })).values;
    expect(savePatch(values)).toMatchObject({ chat_history: null, expanded_content: null });
    const withChat = editFormReducer(
      { values, saved: values },
      { type: 'chat', value: [{ role: 'assistant', content: 'ok' }] },
    ).values;
    expect(savePatch(withChat).chat_history).toEqual([{ role: 'assistant', content: 'ok' }]);
  });
});

describe('editFormReducer', () => {
  it('edits the checklist: toggle, edit in place, remove, append (blank ignored)', () => {
    let state = editFormReducer(initEditForm(note()), { type: 'checklistOn', value: true });
    state = editFormReducer(state, { type: 'toggleItem', id: 'auto-0' });
    state = editFormReducer(state, { type: 'editItem', id: 'auto-1', text: 'Write a draft' });
    state = editFormReducer(state, { type: 'removeItem', id: 'auto-2' });
    state = editFormReducer(state, { type: 'appendItem', text: '   ', makeId });
    state = editFormReducer(state, { type: 'appendItem', text: '  Ship it ', makeId });
    expect(state.values.items.map((i) => [i.text, i.completed])).toEqual([
      ['Research', true],
      ['Write a draft', false],
      ['Ship it', false],
    ]);
  });

  it('replaces an item whole, its date set (issue 35), and is dirty for it', () => {
    const on = editFormReducer(initEditForm(note()), { type: 'checklistOn', value: true });
    const first = on.values.items[0]!;
    const dated = editFormReducer(on, { type: 'setItem', id: first.id, item: { ...first, due: '2026-03-31' } });
    expect(dated.values.items[0]).toEqual({ ...first, due: '2026-03-31' });
    expect(savePatch(dated.values).checklist_items?.[0]).toMatchObject({ due: '2026-03-31' });
    expect(isDirty(editFormReducer(dated, { type: 'saved', values: on.values }))).toBe(true);
  });

  it('re-reads the steps from the expanded text while the switch is off, never while it is on', () => {
    const off = editFormReducer(initEditForm(note()), { type: 'expanded', value: 'Action Steps\n1. Only one' });
    expect(stepsText(off.values.items)).toBe('Only one');
    const on = editFormReducer(editFormReducer(initEditForm(note()), { type: 'checklistOn', value: true }), {
      type: 'expanded',
      value: 'x',
    });
    expect(on.values.items).toHaveLength(3);
  });

  it('is dirty until saved, and not for changes Save would not write', () => {
    const start = initEditForm(note());
    expect(isDirty(start)).toBe(false);
    // With the switch off the items are not saved: toggling one changes nothing.
    expect(isDirty(editFormReducer(start, { type: 'toggleItem', id: 'auto-0' }))).toBe(false);
    const typed = editFormReducer(start, { type: 'title', value: 'Idea 2' });
    expect(isDirty(typed)).toBe(true);
    expect(isDirty(editFormReducer(typed, { type: 'saved', values: typed.values }))).toBe(false);
    expect(isDirty(editFormReducer(typed, { type: 'title', value: 'Idea' }))).toBe(false);
  });

  it('load replaces everything', () => {
    const typed = editFormReducer(initEditForm(note()), { type: 'title', value: 'changed' });
    const loaded = editFormReducer(typed, { type: 'load', note: note({ title: 'Fresh' }) });
    expect(loaded.values.title).toBe('Fresh');
    expect(isDirty(loaded)).toBe(false);
  });
});

describe('canSave', () => {
  it('refuses a blank title', () => {
    expect(canSave({ ...initEditForm(note()).values, title: '  ' })).toBe(false);
    expect(canSave(initEditForm(note()).values)).toBe(true);
  });
});

describe('one place to edit a plan’s steps (issue 33)', () => {
  const steps = (texts: string[]) => texts.map((text, i) => ({ id: `s${i}`, text, completed: i === 0 }));
  const planNote = () => note({ is_checklist: true, checklist_items: steps(['Research', 'Draft', 'Publish']) });

  it('shows the prose without its steps while they are a checklist, and saves the text unchanged when nothing changed', () => {
    const state = initEditForm(planNote());
    expect(stepsApart(state.values)).toBe(true);
    expect(planBody(state.values)).toBe('A plan.');
    expect(savePatch(state.values).expanded_content).toBe(EXPANDED);
    // Ticking an item changes no step.
    const ticked = editFormReducer(state, { type: 'toggleItem', id: 's1' });
    expect(savePatch(ticked.values).expanded_content).toBe(EXPANDED);
  });

  it("writes the checklist's steps back under the plan, and the prose as typed above them", () => {
    let state = initEditForm(planNote());
    state = editFormReducer(state, { type: 'editItem', id: 's1', text: 'Write a draft' });
    state = editFormReducer(state, { type: 'appendItem', text: 'Celebrate', makeId });
    expect(savePatch(state.values).expanded_content).toBe(
      'A plan.\n\nAction Steps:\n1. Research\n2. Write a draft\n3. Publish\n4. Celebrate',
    );
    state = editFormReducer(state, { type: 'body', value: 'A better plan.\n' });
    expect(planBody(state.values)).toBe('A better plan.\n');
    expect(savePatch(state.values).expanded_content).toBe(
      'A better plan.\n\nAction Steps:\n1. Research\n2. Write a draft\n3. Publish\n4. Celebrate',
    );
    expect(isDirty(state)).toBe(true);
    // Off again: the text holds it all, and the steps follow the text as before.
    state = editFormReducer(state, { type: 'checklistOn', value: false });
    expect(state.values.expanded).toBe(
      'A better plan.\n\nAction Steps:\n1. Research\n2. Write a draft\n3. Publish\n4. Celebrate',
    );
    expect(stepsApart(state.values)).toBe(false);
  });

  it('keeps the items of a checklist whose text has no steps out of the text', () => {
    const state = initEditForm(
      note({ expanded_content: null, is_checklist: true, checklist_items: steps(['Milk', 'Bread']) }),
    );
    expect(stepsApart(state.values)).toBe(false);
    const added = editFormReducer(state, { type: 'appendItem', text: 'Eggs', makeId });
    expect(savePatch(added.values).expanded_content).toBeNull();
  });
});

describe('editLayout (issue 33: plain notes get plain words)', () => {
  it("lays out a note with a plan or a chat in the assistant's tabs", () => {
    expect(editLayout(note())).toBe('assistant');
    expect(editLayout(note({ expanded_content: null, chat_history: [{ role: 'user', content: 'Hi' }] }))).toBe(
      'assistant',
    );
  });

  it('lays out a quick note or a checklist as a plain note', () => {
    expect(editLayout(note({ expanded_content: null }))).toBe('plain');
    expect(editLayout(note({ expanded_content: '  \n', chat_history: [] }))).toBe('plain');
    expect(
      editLayout(
        note({
          expanded_content: null,
          is_checklist: true,
          checklist_items: [{ id: 'a', text: 'Milk', completed: false }],
        }),
      ),
    ).toBe('plain');
  });
});
