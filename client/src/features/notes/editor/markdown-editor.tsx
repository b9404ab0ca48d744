// The Markdown editor (issue 33): CodeMirror 6 with its Markdown language (GitHub's flavour), live
// preview (live-preview.ts), the formatting keys (format-commands.ts) and lists that continue on Enter.
// Its own chunk, loaded when an edit screen opens (lazy-markdown-editor.tsx): the lists and /login carry
// none of it. The text is stored as typed: the editor reports only the user's changes, never rewrites
// what it was given, and a paste keeps its Markdown.
import { useLayoutEffect, useRef } from 'react';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { HighlightStyle, LanguageSupport, syntaxHighlighting } from '@codemirror/language';
import { insertNewlineContinueMarkup, deleteMarkupBackward, markdownLanguage } from '@codemirror/lang-markdown';
import { Annotation, EditorState } from '@codemirror/state';
import { EditorView, keymap, placeholder as placeholderText } from '@codemirror/view';
import { tags } from '@lezer/highlight';
import { insertLink, toggleWrap } from './format-commands';
import { livePreview } from './live-preview';
import { noteLinkCompletion, type SuggestNotes } from './note-link-completion';

export interface MarkdownEditorProps {
  value: string;
  onChange: (value: string) => void;
  /** The id of the element that names the field ('Original idea', 'Expanded content'). */
  labelledBy: string;
  describedBy?: string;
  placeholder?: string;
  /** The id the editable element takes, so a label's `for` and tests find it. */
  id?: string;
  /** The notes `[[` offers (issue 33); without it, `[[` is only text. */
  suggestNotes?: SuggestNotes;
  /** Called when the editor takes focus: a screen can start reading what `[[` will offer. */
  onFocus?: () => void;
  /** Takes focus, the cursor at the end of the text, once it is there (or when this turns true). */
  autoFocus?: boolean;
}

/** Marks a change made from outside (a new note loaded, a reset): it is not reported back as typing. */
const external = Annotation.define<boolean>();

const highlight = HighlightStyle.define([
  { tag: tags.heading1, fontWeight: '700', fontSize: '1.45em' },
  { tag: tags.heading2, fontWeight: '700', fontSize: '1.25em' },
  { tag: tags.heading3, fontWeight: '650', fontSize: '1.1em' },
  { tag: [tags.heading4, tags.heading5, tags.heading6], fontWeight: '650' },
  { tag: tags.strong, fontWeight: '700' },
  { tag: tags.emphasis, fontStyle: 'italic' },
  { tag: tags.strikethrough, textDecoration: 'line-through' },
  { tag: tags.link, color: 'var(--primary)', textDecoration: 'underline' },
  { tag: tags.url, color: 'var(--muted-foreground)' },
  { tag: tags.monospace, fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: '0.9em' },
  { tag: tags.quote, color: 'var(--muted-foreground)', fontStyle: 'italic' },
  { tag: [tags.processingInstruction, tags.contentSeparator], color: 'var(--muted-foreground)' },
]);

const theme = EditorView.theme({
  '&': { color: 'inherit', backgroundColor: 'transparent', fontSize: 'inherit' },
  '&.cm-focused': { outline: 'none' },
  '.cm-scroller': { fontFamily: 'inherit', lineHeight: '1.65' },
  // The field's minimum height (spec: 150 px) is the editable area's, so a press anywhere in it types.
  '.cm-content': { padding: '0.5rem 0.75rem', minHeight: '150px', caretColor: 'var(--foreground)' },
  '.cm-line': { padding: '0' },
  '.cm-placeholder': { color: 'var(--muted-foreground)' },
  '.cm-cursor': { borderLeftColor: 'var(--foreground)' },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection': {
    backgroundColor: 'color-mix(in oklch, var(--primary) 25%, transparent) !important',
  },
  '.cm-md-h1, .cm-md-h2, .cm-md-h3': { paddingTop: '0.35em' },
  '.cm-md-quote': {
    borderLeft: '3px solid color-mix(in oklch, var(--primary) 45%, transparent)',
    paddingLeft: '0.75em !important',
  },
  '.cm-md-codeblock': {
    fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
    fontSize: '0.9em',
    backgroundColor: 'var(--muted)',
    paddingLeft: '0.5em !important',
  },
  '.cm-md-bullet': { color: 'var(--muted-foreground)', fontWeight: '700' },
  '.cm-tooltip.cm-tooltip-autocomplete': {
    backgroundColor: 'var(--popover)',
    color: 'var(--popover-foreground)',
    border: '1px solid var(--border)',
    borderRadius: '0.5rem',
    boxShadow: '0 8px 24px rgb(0 0 0 / 0.12)',
    padding: '0.25rem',
  },
  '.cm-tooltip-autocomplete > ul': { fontFamily: 'inherit !important' },
  '.cm-tooltip-autocomplete > ul > li': { padding: '0.35rem 0.6rem !important', borderRadius: '0.35rem' },
  '.cm-tooltip-autocomplete > ul > li[aria-selected]': {
    backgroundColor: 'var(--accent) !important',
    color: 'var(--accent-foreground) !important',
  },
  '.cm-md-task': { margin: '0 0.4em 0 0', verticalAlign: 'middle', cursor: 'pointer', accentColor: 'var(--primary)' },
});

const formatKeys = keymap.of([
  { key: 'Mod-b', run: toggleWrap('**') },
  { key: 'Mod-i', run: toggleWrap('*') },
  { key: 'Mod-k', run: insertLink },
  { key: 'Enter', run: insertNewlineContinueMarkup },
  { key: 'Backspace', run: deleteMarkupBackward },
]);

export default function MarkdownEditor({
  value,
  onChange,
  labelledBy,
  describedBy,
  placeholder,
  id,
  suggestNotes,
  onFocus,
  autoFocus = false,
}: MarkdownEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const report = useRef(onChange);
  // The value of the last render: the editor is made with it, whenever that is.
  const latest = useRef(value);
  // The text the editor holds as last told: what it reported through onChange, or the value it was given.
  const reported = useRef<string | null>(null);
  const suggest = useRef(suggestNotes);
  const focused = useRef(onFocus);
  // Kept up to date in each commit, first of its effects.
  useLayoutEffect(() => {
    report.current = onChange;
    latest.current = value;
    suggest.current = suggestNotes;
    focused.current = onFocus;
  });

  // Made in the commit, before the effect below: a value that changed while the chunk loaded is the one shown.
  useLayoutEffect(() => {
    const attributes: Record<string, string> = {
      'aria-labelledby': labelledBy,
      spellcheck: 'true',
      autocapitalize: 'sentences',
    };
    if (describedBy) attributes['aria-describedby'] = describedBy;
    if (id) attributes.id = id;
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: latest.current,
        extensions: [
          history(),
          formatKeys,
          keymap.of([...defaultKeymap, ...historyKeymap]),
          new LanguageSupport(markdownLanguage),
          syntaxHighlighting(highlight),
          livePreview,
          EditorView.lineWrapping,
          EditorView.contentAttributes.of(attributes),
          theme,
          placeholder ? placeholderText(placeholder) : [],
          suggest.current ? noteLinkCompletion((query) => suggest.current!(query)) : [],
          EditorView.updateListener.of((update) => {
            if (update.focusChanged && update.view.hasFocus) focused.current?.();
            if (!update.docChanged || update.transactions.every((tr) => tr.annotation(external))) return;
            reported.current = update.state.doc.toString();
            report.current(reported.current);
          }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
    // Made once; the value follows below, and the names are fixed for the field's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A value from outside (the form loaded or reset): the editor shows it, without reporting it back. In the
  // commit itself: a key typed between a render and a later effect would be made on the text before it.
  useLayoutEffect(() => {
    const editor = view.current;
    // The text the editor reported last (or was given) is the text it holds: nothing to compare, which would
    // join a long note's lines into one string again at every key.
    if (!editor || (value === reported.current && editor.state.doc.length === value.length)) return;
    const current = editor.state.doc.toString();
    if (current === value || current === value.replace(/\r\n?/g, '\n')) return;
    editor.dispatch({ changes: { from: 0, to: current.length, insert: value }, annotations: external.of(true) });
    reported.current = value;
    // Text that fills an empty field (a quick note's keys typed ahead, a note that arrived) puts the cursor
    // after it, where the next key continues it, not before it.
    if (current === '') editor.dispatch({ selection: { anchor: editor.state.doc.length } });
  }, [value]);

  // After the value above, so the cursor lands at the end of the text shown.
  useLayoutEffect(() => {
    const editor = view.current;
    if (!autoFocus || !editor) return;
    editor.focus();
    editor.dispatch({ selection: { anchor: editor.state.doc.length }, scrollIntoView: true });
  }, [autoFocus]);

  return (
    <div
      ref={host}
      data-slot="markdown-editor"
      className="w-full cursor-text rounded-md border border-input bg-background text-base shadow-xs transition-[color,box-shadow] focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/40 md:text-sm"
      onClick={(event) => {
        // A press below the last line still puts the caret in the text, as a textarea's would.
        if (event.target === host.current) view.current?.focus();
      }}
    />
  );
}
