// 'Linked from' (issue 33): the notes that link to this one, newest first, under the note's content.
import { useId } from 'react';
import { Link } from 'react-router';
import { Link2 } from 'lucide-react';
import { useLinkingNotes } from '../../data/notes';
import { noteTitle } from './note-text';

export function LinkedFrom({ noteId }: { noteId: string }) {
  const notes = useLinkingNotes(noteId);
  const headingId = useId();
  if (!notes || notes.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-xl border bg-card p-4 sm:p-5">
      <h2 id={headingId} className="flex items-center gap-2 text-sm font-semibold">
        <Link2 aria-hidden="true" className="size-4 text-primary" />
        Linked from
      </h2>
      <ul className="mt-2 grid gap-1">
        {notes.map((note) => (
          <li key={note.id} className="min-w-0">
            <Link
              to={`/note/${note.id}`}
              className="block truncate rounded-md px-2 py-1.5 text-sm outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
            >
              {noteTitle(note)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
