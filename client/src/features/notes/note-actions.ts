// Deleting a note from a list screen, with the toasts of spec section 8: the sync's outcome ('Note
// deleted' / 'Offline deletion' / 'Sync error'), and a failure either shown or, on the dashboard's
// cards, only logged.
import { useCallback } from 'react';
import { NOTE_MESSAGES, notifyWrite, type NoteView, type ToastMessage, useNotesActions } from '../../data/notes';
import { forgetNoteActivity } from '../../lib/device-storage';
import { toast } from '../../lib/toast';

/** Another tab changed the note before the deletion reached it: the deletion was not applied [S20]. */
export const DELETE_KEPT_MESSAGE: ToastMessage = {
  title: 'Note kept',
  description:
    'This note was changed in another tab before it could be deleted, so it was kept. Delete it again if you still want to.',
};

/** The note was changed in another tab while it was open here: the edit became a conflict copy [S20]. */
export const SAVED_AS_COPY_MESSAGE: ToastMessage = {
  title: 'Saved as a copy',
  description:
    'This note was changed elsewhere while you were editing, so your version was saved as a separate conflict copy.',
};

export function showToast(message: ToastMessage): void {
  toast({ title: message.title, description: message.description, variant: message.variant ?? 'default' });
}

/**
 * Returns the action that deletes `note` as the screen showed it; it resolves true when the note is gone
 * from this device. `onFailure`: 'log' (dashboard cards: logged only) or 'toast'.
 */
export function useDeleteNoteFromList(): (note: NoteView, onFailure: 'log' | 'toast') => Promise<boolean> {
  const { deleteNote } = useNotesActions();
  return useCallback((note, onFailure) => deleteNoteFromList(deleteNote, note, onFailure), [deleteNote]);
}

async function deleteNoteFromList(
  deleteNote: ReturnType<typeof useNotesActions>['deleteNote'],
  note: NoteView,
  onFailure: 'log' | 'toast',
): Promise<boolean> {
  try {
    const result = await deleteNote(note.id, { basedOn: note });
    if (result.kept) {
      showToast(DELETE_KEPT_MESSAGE);
      return false;
    }
    forgetNoteActivity(note.user_id, note.id);
    void notifyWrite('delete', result.cloud, { offline: 'tell' });
    return true;
  } catch (error) {
    console.error('Error deleting note:', error);
    if (onFailure === 'toast') showToast(NOTE_MESSAGES.deleteFailed);
    return false;
  }
}
