// `[[` in the editor (issue 33): the notes whose titles hold what follows are offered, from this device
// (offline too); choosing one writes a Markdown link to it by id, `[Title](/note/<id>)`, which keeps
// working when either note is renamed (core/note-links.ts).
import {
  autocompletion,
  type Completion,
  type CompletionContext,
  type CompletionResult,
} from '@codemirror/autocomplete';
import type { Extension } from '@codemirror/state';
import { noteLinkMarkdown } from '#core/note-links';
import { formatUpdated } from '#core/relative-time';

export type SuggestNotes = (query: string) => readonly LinkNote[] | Promise<readonly LinkNote[]>;

type LinkNote = { id: string; title: string; updated_at?: string };

const shownTitle = (title: string) => title.trim() || 'Untitled';

/**
 * The options for the notes found (pure): each by its title, and notes of the same title told apart by
 * when each was last changed, as the palette shows them; one inert line when none was found.
 */
export function linkOptions(notes: readonly LinkNote[], now: Date = new Date()): Completion[] {
  if (notes.length === 0) return [{ label: 'No note has that title', type: 'text', apply: () => undefined, boost: -1 }];
  const titles = new Map<string, number>();
  for (const note of notes) titles.set(shownTitle(note.title), (titles.get(shownTitle(note.title)) ?? 0) + 1);
  return notes.map((note) => ({
    label: shownTitle(note.title),
    ...(titles.get(shownTitle(note.title))! > 1 && note.updated_at
      ? { detail: formatUpdated(note.updated_at, now) }
      : {}),
    type: 'text',
    apply: noteLinkMarkdown(note.title, note.id),
  }));
}

/** The completion of `[[query` with the notes `suggest` finds. */
export function noteLinkCompletion(suggest: SuggestNotes): Extension {
  // Synchronous when the titles are read: CodeMirror greys out a list whose source is still answering, and
  // an Enter pressed then makes a new line instead of the link (e2e/notes-links.spec.ts met it in CI).
  const source = (context: CompletionContext): CompletionResult | Promise<CompletionResult | null> | null => {
    const typed = context.matchBefore(/\[\[[^\][\n]*$/);
    if (!typed) return null;
    const result = (notes: readonly LinkNote[]): CompletionResult => ({
      from: typed.from,
      filter: false,
      options: linkOptions(notes),
    });
    const found = suggest(typed.text.slice(2));
    return 'then' in found ? found.then((notes) => (context.aborted ? null : result(notes))) : result(found);
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
