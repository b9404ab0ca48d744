// The Trash (issue 32): the notes the user deleted, the latest first, each with Restore and Delete forever,
// and Empty Trash. Notes stay here for the user's retention (Settings > Sync), then the server deletes
// them for good; the line under the heading and each card say when.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Trash2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { ConfirmDialog, preloadConfirmDialog } from '../../components/ui/confirm-dialog';
import { FullPageSpinner } from '../../components/ui/spinner';
import { useTrashPage, type NoteView } from '../../data/notes';
import { useTrashRetention } from '../../data/trash-retention';
import { useContentShown } from '../../lib/first-content';
import { preloadOnIntent } from '../../lib/lazy-with-preload';
import { TrashNoteCard } from './trash-note-card';
import {
  DELETE_FOREVER_TITLE,
  EMPTY_TRASH_TITLE,
  emptyTrashDescription,
  retentionLine,
  trashTitle,
} from './trash-text';
import { useFocusAfterRemoval } from './use-focus-after-removal';
import { useTrashActions } from './use-trash-actions';

/** The question on screen: one note to delete for good, or the whole Trash (the notes shown when asked). */
type Question = { kind: 'delete'; note: NoteView } | { kind: 'empty'; notes: readonly NoteView[] };

export function TrashPage() {
  const notes = useTrashPage();
  useContentShown(notes !== undefined);
  const retention = useTrashRetention();
  const actions = useTrashActions();
  // The dialog keeps showing its question while it closes.
  const [question, setQuestion] = useState<Question | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  // Until the dialog's closing has ended: focus can leave it only then.
  const [dialogShown, setDialogShown] = useState(false);
  // Notes whose restore or deletion is under way, so that a second press does nothing.
  const busy = useRef(new Set<string>());
  const headingRef = useRef<HTMLHeadingElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const focus = useFocusAfterRemoval({ notes, dialogShown, list: listRef, heading: headingRef });
  // The list as last shown, read by the actions without remaking them (and every card) on each change.
  const shown = useRef(notes);
  useEffect(() => {
    shown.current = notes;
  }, [notes]);

  const ask = useCallback((next: Question) => {
    setQuestion(next);
    setDialogOpen(true);
    setDialogShown(true);
  }, []);

  /** Runs `action` on `targets`, with focus moved on once they have left the list. */
  const run = useCallback(
    async (targets: readonly NoteView[], action: () => Promise<boolean>) => {
      if (targets.some((note) => busy.current.has(note.id))) return;
      const ids = targets.map((note) => note.id);
      const index = Math.max(0, shown.current?.findIndex((note) => note.id === ids[0]) ?? 0);
      for (const id of ids) busy.current.add(id);
      focus.expect(ids, index);
      try {
        if (!(await action())) focus.cancel();
      } finally {
        for (const id of ids) busy.current.delete(id);
      }
    },
    [focus],
  );

  const onRestore = useCallback((note: NoteView) => void run([note], () => actions.restore(note)), [actions, run]);
  const onDeleteForever = useCallback((note: NoteView) => ask({ kind: 'delete', note }), [ask]);

  const confirm = () => {
    setDialogOpen(false);
    if (question?.kind === 'delete') void run([question.note], () => actions.deleteForever(question.note));
    else if (question?.kind === 'empty') void run(question.notes, () => actions.emptyTrash(question.notes));
  };

  const empty = notes !== undefined && notes.length === 0;

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 md:py-10">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-semibold tracking-tight outline-none md:text-3xl">
            Trash
          </h1>
          <p className="mt-1 text-sm text-muted-foreground">{retentionLine(retention)}</p>
        </div>
        <Button
          variant="outline-destructive"
          disabled={notes === undefined || empty}
          onClick={() => notes && ask({ kind: 'empty', notes })}
          {...preloadOnIntent(preloadConfirmDialog)}
        >
          <Trash2 aria-hidden="true" />
          Empty Trash
        </Button>
      </header>

      {notes === undefined ? (
        <FullPageSpinner />
      ) : empty ? (
        <div className="mt-8 rounded-2xl border border-dashed bg-card/40 px-6 py-14 text-center">
          <h2 className="text-lg font-semibold tracking-tight">The Trash is empty</h2>
          <p className="mx-auto mt-1.5 max-w-md text-sm text-balance text-muted-foreground">
            Notes you delete appear here, so a mistake is never final.
          </p>
        </div>
      ) : (
        <ul
          ref={listRef}
          aria-label="Notes in the Trash"
          className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3"
        >
          {notes.map((note) => (
            <li key={note.id} className="card-cell flex min-w-0 [&>article]:flex-1">
              <TrashNoteCard
                note={note}
                retention={retention}
                onRestore={onRestore}
                onDeleteForever={onDeleteForever}
              />
            </li>
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={dialogOpen}
        title={question?.kind === 'empty' ? EMPTY_TRASH_TITLE : DELETE_FOREVER_TITLE}
        description={
          question?.kind === 'empty' ? (
            emptyTrashDescription(question.notes.length)
          ) : (
            <>
              “<span className="font-medium text-foreground">{question ? trashTitle(question.note) : ''}</span>” will be
              deleted for good, on every device. This cannot be undone.
            </>
          )
        }
        cancelLabel="Cancel"
        confirmLabel={question?.kind === 'empty' ? 'Empty Trash' : 'Delete forever'}
        onCancel={() => setDialogOpen(false)}
        onConfirm={confirm}
        onCloseAutoFocus={(event) => {
          setDialogShown(false);
          // The card (or every card) is going: useFocusAfterRemoval moves focus on instead.
          if (focus.awaiting()) event.preventDefault();
        }}
      />
    </div>
  );
}
