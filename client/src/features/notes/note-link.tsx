// A link to one of the user's notes in a rendered text (issue 33): it opens the note in the app, and says
// so instead of breaking when the note is in the Trash or gone.
import { Link } from 'react-router';
import type { ReactNode } from 'react';
import { useLinkTarget } from '../../data/notes';

const link = 'font-medium text-primary underline underline-offset-2';

export function NoteLink({ noteId, children }: { noteId: string; children: ReactNode }) {
  const target = useLinkTarget(noteId);
  if (target === undefined || target.state === 'listed' || target.state === 'archived')
    return (
      <Link to={`/note/${noteId}`} className={link}>
        {children}
      </Link>
    );
  return (
    <span className="text-muted-foreground">
      <span className="line-through">{children}</span>{' '}
      <span className="text-xs">({target.state === 'trashed' ? 'in the Trash' : 'note not found'})</span>
    </span>
  );
}
