// An answer from the user's notes as the page shows it (issue 34, 'Ask your notes'): each `[n]` of the final
// text whose n is one of the done event's sources becomes a link to that note; any other `[n]` stays plain
// text, so nothing the server did not verify is ever a link. Pure: the answer's Markdown is built from it.
import type { AnswerSource } from '#core/citations';
import { NOTE_HREF } from '#core/note-links';

export type AnswerSegment = { kind: 'text'; text: string } | { kind: 'citation'; source: AnswerSource };

const CITATION = /\[(\d{1,3})\]/g;

/** The sources that can be links: a note id a link can carry (a UUID), each number once (the first wins). */
export function linkableSources(sources: readonly AnswerSource[] | undefined): Map<number, AnswerSource> {
  const byNumber = new Map<number, AnswerSource>();
  for (const source of sources ?? []) {
    if (!NOTE_HREF.test(`/note/${source.noteId}`) || byNumber.has(source.n)) continue;
    byNumber.set(source.n, source);
  }
  return byNumber;
}

/** The answer cut into plain text and citations of `sources`; adjacent text is joined. */
export function answerSegments(text: string, sources: readonly AnswerSource[] | undefined): AnswerSegment[] {
  const byNumber = linkableSources(sources);
  const segments: AnswerSegment[] = [];
  const pushText = (piece: string) => {
    if (piece === '') return;
    const last = segments.at(-1);
    if (last?.kind === 'text') last.text += piece;
    else segments.push({ kind: 'text', text: piece });
  };
  let from = 0;
  for (const match of text.matchAll(CITATION)) {
    const source = byNumber.get(Number(match[1]));
    // `[1](…)` is a Markdown link the model wrote, not a citation: left as it is.
    const end = match.index + match[0].length;
    if (!source || text[end] === '(') continue;
    pushText(text.slice(from, match.index));
    segments.push({ kind: 'citation', source });
    from = end;
  }
  pushText(text.slice(from));
  return segments;
}

/** The href that marks a citation's link in the answer's Markdown, so it is drawn as one (answer-markdown). */
export function citationHref(source: AnswerSource): string {
  return `/note/${source.noteId}`;
}

/** The answer as Markdown, each citation a link `[n](/note/<id>)`. */
export function answerMarkdown(text: string, sources: readonly AnswerSource[] | undefined): string {
  return answerSegments(text, sources)
    .map((segment, index, all) => {
      if (segment.kind === 'citation') return `[${segment.source.n}](${citationHref(segment.source)})`;
      // 'euros![1]' would read as an image: the '!' before a citation is escaped.
      return all[index + 1]?.kind === 'citation' ? segment.text.replace(/!$/, '\\!') : segment.text;
    })
    .join('');
}
