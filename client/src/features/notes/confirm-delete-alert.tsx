// The confirmation before a note is deleted (spec section 5: 'Are you sure you want to delete this
// note?'), as an accessible dialog: focus starts on Cancel, Escape dismisses. Loaded on first use, through
// ConfirmDeleteDialog (confirm-delete-dialog.tsx).
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../components/ui/alert-dialog';
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

export function ConfirmDeleteAlert({ open, onOpenChange, onConfirm, noteTitle, onCloseAutoFocus }: ConfirmDeleteDialogProps) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>{DELETE_NOTE_CONFIRM}</AlertDialogTitle>
          <AlertDialogDescription>
            {noteTitle ? (
              <>
                “<span className="font-medium text-foreground">{noteTitle}</span>” will be removed from this device and from the cloud.
              </>
            ) : (
              'The note will be removed from this device and from the cloud.'
            )}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={onConfirm}>
            Delete
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
