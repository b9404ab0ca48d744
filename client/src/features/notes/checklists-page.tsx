// Your Checklists (spec section 2): the notes flagged as checklists in a grid of 1/2/3 columns, pinned
// ones first in the chosen order (issue 33), each with its progress, View (the checklist view), Edit, Pin,
// Archive and Delete (after the app's confirm).
import { useRef } from 'react';
import { useLocation } from 'react-router';
import { ListChecks } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { FullPageSpinner } from '../../components/ui/spinner';
import {
  DELETE_CHECKLIST_CONFIRM,
  type NoteView,
  useAwaitingFirstPull,
  useNotesPage,
  useStablePage,
} from '../../data/notes';
import { recordNoteActivity } from '../../lib/device-storage';
import { useScreenfulFirst } from '../../lib/use-screenful-first';
import { useContentShown } from '../../lib/first-content';
import { EmptyState } from './empty-state';
import { NoteCardFrame } from './note-card-frame';
import { checklistProgress, FROM_CHECKLISTS } from './note-view-logic';
import { useUserId } from '../../data/auth';
import { signedInHere } from '../auth';
import { useConfirmDelete } from './use-confirm-delete';
import { NoteSearchBar } from './search/note-search-bar';
import { SearchResults } from './search/search-results';
import { useUrlSearch } from './search/use-url-search';
import { SortSelect, useNotesOrder } from './notes-order';
import { usePlacementActions, type PlacementActions } from './placement-actions';
import { PinArchiveActions } from './note-card-actions';
import { TagFilterBar } from './tags/tag-filter-bar';
import { useTagFilter } from './tags/tag-path';
import { useListLength } from './list-length';

const viewPath = (note: NoteView): `/${string}` => `/note/${note.id}`;

const NO_CARDS: readonly NoteView[] = [];

export function ChecklistsPage() {
  const userId = useUserId();
  const [order, setOrder] = useNotesOrder();
  const tag = useTagFilter();
  const [shown, showMore] = useListLength(`${order} ${tag ?? ''}`);
  const page = useStablePage(useNotesPage(shown, 'checklists', order, tag));
  const placement = usePlacementActions();
  const notes = page?.notes;
  // Signed in just now (the sign-in was asked for on this screen) on a device that has never pulled the
  // account's notes: no checklist here is not yet none, as on the Dashboard.
  const location = useLocation();
  const awaitingFirstPull = useAwaitingFirstPull(
    signedInHere(location.state) && notes !== undefined && notes.length === 0 && tag === null,
  );
  // Another list (a tag chosen, another order) draws a screenful of cards first.
  const cards = useScreenfulFirst(notes ?? NO_CARDS);
  useContentShown(notes !== undefined);
  const search = useUrlSearch();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The spec's own question for a checklist, in the app's dialog like every other delete (issue 32).
  const { requestDelete: onDelete, dialog: deleteDialog } = useConfirmDelete({
    onFailure: 'toast',
    question: DELETE_CHECKLIST_CONFIRM,
    focusAfter: headingRef,
  });
  const onView = (note: NoteView) => {
    if (userId) recordNoteActivity(userId, note.id, 'view');
  };

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 md:py-10">
      <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-semibold tracking-tight outline-none md:text-3xl">
        Your Checklists
      </h1>
      {notes !== undefined && (notes.length > 0 || search.active) && (
        <NoteSearchBar search={search} label="Search checklists" filters={false} />
      )}
      {search.text.trim() ? (
        <SearchResults
          query={search.text}
          filter="checklists"
          noun="checklist"
          viewTo={viewPath}
          viewState={FROM_CHECKLISTS}
          onView={onView}
          onDelete={onDelete}
          onClear={search.clear}
        />
      ) : notes === undefined || awaitingFirstPull ? (
        <FullPageSpinner />
      ) : notes.length === 0 && tag === null ? (
        <EmptyState icon={ListChecks} title="No checklists yet" className="mt-8">
          <p className="mt-1.5 max-w-sm text-sm text-muted-foreground">
            Make one with ‘New checklist’, or add a checklist to a note on its edit screen.
          </p>
        </EmptyState>
      ) : (
        <>
          <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
            {tag !== null && <TagFilterBar tag={tag} list="/checklists" />}
            <SortSelect order={order} onChange={setOrder} className="ml-auto" />
          </div>
          {tag !== null && notes.length === 0 && (
            <p className="mt-6 text-sm text-muted-foreground">No checklists are tagged #{tag}.</p>
          )}
          <ul aria-label="Checklists" className="mt-3 grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {cards.map((note) => (
              <li key={note.id} className="card-cell flex min-w-0 [&>article]:flex-1">
                <ChecklistCard note={note} userId={userId} onDelete={onDelete} placement={placement} />
              </li>
            ))}
          </ul>
          {page?.hasMore && (
            <div className="mt-8 flex justify-center">
              <Button variant="outline" onClick={showMore}>
                Show more
              </Button>
            </div>
          )}
        </>
      )}
      {deleteDialog}
    </div>
  );
}

function ChecklistCard({
  note,
  userId,
  onDelete,
  placement,
}: {
  note: NoteView;
  userId: string | null;
  onDelete: (note: NoteView) => void;
  placement: PlacementActions;
}) {
  const progress = checklistProgress(note.checklist_items);
  const complete = progress.total > 0 && progress.done === progress.total;

  return (
    <NoteCardFrame
      note={note}
      view={{
        icon: ListChecks,
        to: `/note/${note.id}`,
        state: FROM_CHECKLISTS,
        onClick: () => userId && recordNoteActivity(userId, note.id, 'view'),
      }}
      deleteLabel="Delete checklist"
      onDelete={() => onDelete(note)}
      actions={<PinArchiveActions note={note} placement={placement} />}
    >
      <div className="mt-auto grid gap-1.5">
        <p className="flex items-center justify-between text-sm">
          <span className={complete ? 'font-medium text-accent-foreground' : 'text-muted-foreground'}>
            {progress.label}
          </span>
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
    </NoteCardFrame>
  );
}
