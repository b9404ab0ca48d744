// Dashboard, 'Your Notes' (spec section 2): spinner while loading, the empty state, or the notes in a
// grid of 1/2/3 columns, pinned ones first in the chosen order (issue 33). Cards are shown a page at a
// time so thousands of notes stay responsive.
import { useCallback, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { CircleAlert, NotebookPen, Plus, Sparkles } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { FullPageSpinner } from '../../components/ui/spinner';
import {
  NOTE_MESSAGES,
  type NoteView,
  useLiveNotesCount,
  useNotesPage,
  useStablePage,
  useAwaitingFirstPull,
  useTagCounts,
  useSyncStatusOf,
} from '../../data/notes';
import { recordNoteActivity } from '../../lib/device-storage';
import { useScreenfulFirst } from '../../lib/use-screenful-first';
import { useConfirmDelete } from './use-confirm-delete';
import { EmptyState } from './empty-state';
import { NoteCard } from './note-card';
import { QuickCaptureButtons } from './quick-capture/quick-capture-buttons';
import { useQuickCapture } from './quick-capture/use-quick-capture';
import { useUserId } from '../../data/auth';
import { DashboardSearch } from './search/dashboard-search';
import { formatCount } from '../../lib/format-count';
import { useContentShown } from '../../lib/first-content';
import { SortSelect, useNotesOrder } from './notes-order';
import { usePlacementActions } from './placement-actions';
import { TagFilterBar } from './tags/tag-filter-bar';
import { useTagFilter } from './tags/tag-path';
import { useListLength } from './list-length';
import { DueTodayChip } from '../today';
import { signedInHere } from '../auth';

const viewPath = (note: NoteView): `/${string}` => `/view/${note.id}`;

const NO_CARDS: readonly NoteView[] = [];

export function DashboardPage() {
  const userId = useUserId();
  const location = useLocation();
  // The first pull failed: the notes below are this device's copy only.
  const fetchFailed = useSyncStatusOf((status) => status.lastError !== null && status.lastSyncedAt === null);
  const [order, setOrder] = useNotesOrder();
  const tag = useTagFilter();
  const [shown, showMore] = useListLength(`${order} ${tag ?? ''}`);
  const page = useStablePage(useNotesPage(shown, 'all', order, tag));
  const tagCounts = useTagCounts(tag !== null);
  const placement = usePlacementActions();
  const { quickNote } = useQuickCapture();
  const liveCount = useLiveNotesCount();
  // Whether a query or filter is set; the text itself stays in DashboardSearch (see there why).
  const [searching, setSearching] = useState(false);
  const notes = page?.notes;
  // Another list (a tag chosen, another order) draws a screenful of cards first.
  const cards = useScreenfulFirst(notes ?? NO_CARDS);
  useContentShown(notes !== undefined);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { requestDelete: onDelete, dialog: deleteDialog } = useConfirmDelete({
    onFailure: 'log',
    focusAfter: headingRef,
  });

  const onView = useCallback(
    (note: NoteView) => {
      if (userId) recordNoteActivity(userId, note.id, 'view');
    },
    [userId],
  );

  const total = liveCount ?? notes?.length ?? 0;
  // What the list shows: every note, or those of the tag filtered by.
  const listed = tag === null ? total : (tagCounts?.get(tag) ?? notes?.length ?? 0);
  // Signed in just now on a device that has never pulled the account's notes: none here is not yet none.
  const awaitingFirstPull = useAwaitingFirstPull(signedInHere(location.state) && notes !== undefined && total === 0);

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 md:py-10">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-semibold tracking-tight outline-none md:text-3xl">
            Your Notes
          </h1>
          {notes && total > 0 && (
            // The count of what is due comes once the notes are shown, on this line: it moves nothing when it does.
            <div className="mt-1 flex flex-wrap items-center gap-2">
              <p className="text-sm text-muted-foreground">
                {formatCount(total)} {total === 1 ? 'note' : 'notes'}
              </p>
              <DueTodayChip />
            </div>
          )}
        </div>
        <QuickCaptureButtons className="grid w-full grid-cols-2 gap-2 sm:flex sm:w-auto" />
      </header>

      {fetchFailed && (
        <div
          role="alert"
          className="mt-6 flex gap-3 rounded-xl border border-destructive/40 bg-destructive/5 p-4 text-sm"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
          <p>
            <span className="font-semibold">{NOTE_MESSAGES.fetchFailed.title}:</span>{' '}
            {NOTE_MESSAGES.fetchFailed.description}
          </p>
        </div>
      )}

      <DashboardSearch
        notesLoaded={notes !== undefined}
        hasNotes={total > 0}
        viewTo={viewPath}
        onView={onView}
        onDelete={onDelete}
        onActiveChange={setSearching}
      />
      {notes === undefined || awaitingFirstPull ? (
        !searching && <FullPageSpinner />
      ) : total === 0 ? (
        !searching && (
          <EmptyState icon={NotebookPen} title="You don't have any notes yet" className="mt-8">
            <p className="mt-1.5 max-w-sm text-sm text-muted-foreground">
              Capture an idea and let Sprout help you turn it into a plan.
            </p>
            {/* A note, as the button says (issue 33); the assistant is the second way, not the first. */}
            <Button className="mt-6" onClick={() => void quickNote()}>
              <Plus aria-hidden="true" />
              Create your first note
            </Button>
            <Button asChild variant="link" className="mt-2">
              <Link to="/new">
                <Sparkles aria-hidden="true" />
                Or expand an idea with Sprout
              </Link>
            </Button>
          </EmptyState>
        )
      ) : (
        // Kept mounted and laid out, hidden, while searching: the first key typed and clearing the field
        // then neither take down nor rebuild a page of cards (React's or the browser's layout of them;
        // kept-hidden is content-visibility, see docs/decisions.md, 'A keystroke in search costs a few cards').
        <div inert={searching} className={searching ? 'kept-hidden' : undefined}>
          <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
            {tag !== null && <TagFilterBar tag={tag} list="/" count={listed} />}
            <SortSelect order={order} onChange={setOrder} className="ml-auto" />
          </div>
          {tag !== null && notes.length === 0 && (
            <p className="mt-6 text-sm text-muted-foreground">No notes are tagged #{tag}.</p>
          )}
          <ul aria-label="Notes" className="mt-3 grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {cards.map((note) => (
              <li key={note.id} className="card-cell flex min-w-0 [&>article]:flex-1">
                <NoteCard note={note} onView={onView} onDelete={onDelete} placement={placement} />
              </li>
            ))}
          </ul>
          {page?.hasMore && (
            <div className="mt-8 flex flex-col items-center gap-2">
              <Button variant="outline" onClick={showMore}>
                Show more
              </Button>
              <p className="text-xs text-muted-foreground">
                Showing {formatCount(notes.length)} of {formatCount(listed)} notes
              </p>
            </div>
          )}
        </div>
      )}

      {deleteDialog}
    </div>
  );
}
