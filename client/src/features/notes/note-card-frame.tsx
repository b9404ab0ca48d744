// The card a note shows as in a grid (Dashboard, Your Checklists): title, a pin when pinned, a crossed eye
// when kept out of the assistant (issue 34), and sync state, 'Updated' with a relative time, the card's own
// body, and the View / Edit row with Pin, Archive (issue 33) and Delete. Each grid fills in its body,
// badges and where View goes.
import { useId, type ReactNode } from 'react';
import { useNavigate, type NavigateOptions } from 'react-router';
import { EyeOff, Pin, SquarePen, Trash2, type LucideIcon } from 'lucide-react';
import { formatUpdated } from '#core/relative-time';
import { ListLink } from '../../components/list-link';
import { Button } from '../../components/ui/button';
import { Tooltip } from '../../components/ui/tooltip';
import type { NoteView } from '../../data/notes';
import { preloadOnIntent } from '../../lib/lazy-with-preload';
import { noteTitle } from './note-text';
import { noteTags } from '#core/tags';
import { TagLinks } from './tags/tag-links';
import { SyncStateIndicator } from './sync-state-indicator';
import { CONTENT_TIMING } from '../../lib/first-content';

export interface NoteCardFrameProps {
  note: NoteView;
  /** Shown after 'Updated …' (badges). */
  badges?: ReactNode;
  children: ReactNode;
  view: { icon: LucideIcon; to: `/${string}`; state?: NavigateOptions['state']; onClick?: () => void };
  /** The title as shown, when it is more than text (a search result marks its matched words). */
  titleContent?: ReactNode;
  /** The Delete button's tooltip, e.g. 'Delete note'. */
  deleteLabel: string;
  onDelete: () => void;
  /** Called on the Delete button's first signs of use (pointer, press, focus, key): to load what it opens. */
  onDeleteIntent?: () => Promise<void>;
  /** Icon buttons before Delete: Pin and Archive on the lists, Unarchive on the Archive (issue 33). */
  actions?: ReactNode;
}

// Made once: React skips an element it is given again unchanged, so a card updated in place (a search
// result on each key) does not redraw its icons.
const EDIT_ICON = <SquarePen aria-hidden="true" />;
const DELETE_ICON = <Trash2 aria-hidden="true" />;
/** What the marker of a note kept out of the assistant says to a screen reader (issue 34). */
export const KEPT_OUT_LABEL = 'Kept out of the assistant';

export function NoteCardFrame({
  note,
  badges,
  children,
  view,
  deleteLabel,
  onDelete,
  onDeleteIntent,
  titleContent,
  actions,
}: NoteCardFrameProps) {
  const titleId = useId();
  const title = noteTitle(note);
  const updated = formatUpdated(note.updated_at);
  const ViewIcon = view.icon;
  const navigate = useNavigate();

  return (
    <article
      aria-labelledby={titleId}
      data-note-id={note.id}
      className="group relative flex min-w-0 flex-col rounded-xl border bg-card text-card-foreground shadow-xs transition-[box-shadow,border-color,translate] duration-200 hover:-translate-y-0.5 hover:border-primary/35 hover:shadow-md focus-within:border-primary/35 motion-reduce:hover:translate-y-0"
    >
      <div className="flex flex-1 flex-col gap-3 p-5 pb-4">
        <div className="flex items-start justify-between gap-3">
          <h2
            id={titleId}
            elementtiming={CONTENT_TIMING}
            className="line-clamp-2 min-w-0 text-base leading-snug font-semibold tracking-tight break-words"
          >
            {titleContent ?? title}
          </h2>
          <div className="flex shrink-0 items-center gap-1.5 pt-0.5">
            {note.pinned_at && <Pin role="img" aria-label="Pinned" className="size-3.5 fill-current text-primary" />}
            {note.ai_excluded && (
              <EyeOff role="img" aria-label={KEPT_OUT_LABEL} className="size-3.5 text-muted-foreground" />
            )}
            {note.sync_state === 'synced' && <SyncStateIndicator note={note} />}
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1.5 text-xs text-muted-foreground">
          <span>
            Updated{updated ? ' ' : ''}
            {updated && <time dateTime={note.updated_at}>{updated}</time>}
          </span>
          {note.sync_state === 'pending' && <SyncStateIndicator note={note} />}
          {badges}
        </div>
        {children}
        {/* Above the card's stretched View link, so a tag opens its list. */}
        <TagLinks tags={noteTags(note)} className="relative z-10" />
        {note.sync_state === 'error' && (
          <SyncStateIndicator note={note} className="rounded-md bg-destructive/10 px-2.5 py-2" />
        )}
      </div>
      <div className="flex items-center gap-1.5 border-t px-3 py-2.5">
        {/* The whole card opens the note (issue 33): View's link stretches over it; the other controls sit above. */}
        <Button
          asChild
          variant="ghost"
          size="sm"
          className="text-foreground after:absolute after:inset-0 after:rounded-xl after:content-['']"
        >
          <ListLink to={view.to} state={view.state} onClick={view.onClick} navigate={navigate}>
            <ViewIcon aria-hidden="true" />
            View<span className="sr-only"> {title}</span>
          </ListLink>
        </Button>
        <Button asChild variant="ghost" size="sm" className="relative z-10 text-foreground">
          <ListLink to={`/edit/${note.id}`} navigate={navigate}>
            {EDIT_ICON}
            Edit<span className="sr-only"> {title}</span>
          </ListLink>
        </Button>
        <div className="relative z-10 ml-auto flex items-center gap-0.5">
          {actions}
          <Tooltip content={deleteLabel}>
            <Button
              variant="ghost-destructive"
              size="icon-sm"
              className="text-muted-foreground"
              aria-label={`Delete ${title}`}
              onClick={onDelete}
              {...(onDeleteIntent && preloadOnIntent(onDeleteIntent))}
            >
              {DELETE_ICON}
            </Button>
          </Tooltip>
        </div>
      </div>
    </article>
  );
}
