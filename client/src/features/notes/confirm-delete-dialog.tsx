// The confirmation before a note is deleted (spec section 5: 'Are you sure you want to delete this
// note?'), naming the note, on the app's confirm dialog (loaded on first use; the Delete buttons preload it).
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { DELETE_NOTE_CONFIRM } from '../../data/notes';

export interface ConfirmDeleteDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  /** The note's title, shown under the question so the user knows which note goes. */
  noteTitle?: string;
  /** Where focus goes when the dialog closes (by default back to the button that opened it). */
  onCloseAutoFocus?: (event: Event) => void;
}

export function ConfirmDeleteDialog({
  open,
  onOpenChange,
  onConfirm,
  noteTitle,
  onCloseAutoFocus,
}: ConfirmDeleteDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      title={DELETE_NOTE_CONFIRM}
      description={
        noteTitle ? (
          <>
            “<span className="font-medium text-foreground">{noteTitle}</span>” will be removed from this device and from
            the cloud.
          </>
        ) : (
          'The note will be removed from this device and from the cloud.'
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
