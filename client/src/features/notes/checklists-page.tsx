// Your Checklists (spec section 2): the notes flagged as checklists in a grid of 1/2/3 columns, each with
// its progress, View (the checklist view), Edit and Delete (after the browser's confirm).
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ListChecks, SquarePen, Trash2 } from 'lucide-react';
import { formatUpdated } from '#core/relative-time';
import { Button } from '../../components/ui/button';
import { FullPageSpinner } from '../../components/ui/spinner';
import { Tooltip, TooltipContent, TooltipTrigger } from '../../components/ui/tooltip';
import type { NoteView } from './data/local-note';
import { recordNoteActivity } from './data/local-keys';
import { DELETE_CHECKLIST_CONFIRM } from './data/messages';
import { EmptyState } from './empty-state';
import { deleteNoteFromList } from './note-actions';
import { noteTitle } from './note-text';
import { PAGE_SIZE, useNotesPage, useStablePage } from './notes-queries';
import { checklistProgress, FROM_CHECKLISTS } from './note-view-logic';
import { SyncStateIndicator } from './sync-state-indicator';
import { useUserId } from './use-user-id';

export function ChecklistsPage() {
  const userId = useUserId();
  const [shown, setShown] = useState(PAGE_SIZE);
  const page = useStablePage(useNotesPage(userId, shown, 'checklists'));
  const notes = page?.notes;

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 md:py-10">
      <h1 className="text-2xl font-semibold tracking-tight md:text-3xl">Your Checklists</h1>
      {notes === undefined ? (
        <FullPageSpinner />
      ) : notes.length === 0 ? (
        <EmptyState icon={ListChecks} title="No checklists yet" className="mt-8">
          <p className="mt-1.5 max-w-sm text-sm text-muted-foreground">
            Turn a note’s action steps into a checklist with ‘Convert to checklist’ on its edit screen.
          </p>
        </EmptyState>
      ) : (
        <>
          <ul aria-label="Checklists" className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {notes.map((note) => (
              <li key={note.id} className="flex min-w-0 [&>article]:flex-1">
                <ChecklistCard note={note} userId={userId} />
              </li>
            ))}
          </ul>
          {page?.hasMore && (
            <div className="mt-8 flex justify-center">
              <Button variant="outline" onClick={() => setShown((n) => n + PAGE_SIZE)}>
                Show more
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}

function ChecklistCard({ note, userId }: { note: NoteView; userId: string | null }) {
  const titleId = useId();
  const title = noteTitle(note);
  const progress = checklistProgress(note.checklist_items);
  const updated = formatUpdated(note.updated_at);
  const complete = progress.total > 0 && progress.done === progress.total;

  const onDelete = () => {
    if (window.confirm(DELETE_CHECKLIST_CONFIRM)) void deleteNoteFromList(note, 'toast');
  };

  return (
    <article
      aria-labelledby={titleId}
      data-note-id={note.id}
      className="flex min-w-0 flex-col rounded-xl border bg-card text-card-foreground shadow-xs transition-[box-shadow,border-color,translate] duration-200 hover:-translate-y-0.5 hover:border-primary/35 hover:shadow-md focus-within:border-primary/35 motion-reduce:hover:translate-y-0"
    >
      <div className="flex flex-1 flex-col gap-3 p-5 pb-4">
        <div className="flex items-start justify-between gap-3">
          <h2 id={titleId} className="line-clamp-2 min-w-0 text-base leading-snug font-semibold tracking-tight break-words">
            {title}
          </h2>
          {note.sync_state === 'synced' && <SyncStateIndicator note={note} className="shrink-0 pt-0.5" />}
        </div>
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1.5 text-xs text-muted-foreground">
          <span>
            Updated{updated ? ' ' : ''}
            {updated && <time dateTime={note.updated_at}>{updated}</time>}
          </span>
          {note.sync_state === 'pending' && <SyncStateIndicator note={note} />}
        </div>
        {note.sync_state === 'error' && <SyncStateIndicator note={note} className="rounded-md bg-destructive/10 px-2.5 py-2" />}
        <div className="mt-auto grid gap-1.5">
          <p className="flex items-center justify-between text-sm">
            <span className={complete ? 'font-medium text-accent-foreground' : 'text-muted-foreground'}>{progress.label}</span>
            {progress.total > 0 && (
              <span aria-hidden="true" className="text-xs text-muted-foreground">
                {Math.round((progress.done / progress.total) * 100)}%
              </span>
            )}
          </p>
          <div aria-hidden="true" className="h-1.5 overflow-hidden rounded-full bg-muted">
            <div
              className="h-full rounded-full bg-primary"
              style={{ width: progress.total ? `${(progress.done / progress.total) * 100}%` : '0%' }}
            />
          </div>
        </div>
      </div>
      <div className="flex items-center gap-1.5 border-t px-3 py-2.5">
        <Button asChild variant="ghost" size="sm" className="text-foreground">
          <Link to={`/note/${note.id}`} state={FROM_CHECKLISTS} onClick={() => userId && recordNoteActivity(userId, note.id, 'view')}>
            <ListChecks aria-hidden="true" />
            View<span className="sr-only"> {title}</span>
          </Link>
        </Button>
        <Button asChild variant="ghost" size="sm" className="text-foreground">
          <Link to={`/edit/${note.id}`}>
            <SquarePen aria-hidden="true" />
            Edit<span className="sr-only"> {title}</span>
          </Link>
        </Button>
        <Tooltip>
          <TooltipTrigger asChild>
            <Button
              variant="ghost"
              size="icon-sm"
              className="ml-auto text-muted-foreground hover:bg-destructive/10 hover:text-destructive"
              aria-label={`Delete ${title}`}
              onClick={onDelete}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </TooltipTrigger>
          <TooltipContent>Delete checklist</TooltipContent>
        </Tooltip>
      </div>
    </article>
  );
}
