// Deleting from a list screen, one way everywhere (issue 32): the app's dialog naming the note, then a
// move to the Trash with Undo (note-actions.ts). The card that opened the dialog is gone after a
// deletion, so focus goes to `focusAfter` (the page's heading) rather than to nowhere.
import { useCallback, useRef, useState, type ReactElement, type RefObject } from 'react';
import type { NoteView } from '../../data/notes';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { useDeleteNoteFromList } from './note-actions';
import { noteTitle } from './note-text';

export interface ConfirmDeleteOptions {
  /** 'log' (dashboard cards: logged only) or 'toast' when the move to the Trash fails. */
  onFailure: 'log' | 'toast';
  /** The dialog's question, when not the spec's for a note. */
  question?: string;
  /** Where focus goes once the note has left the screen (a list's heading); none when the screen goes too. */
  focusAfter?: RefObject<HTMLElement | null>;
}

/** `requestDelete(note)` opens the dialog for `note`; render `dialog` once on the page. */
export function useConfirmDelete({ onFailure, question, focusAfter }: ConfirmDeleteOptions): {
  requestDelete: (note: NoteView) => void;
  dialog: ReactElement;
} {
  const deleteNoteFromList = useDeleteNoteFromList();
  const [toDelete, setToDelete] = useState<NoteView | null>(null);
  // The dialog keeps showing the title while it closes.
  const [open, setOpen] = useState(false);
  const deletedRef = useRef(false);
  const requestDelete = useCallback((note: NoteView) => {
    setToDelete(note);
    setOpen(true);
  }, []);
  const dialog = (
    <ConfirmDeleteDialog
      open={open}
      onOpenChange={setOpen}
      question={question}
      noteTitle={toDelete ? noteTitle(toDelete) : undefined}
      onConfirm={() => {
        if (!toDelete) return;
        deletedRef.current = true;
        void deleteNoteFromList(toDelete, onFailure);
      }}
      onCloseAutoFocus={(event) => {
        if (!deletedRef.current) return;
        deletedRef.current = false;
        event.preventDefault();
        focusAfter?.current?.focus();
      }}
    />
  );
  return { requestDelete, dialog };
}
