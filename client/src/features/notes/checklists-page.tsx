// Your Checklists (spec section 2): the notes flagged as checklists in a grid of 1/2/3 columns, each with
// its progress, View (the checklist view), Edit and Delete (after the browser's confirm).
import { useState } from 'react';
import { ListChecks } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { FullPageSpinner } from '../../components/ui/spinner';
import { DELETE_CHECKLIST_CONFIRM, type NoteView, PAGE_SIZE, useNotesPage, useStablePage } from '../../data/notes';
import { recordNoteActivity } from '../../lib/device-storage';
import { useContentShown } from '../../lib/first-content';
import { EmptyState } from './empty-state';
import { useDeleteNoteFromList } from './note-actions';
import { NoteCardFrame } from './note-card-frame';
import { checklistProgress, FROM_CHECKLISTS } from './note-view-logic';
import { useUserId } from '../../data/auth';
import { NoteSearchBar } from './search/note-search-bar';
import { SearchResults } from './search/search-results';
import { useUrlSearch } from './search/use-url-search';

const viewPath = (note: NoteView): `/${string}` => `/note/${note.id}`;

export function ChecklistsPage() {
  const userId = useUserId();
  const [shown, setShown] = useState(PAGE_SIZE);
  const page = useStablePage(useNotesPage(shown, 'checklists'));
  const notes = page?.notes;
  useContentShown(notes !== undefined);
  const search = useUrlSearch();
  const deleteNoteFromList = useDeleteNoteFromList();
  const onView = (note: NoteView) => {
    if (userId) recordNoteActivity(userId, note.id, 'view');
  };
  const onDelete = (note: NoteView) => {
    if (window.confirm(DELETE_CHECKLIST_CONFIRM)) void deleteNoteFromList(note, 'toast');
  };

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 md:py-10">
      <h1 className="text-2xl font-semibold tracking-tight md:text-3xl">Your Checklists</h1>
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
      ) : notes === undefined ? (
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
  const deleteNoteFromList = useDeleteNoteFromList();
  const progress = checklistProgress(note.checklist_items);
  const complete = progress.total > 0 && progress.done === progress.total;

  const onDelete = () => {
    if (window.confirm(DELETE_CHECKLIST_CONFIRM)) void deleteNoteFromList(note, 'toast');
  };

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
      onDelete={onDelete}
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
