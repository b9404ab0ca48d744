// One note in the Trash: its title, a few words of it, when it was deleted and when it goes for good,
// and Restore / Delete forever (which asks first; the dialog loads as the pointer or focus reaches it).
import { memo, useId } from 'react';
import { ListChecks, RotateCcw, Trash2 } from 'lucide-react';
import { formatUpdated } from '#core/relative-time';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { preloadConfirmDialog } from '../../components/ui/confirm-dialog';
import type { NoteView } from '../../data/notes';
import type { TrashRetention } from '../../data/trash-retention';
import { preloadOnIntent } from '../../lib/lazy-with-preload';
import { cn } from '../../lib/utils';
import { PURGE_TODAY, purgeText, trashSnippet, trashTitle } from './trash-text';
import { CONTENT_TIMING } from '../../lib/first-content';

/** The attribute that marks a card's Restore button, where focus goes when the card before it leaves. */
export const RESTORE_BUTTON_ATTRIBUTE = 'data-trash-restore';

export interface TrashNoteCardProps {
  note: NoteView;
  retention: TrashRetention;
  onRestore: (note: NoteView) => void;
  onDeleteForever: (note: NoteView) => void;
}

export const TrashNoteCard = memo(function TrashNoteCard({
  note,
  retention,
  onRestore,
  onDeleteForever,
}: TrashNoteCardProps) {
  const titleId = useId();
  const title = trashTitle(note);
  const snippet = trashSnippet(note);
  const trashedAt = note.trashed_at ?? '';
  const deleted = formatUpdated(trashedAt);
  const purge = purgeText(trashedAt, retention);

  return (
    <article
      aria-labelledby={titleId}
      data-note-id={note.id}
      className="flex min-w-0 flex-col rounded-xl border bg-card text-card-foreground shadow-xs"
    >
      <div className="flex flex-1 flex-col gap-3 p-5 pb-4">
        <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1.5">
          <h2
            id={titleId}
            elementtiming={CONTENT_TIMING}
            className="line-clamp-2 min-w-0 text-base leading-snug font-semibold tracking-tight break-words"
          >
            {title}
          </h2>
          {note.is_checklist && (
            <Badge variant="success">
              <ListChecks aria-hidden="true" />
              Checklist
            </Badge>
          )}
        </div>
        <div className="grid gap-0.5 text-xs text-muted-foreground">
          <p>
            Deleted{deleted ? ' ' : ''}
            {deleted && <time dateTime={trashedAt}>{deleted}</time>}
          </p>
          {purge && (
            <p className={cn(purge === PURGE_TODAY && 'font-medium text-amber-800 dark:text-amber-200')}>{purge}</p>
          )}
        </div>
        <p className="line-clamp-3 text-sm leading-relaxed whitespace-pre-line break-words text-muted-foreground">
          {snippet || <span className="italic">No content</span>}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-1.5 border-t px-3 py-2.5">
        <Button
          variant="ghost"
          size="sm"
          className="text-foreground"
          onClick={() => onRestore(note)}
          {...{ [RESTORE_BUTTON_ATTRIBUTE]: note.id }}
        >
          <RotateCcw aria-hidden="true" />
          Restore<span className="sr-only"> {title}</span>
        </Button>
        <Button
          variant="ghost-destructive"
          size="sm"
          className="ml-auto text-muted-foreground"
          onClick={() => onDeleteForever(note)}
          {...preloadOnIntent(preloadConfirmDialog)}
        >
          <Trash2 aria-hidden="true" />
          {/* One flex item, so that the hidden title leaves one space between the visible words. */}
          <span>
            Delete<span className="sr-only"> {title}</span> forever
          </span>
        </Button>
      </div>
    </article>
  );
});
