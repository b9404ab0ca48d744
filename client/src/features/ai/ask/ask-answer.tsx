// An answer from the user's notes: its text as Markdown with each checked citation a small link to its
// note, and under it the numbered sources, each opening its note. A link to a note that is not one of
// the answer's sources is shown as plain text: the page links only what the server verified.
import { useId, useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { AnswerSource } from '#core/citations';
import type { NoteLinkRenderer } from '../../../components/markdown/markdown-content';
import { ChatBubble } from '../components/chat-bubble';
import { answerMarkdown, linkableSources } from './answer-citations';

const noteTitle = (source: AnswerSource) => source.title.trim() || 'Untitled';

function citationLinks(sources: readonly AnswerSource[]): NoteLinkRenderer {
  const byNumber = linkableSources(sources);
  return function CitationLink({ noteId, children }: { noteId: string; children: ReactNode }) {
    const source = typeof children === 'string' ? byNumber.get(Number(children)) : undefined;
    if (!source || source.noteId.toLowerCase() !== noteId) return <span>{children}</span>;
    return (
      <Link
        to={`/note/${source.noteId}`}
        aria-label={`Source ${source.n}: ${noteTitle(source)}`}
        title={noteTitle(source)}
        className="mx-0.5 inline-flex min-w-5 items-center justify-center rounded-sm border border-primary/40 bg-primary/10 px-1 align-[0.1em] text-[0.7rem] leading-4 font-semibold text-primary no-underline outline-none hover:bg-primary/20 focus-visible:ring-2 focus-visible:ring-ring"
      >
        {source.n}
      </Link>
    );
  };
}

export function AskAnswer({
  text,
  sources,
  aiName,
}: {
  text: string;
  sources: readonly AnswerSource[];
  aiName: string;
}) {
  const markdown = useMemo(() => answerMarkdown(text, sources), [text, sources]);
  const noteLink = useMemo(() => citationLinks(sources), [sources]);
  const listed = [...linkableSources(sources).values()].sort((a, b) => a.n - b.n);
  const headingId = useId();
  return (
    <ChatBubble entry={{ role: 'assistant', content: markdown }} aiName={aiName} userInitials="" noteLink={noteLink}>
      {listed.length > 0 && (
        <div className="mt-3 border-t pt-2">
          <p id={headingId} className="text-xs font-medium text-muted-foreground">
            Sources
          </p>
          <ol aria-labelledby={headingId} className="mt-1 flex flex-col gap-1 text-sm">
            {listed.map((source) => (
              <li key={source.n} className="flex gap-1.5">
                <span className="w-5 shrink-0 text-right text-muted-foreground tabular-nums">{source.n}.</span>
                <Link
                  to={`/note/${source.noteId}`}
                  className="min-w-0 font-medium break-words text-primary underline underline-offset-2 outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  {noteTitle(source)}
                </Link>
              </li>
            ))}
          </ol>
        </div>
      )}
    </ChatBubble>
  );
}
