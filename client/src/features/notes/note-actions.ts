// Deleting a note from a list screen: a move to the Trash [S29], with the toasts of spec section 8 ('Note
// deleted' at once, with Undo; then 'Offline deletion' / 'Sync error' when the sync says so), and a
// failure either shown or, on the dashboard's cards, only logged.
import { useCallback } from 'react';
import {
  NOTE_MESSAGES,
  notifyWrite,
  restoredMessage,
  type NoteDeleteResult,
  type NotesActions,
  type NoteView,
  type ToastMessage,
  useNotesActions,
} from '../../data/notes';
import { forgetNoteActivity } from '../../lib/device-storage';
import { toast } from '../../lib/toast';
import { noteTitle } from './note-text';
import { undoDeleteAction } from './undo-delete';

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
 * Returns the action that moves `note`, as the screen showed it, to the Trash [S29]; it resolves true when
 * the note left the lists. Its toast offers Undo. `onFailure`: 'log' (dashboard cards: logged only) or 'toast'.
 */
export function useDeleteNoteFromList(): (note: NoteView, onFailure: 'log' | 'toast') => Promise<boolean> {
  const { deleteNote, restoreNote } = useNotesActions();
  return useCallback(
    (note, onFailure) => deleteNoteFromList({ deleteNote, restoreNote }, note, onFailure),
    [deleteNote, restoreNote],
  );
}

type TrashActions = Pick<NotesActions, 'deleteNote' | 'restoreNote'>;

async function deleteNoteFromList(actions: TrashActions, note: NoteView, onFailure: 'log' | 'toast'): Promise<boolean> {
  try {
    const result = await actions.deleteNote(note.id, { basedOn: note });
    if (result.kept) {
      showToast(DELETE_KEPT_MESSAGE);
      return false;
    }
    forgetNoteActivity(note.user_id, note.id);
    tellDeleted(actions, result, noteTitle(note));
    return true;
  } catch (error) {
    console.error('Error deleting note:', error);
    if (onFailure === 'toast') showToast(NOTE_MESSAGES.deleteFailed);
    return false;
  }
}

/**
 * The spec's 'Note deleted' at once, with Undo for its 5 seconds, then what the sync adds (offline, a
 * failure), each offering Undo as well: the note is in the Trash whatever the cloud says.
 */
export function tellDeleted(
  actions: Pick<NotesActions, 'restoreNote'>,
  deleted: NoteDeleteResult,
  title: string,
): void {
  const action = undoDeleteAction(() => void undoDelete(actions, deleted.id, title));
  void notifyWrite('delete', deleted.cloud, { saved: NOTE_MESSAGES.deleted, offline: 'tell', action });
}

/** Undo of a deletion: the note comes back from the Trash exactly as it was [S29]. */
async function undoDelete(actions: Pick<NotesActions, 'restoreNote'>, id: string, title: string): Promise<void> {
  try {
    const result = await actions.restoreNote(id);
    if (result.status !== 'done') return;
    showToast(restoredMessage(title));
    void notifyWrite('update', result.cloud, { offline: 'quiet' });
  } catch (error) {
    console.error('Error restoring note:', error);
    showToast(NOTE_MESSAGES.restoreFailed);
  }
}
