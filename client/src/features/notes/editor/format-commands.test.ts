import { EditorSelection, EditorState, type StateCommand, type Transaction } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { insertLink, toggleWrap } from './format-commands';

/** Runs `command` on `doc` with the selection `from`-`to`; the text and selection after it. */
function run(command: StateCommand, doc: string, from: number, to = from) {
  let state = EditorState.create({ doc, selection: EditorSelection.range(from, to) });
  command({ state, dispatch: (tr: Transaction) => (state = tr.state) });
  const { from: a, to: b } = state.selection.main;
  return { doc: state.doc.toString(), selected: state.sliceDoc(a, b) };
}

describe('toggleWrap', () => {
  it('wraps the selection and unwraps it again', () => {
    expect(run(toggleWrap('**'), 'a plan here', 2, 6)).toEqual({ doc: 'a **plan** here', selected: 'plan' });
    expect(run(toggleWrap('**'), 'a **plan** here', 4, 8)).toEqual({ doc: 'a plan here', selected: 'plan' });
    expect(run(toggleWrap('**'), 'a **plan** here', 2, 10)).toEqual({ doc: 'a plan here', selected: 'plan' });
  });

  it('puts the caret between the marks when nothing is selected', () => {
    expect(run(toggleWrap('*'), 'ab', 1)).toEqual({ doc: 'a**b', selected: '' });
  });
});

describe('insertLink', () => {
  it('links the selection with its address selected to be typed over', () => {
    expect(run(insertLink, 'see docs now', 4, 8)).toEqual({ doc: 'see [docs](url) now', selected: 'url' });
  });

  it('leaves the caret in the brackets without a selection', () => {
    expect(run(insertLink, 'x', 1)).toEqual({ doc: 'x[](url)', selected: '' });
  });
});
