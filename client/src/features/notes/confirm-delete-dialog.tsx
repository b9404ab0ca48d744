// The confirmation before a note is deleted (spec section 5: 'Are you sure you want to delete this
// note?', or the Checklists page's 'this checklist?'), naming the note and saying where it goes (the
// Trash [S29]), on the app's confirm dialog (loaded on first use; the Delete buttons preload it). Every
// delete asks through it (issue 32).
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { DELETE_NOTE_CONFIRM } from '../../data/notes';

export interface ConfirmDeleteDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  /** The note's title, shown under the question so the user knows which note goes. */
  noteTitle?: string;
  /** The question asked; the spec's for a note unless a screen has its own (Checklists). */
  question?: string;
  /** Where focus goes when the dialog closes (by default back to the button that opened it). */
  onCloseAutoFocus?: (event: Event) => void;
}

export function ConfirmDeleteDialog({
  open,
  onOpenChange,
  onConfirm,
  noteTitle,
  question = DELETE_NOTE_CONFIRM,
  onCloseAutoFocus,
}: ConfirmDeleteDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      title={question}
      description={
        noteTitle ? (
          <>
            “<span className="font-medium text-foreground">{noteTitle}</span>” will move to the Trash, where you can
            restore it.
          </>
        ) : (
          'The note will move to the Trash, where you can restore it.'
        )
      }
      cancelLabel="Cancel"
      confirmLabel="Delete"
      onCancel={() => onOpenChange(false)}
      onConfirm={() => {
        onConfirm();
        onOpenChange(false);
      }}
      onCloseAutoFocus={onCloseAutoFocus}
    />
  );
}
