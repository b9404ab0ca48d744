// The Archive (issue 33): the notes the user archived, the latest first. They are out of the Dashboard,
// Checklists and Recent Ideas but kept as they are, found by search with its Archived filter, and each
// comes back to the lists with Unarchive. A note opens from here as from any list.
import { useCallback, useRef } from 'react';
import { Archive, ArchiveRestore, Eye } from 'lucide-react';
import { FullPageSpinner } from '../../components/ui/spinner';
import { useArchivePage, type NoteView } from '../../data/notes';
import { useUserId } from '../../data/auth';
import { recordNoteActivity } from '../../lib/device-storage';
import { useContentShown } from '../../lib/first-content';
import { EmptyState } from './empty-state';
import { NoteCardBadges } from './note-card-badges';
import { NoteCardFrame } from './note-card-frame';
import { CardBody } from './note-card';
import { IconAction } from './note-card-actions';
import { usePlacementActions } from './placement-actions';
import { noteTitle } from './note-text';
import { useConfirmDelete } from './use-confirm-delete';

export function ArchivePage() {
  const notes = useArchivePage();
  useContentShown(notes !== undefined);
  const userId = useUserId();
  const placement = usePlacementActions();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { requestDelete, dialog } = useConfirmDelete({ onFailure: 'toast', focusAfter: headingRef });
  const onView = useCallback(
    (note: NoteView) => {
      if (userId) recordNoteActivity(userId, note.id, 'view');
    },
    [userId],
  );

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 md:py-10">
      <header className="min-w-0">
        <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-semibold tracking-tight outline-none md:text-3xl">
          Archive
        </h1>
        <p className="mt-1 text-sm text-muted-foreground">
          Archived notes stay out of your lists and keep everything they hold. Search finds them with its Archived
          filter.
        </p>
      </header>
      {notes === undefined ? (
        <FullPageSpinner />
      ) : notes.length === 0 ? (
        <EmptyState icon={Archive} title="Nothing archived" className="mt-8">
          <p className="mt-1.5 max-w-sm text-sm text-muted-foreground">
            Archive a note you are done with from its card or its menu: it leaves your lists and waits here.
          </p>
        </EmptyState>
      ) : (
        <ul aria-label="Archived notes" className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {notes.map((note) => (
            <li key={note.id} className="card-cell flex min-w-0 [&>article]:flex-1">
              <NoteCardFrame
                note={note}
                badges={<NoteCardBadges note={note} />}
                view={{ icon: Eye, to: `/view/${note.id}`, onClick: () => onView(note) }}
                deleteLabel="Delete note"
                onDelete={() => requestDelete(note)}
                actions={
                  <IconAction
                    tip="Back to your notes"
                    label={`Unarchive ${noteTitle(note)}`}
                    onClick={() => void placement.unarchive(note)}
                    icon={<ArchiveRestore aria-hidden="true" />}
                  />
                }
              >
                <CardBody note={note} />
              </NoteCardFrame>
            </li>
          ))}
        </ul>
      )}
      {dialog}
    </div>
  );
}
