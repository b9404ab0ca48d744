// Live preview (issue 33): Markdown looks like what it says while it is typed. Away from the lines the
// selection is on, the syntax that only marks (heading hashes, emphasis stars, code ticks, a link's
// brackets and address) is hidden, a task's `[ ]` becomes a checkbox that ticks it, and a list's `-` a
// bullet; on the lines being edited everything shows as written. Only what is drawn changes: the text
// stays the Markdown the user typed, byte for byte.
import { syntaxTree } from '@codemirror/language';
import { RangeSetBuilder, type EditorState, type Range } from '@codemirror/state';
import {
  Decoration,
  ViewPlugin,
  WidgetType,
  type DecorationSet,
  type EditorView,
  type ViewUpdate,
} from '@codemirror/view';

/** Marks hidden away from the selection; a heading's hashes take the space after them too. */
const HIDDEN = new Set(['HeaderMark', 'EmphasisMark', 'CodeMark', 'StrikethroughMark', 'LinkMark', 'URL']);

class CheckboxWidget extends WidgetType {
  constructor(private readonly checked: boolean) {
    super();
  }
  override eq(other: CheckboxWidget): boolean {
    return other.checked === this.checked;
  }
  toDOM(): HTMLElement {
    const box = document.createElement('input');
    box.type = 'checkbox';
    box.checked = this.checked;
    box.className = 'cm-md-task';
    box.setAttribute('aria-label', this.checked ? 'Done' : 'Not done');
    return box;
  }
  override ignoreEvent(): boolean {
    return false;
  }
}

class BulletWidget extends WidgetType {
  override eq(): boolean {
    return true;
  }
  toDOM(): HTMLElement {
    const bullet = document.createElement('span');
    bullet.className = 'cm-md-bullet';
    bullet.textContent = '•';
    return bullet;
  }
}

const bullet = Decoration.replace({ widget: new BulletWidget() });
const hide = Decoration.replace({});
const quoteLine = Decoration.line({ class: 'cm-md-quote' });
const codeLine = Decoration.line({ class: 'cm-md-codeblock' });
const headingLine = (level: number) => Decoration.line({ class: `cm-md-h${level}` });

/** The line numbers the selection touches: their syntax shows as written. */
function editedLines(state: EditorState, focused: boolean): Set<number> {
  const lines = new Set<number>();
  if (!focused) return lines;
  for (const range of state.selection.ranges) {
    const first = state.doc.lineAt(range.from).number;
    const last = state.doc.lineAt(range.to).number;
    for (let line = first; line <= last; line++) lines.add(line);
  }
  return lines;
}

function decorate(view: EditorView): DecorationSet {
  const { state } = view;
  const edited = editedLines(state, view.hasFocus);
  const shown = (from: number) => edited.has(state.doc.lineAt(from).number);
  const found: Range<Decoration>[] = [];
  for (const { from, to } of view.visibleRanges) {
    syntaxTree(state).iterate({
      from,
      to,
      enter: (node) => {
        const name = node.name;
        const heading = /^ATXHeading(\d)$/.exec(name);
        if (heading) found.push(headingLine(Number(heading[1])).range(state.doc.lineAt(node.from).from));
        else if (name === 'Blockquote') {
          for (let at = node.from; at <= node.to;) {
            const line = state.doc.lineAt(at);
            found.push(quoteLine.range(line.from));
            at = line.to + 1;
          }
        } else if (name === 'FencedCode') {
          for (let at = node.from; at <= node.to;) {
            const line = state.doc.lineAt(at);
            found.push(codeLine.range(line.from));
            at = line.to + 1;
          }
          return false;
        } else if (name === 'TaskMarker' && !shown(node.from)) {
          const checked = /x/i.test(state.sliceDoc(node.from, node.to));
          found.push(Decoration.replace({ widget: new CheckboxWidget(checked) }).range(node.from, node.to));
        } else if (name === 'ListMark' && !shown(node.from)) {
          const mark = state.sliceDoc(node.from, node.to);
          const task = node.node.parent?.getChild('Task');
          if (/^[-*+]$/.test(mark) && !task) found.push(bullet.range(node.from, node.to));
          else if (task) found.push(hide.range(node.from, Math.min(node.to + 1, state.doc.lineAt(node.from).to)));
        } else if (name === 'QuoteMark' && !shown(node.from)) {
          const end = state.sliceDoc(node.to, node.to + 1) === ' ' ? node.to + 1 : node.to;
          found.push(hide.range(node.from, end));
        } else if (HIDDEN.has(name) && !shown(node.from)) {
          // A link's address shows on its own (`<https://…>` or a bare URL): only the one inside `[…](…)` hides.
          if (name === 'URL' && node.node.parent?.name !== 'Link') return;
          const end = name === 'HeaderMark' && state.sliceDoc(node.to, node.to + 1) === ' ' ? node.to + 1 : node.to;
          if (end > node.from) found.push(hide.range(node.from, end));
        }
      },
    });
  }
  found.sort((a, b) => a.from - b.from || a.value.startSide - b.value.startSide);
  const builder = new RangeSetBuilder<Decoration>();
  for (const range of found) builder.add(range.from, range.to, range.value);
  return builder.finish();
}

/** Ticks or unticks the task whose checkbox was pressed: the `[ ]` in the text becomes `[x]`, or back. */
function toggleTask(view: EditorView, target: HTMLElement): boolean {
  if (!target.classList.contains('cm-md-task')) return false;
  const at = view.posAtDOM(target);
  const text = view.state.sliceDoc(at, at + 3);
  if (!/^\[[ xX]\]$/.test(text)) return false;
  view.dispatch({
    changes: { from: at + 1, to: at + 2, insert: text[1] === ' ' ? 'x' : ' ' },
    userEvent: 'input.toggle',
  });
  return true;
}

export const livePreview = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet;
    constructor(view: EditorView) {
      this.decorations = decorate(view);
    }
    update(update: ViewUpdate) {
      if (update.docChanged || update.viewportChanged || update.selectionSet || update.focusChanged)
        this.decorations = decorate(update.view);
      else if (syntaxTree(update.startState) !== syntaxTree(update.state)) this.decorations = decorate(update.view);
    }
  },
  {
    decorations: (plugin) => plugin.decorations,
    eventHandlers: {
      mousedown: (event, view) => {
        const target = event.target as HTMLElement;
        if (toggleTask(view, target)) {
          event.preventDefault();
          return true;
        }
        return false;
      },
    },
  },
);
