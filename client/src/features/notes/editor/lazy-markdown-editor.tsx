// The Markdown editor where a form needs it, loaded as its own chunk (issue 33: 0 bytes on /login and the
// lists). The edit screen starts loading it with its own code, so it is there at once or within a frame;
// until then a box of the editor's size stands in. Not a textarea: a field typed into and then swapped
// for the editor would leave the two holding different texts for a moment (the sync fuzz test found it).
import { lazy, Suspense } from 'react';
import type { MarkdownEditorProps } from './markdown-editor';

const load = () => import('./markdown-editor');
const MarkdownEditor = lazy(load);

/** Starts loading the editor: an edit screen calls it as its own code loads. */
export function preloadMarkdownEditor(): void {
  void load();
}

export function LazyMarkdownEditor(props: MarkdownEditorProps) {
  return (
    <Suspense
      fallback={
        <div aria-hidden="true" className="min-h-[152px] w-full rounded-md border border-input bg-background" />
      }
    >
      <MarkdownEditor {...props} />
    </Suspense>
  );
}
