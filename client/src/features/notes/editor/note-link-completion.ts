// `[[` in the editor (issue 33): the notes whose titles hold what follows are offered, from this device
// (offline too); choosing one writes a Markdown link to it by id, `[Title](/note/<id>)`, which keeps
// working when either note is renamed (core/note-links.ts).
import { autocompletion, type CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import type { Extension } from '@codemirror/state';
import { noteLinkMarkdown } from '#core/note-links';

export type SuggestNotes = (query: string) => Promise<readonly { id: string; title: string }[]>;

/** The completion of `[[query` with the notes `suggest` finds. */
export function noteLinkCompletion(suggest: SuggestNotes): Extension {
  const source = async (context: CompletionContext): Promise<CompletionResult | null> => {
    const typed = context.matchBefore(/\[\[[^\][\n]*$/);
    if (!typed) return null;
    const notes = await suggest(typed.text.slice(2));
    if (context.aborted) return null;
    return {
      from: typed.from,
      filter: false,
      options:
        notes.length === 0
          ? [{ label: 'No note has that title', type: 'text', apply: () => undefined, boost: -1 }]
          : notes.map((note) => ({
              label: note.title.trim() || 'Untitled',
              type: 'text',
              apply: noteLinkMarkdown(note.title, note.id),
            })),
    };
  };
  return autocompletion({
    override: [source],
    activateOnTyping: true,
    // At once: the titles are in memory after the first read (issue 33 asks for suggestions within 50 ms).
    activateOnTypingDelay: 0,
    // Enter takes the suggestion as soon as it shows: CodeMirror's default waits 75 ms after the list
    // (re)opens, and an Enter within it made a new line instead (found by e2e/notes-links.spec.ts in CI).
    // `[[` is typed on purpose, so an Enter meant for a new line is no risk here.
    interactionDelay: 0,
    icons: false,
    aboveCursor: false,
  });
}
