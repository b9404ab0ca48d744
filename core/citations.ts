// Citations in an answer written from the user's notes (issue 34, 'Ask your notes'): the model is given
// numbered sources and cites them as [1], [2] (or [^1], [1, 2]). Only numbers of sources it was given are
// kept; any other is taken out of the text, so an invented citation is never shown, let alone as a link.

/** A cited note as the browser shows it: its number in the answer, the note it opens. */
export interface AnswerSource {
  n: number;
  noteId: string;
  title: string;
}

const CITATION = /\[\^?(\d{1,3}(?:\s*,\s*\^?\d{1,3})*)\]/g;

/**
 * The answer with only the citations of sources 1..`given` kept (normalised to `[n]`, each group in
 * order), and the numbers it cites, in the order they first appear.
 */
export function keepGivenCitations(text: string, given: number): { text: string; cited: number[] } {
  const cited: number[] = [];
  const kept = text.replace(CITATION, (_whole, group: string) => {
    const numbers = group
      .split(',')
      .map((part) => Number(part.replace(/[\s^]/g, '')))
      .filter((n) => Number.isInteger(n) && n >= 1 && n <= given);
    const unique = [...new Set(numbers)];
    for (const n of unique) if (!cited.includes(n)) cited.push(n);
    return unique.map((n) => `[${n}]`).join('');
  });
  // A citation taken out leaves no space before the punctuation it stood against.
  return { text: kept.replace(/[ \t]+([.,;:!?])/g, '$1').replace(/[ \t]{2,}/g, ' '), cited };
}
