// The palette's 'Delete this note' (issue 32: every way to delete goes through one dialog and the Trash):
// the app's confirmation naming the note open on screen, then a move to the Trash with Undo, and back to
// the list the note was in. Loaded with its first use, like the palette itself.
import type { NoteView } from '../../data/notes';
import { ConfirmDeleteDialog, noteTitle, useDeleteNoteFromList } from '../notes';

export interface DeleteOpenNoteProps {
  /** The note to delete, as the screen shows it; null once the dialog is closed. */
  note: NoteView | null;
  onClose: () => void;
  /** The note left the lists (the dialog may be gone by then). */
  onDeleted: (note: NoteView) => void;
}

export function DeleteOpenNote({ note, onClose, onDeleted }: DeleteOpenNoteProps) {
  const deleteNoteFromList = useDeleteNoteFromList();
  return (
    <ConfirmDeleteDialog
      open={note !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      noteTitle={note ? noteTitle(note) : undefined}
      onConfirm={() => {
        if (!note) return;
        void deleteNoteFromList(note, 'toast').then((deleted) => {
          if (deleted) onDeleted(note);
        });
      }}
    />
  );
}
