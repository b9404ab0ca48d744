// The editor's formatting keys (issue 33): Ctrl/Cmd+B, I and K write Markdown around the selection, and
// the same key again takes it off. Commands on the editor's state, so they are tested without a page.
import { EditorSelection, type ChangeSpec, type StateCommand } from '@codemirror/state';

/** Wraps each selection in `mark` (`**`, `*`), or unwraps it when the mark is already around it. */
export function toggleWrap(mark: string): StateCommand {
  return ({ state, dispatch }) => {
    const n = mark.length;
    const transaction = state.changeByRange((range) => {
      const before = state.sliceDoc(range.from - n, range.from);
      const after = state.sliceDoc(range.to, range.to + n);
      const inside = state.sliceDoc(range.from, range.to);
      if (before === mark && after === mark) {
        const changes: ChangeSpec[] = [
          { from: range.from - n, to: range.from },
          { from: range.to, to: range.to + n },
        ];
        return { changes, range: EditorSelection.range(range.from - n, range.to - n) };
      }
      if (inside.length >= 2 * n && inside.startsWith(mark) && inside.endsWith(mark)) {
        const changes: ChangeSpec[] = [
          { from: range.from, to: range.from + n },
          { from: range.to - n, to: range.to },
        ];
        return { changes, range: EditorSelection.range(range.from, range.to - 2 * n) };
      }
      return {
        changes: [
          { from: range.from, insert: mark },
          { from: range.to, insert: mark },
        ],
        range: EditorSelection.range(range.from + n, range.to + n),
      };
    });
    dispatch(state.update(transaction, { scrollIntoView: true, userEvent: 'input.format' }));
    return true;
  };
}

/** Makes each selection a link, `[text](url)`, with `url` selected to be typed over. */
export const insertLink: StateCommand = ({ state, dispatch }) => {
  const transaction = state.changeByRange((range) => {
    const text = state.sliceDoc(range.from, range.to);
    const insert = `[${text}](url)`;
    const urlFrom = range.from + text.length + 3;
    return {
      changes: { from: range.from, to: range.to, insert },
      range: text === '' ? EditorSelection.cursor(range.from + 1) : EditorSelection.range(urlFrom, urlFrom + 3),
    };
  });
  dispatch(state.update(transaction, { scrollIntoView: true, userEvent: 'input.format' }));
  return true;
};
