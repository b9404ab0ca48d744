// A note on the dashboard (spec section 2): title, 'Updated' and a relative time, the Checklist badge,
// the content clamped to 3 lines, the sync state, and View / Edit / Delete.
import { memo, useId } from 'react';
import { Link } from 'react-router';
import { Eye, GitCompare, ListChecks, SquarePen, Trash2 } from 'lucide-react';
import { formatUpdated } from '#core/relative-time';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '../../components/ui/tooltip';
import type { NoteView } from './data/local-note';
import { SyncStateIndicator } from './sync-state-indicator';
import { isConflictCopy, noteTitle } from './note-text';

export interface NoteCardProps {
  note: NoteView;
  onView: (note: NoteView) => void;
  onDelete: (note: NoteView) => void;
}

export const NoteCard = memo(function NoteCard({ note, onView, onDelete }: NoteCardProps) {
  const titleId = useId();
  const title = noteTitle(note);
  const updated = formatUpdated(note.updated_at);
  const conflict = isConflictCopy(note);

  return (
    <article
      aria-labelledby={titleId}
      data-note-id={note.id}
      className="group flex min-w-0 flex-col rounded-xl border bg-card text-card-foreground shadow-xs transition-[box-shadow,border-color,translate] duration-200 hover:-translate-y-0.5 hover:border-primary/35 hover:shadow-md focus-within:border-primary/35 motion-reduce:hover:translate-y-0"
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
          {note.is_checklist && (
            <Badge variant="success">
              <ListChecks aria-hidden="true" />
              Checklist
            </Badge>
          )}
          {conflict && (
            <Badge variant="outline" className="border-amber-600/50 text-amber-800 dark:border-amber-400/50 dark:text-amber-200">
              <GitCompare aria-hidden="true" />
              Conflict copy
            </Badge>
          )}
        </div>
        <p className="line-clamp-3 text-sm leading-relaxed whitespace-pre-line break-words text-muted-foreground">
          {note.content.trim() || <span className="italic">No content</span>}
        </p>
        {note.sync_state === 'error' && <SyncStateIndicator note={note} className="rounded-md bg-destructive/10 px-2.5 py-2" />}
      </div>
      <div className="flex items-center gap-1.5 border-t px-3 py-2.5">
        <Button asChild variant="ghost" size="sm" className="text-foreground">
          <Link to={`/view/${note.id}`} onClick={() => onView(note)}>
            <Eye aria-hidden="true" />
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
              onClick={() => onDelete(note)}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </TooltipTrigger>
          <TooltipContent>Delete note</TooltipContent>
        </Tooltip>
      </div>
    </article>
  );
});
