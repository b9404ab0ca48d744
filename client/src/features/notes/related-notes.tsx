// 'Related notes' (issue 34, item 4): the notes closest in meaning to this one, each with the passage that
// made it related, under the note's content. Shown only while the user lets the assistant use their notes
// and the device is online; nothing at all otherwise.
import { useId } from 'react';
import { Link } from 'react-router';
import { Sparkles } from 'lucide-react';
import { useRelatedNotes } from '../../data/assistant';

export function RelatedNotes({ noteId }: { noteId: string }) {
  const related = useRelatedNotes(noteId);
  const headingId = useId();
  if (!related || related.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-xl border bg-card p-4 sm:p-5">
      <h2 id={headingId} className="flex items-center gap-2 text-sm font-semibold">
        <Sparkles aria-hidden="true" className="size-4 text-primary" />
        Related notes
      </h2>
      <ul className="mt-2 grid gap-1">
        {related.map((match) => (
          <li key={match.noteId} className="min-w-0">
            <Link
              to={`/note/${match.noteId}`}
              className="block rounded-md px-2 py-1.5 outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
            >
              <span className="block truncate text-sm font-medium">{match.title || 'Untitled note'}</span>
              <span className="line-clamp-2 text-xs text-muted-foreground">{match.passage}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
