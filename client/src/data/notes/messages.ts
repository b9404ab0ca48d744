// The spec's texts for notes and sync (sections 5 and 8), title and description split at the colon, and
// the labels of a note's sync state. Screens show these; nothing else spells them out.
import type { SyncState } from '#core/sync-rules';
import type { CloudOutcome } from './cloud-outcome';

export interface ToastMessage {
  title: string;
  description: string;
  variant?: 'default' | 'destructive';
}

const destructive = (title: string, description: string): ToastMessage => ({
  title,
  description,
  variant: 'destructive',
});
const plain = (title: string, description: string): ToastMessage => ({ title, description });

export const NOTE_MESSAGES = {
  // Sync (section 8)
  syncFailedManual: destructive('Error syncing notes', 'Please check your connection and try again.'),
  syncFailedAutomatic: destructive('Sync failed', "We couldn't sync your notes to the cloud. We'll try again later."),
  syncOffline: destructive('Offline', 'You need to be online to sync notes.'),
  fetchFailed: destructive('Error fetching notes', "We couldn't retrieve your notes. Using local data only."),
  // Writes (section 8)
  createFailed: destructive(
    'Failed to create note',
    "Your note has been saved locally and will sync when you're online.",
  ),
  updateFailed: destructive(
    'Failed to update note',
    "Your changes have been saved locally and will sync when you're online.",
  ),
  // Issue 12: a write kept on this device while offline is no failure; say what happened.
  savedOnDevice: plain('Saved on this device', 'It will sync when you are back online.'),
  deleteCloudFailed: destructive(
    'Sync error',
    "The note was deleted locally but we couldn't remove it from the cloud.",
  ),
  deleteOffline: plain(
    'Offline deletion',
    "The note was deleted locally and will be removed from the cloud when you're online.",
  ),
  deleteFailed: destructive('Error deleting note', "We couldn't delete your note. Please try again later."),
  editDeleteFailed: destructive('Error deleting note', 'Failed to delete your note. Please try again.'),
  deleted: plain('Note deleted', 'Your note has been deleted successfully.'),
  // Issue 32: Undo of a deletion could not bring the note back.
  restoreFailed: destructive('Error restoring note', "We couldn't bring your note back. Find it in the Trash."),
  editSaveFailed: destructive('Error', 'Failed to update your note. Please try again.'),
  editSaved: plain('Success', 'Your note has been updated.'),
  noteSaved: plain('Note Saved', 'Your idea has been saved successfully.'),
  creationSaveFailed: destructive('Save Failed', 'An error occurred while saving your note.'),
  noteNotFound: destructive('Note not found', "The note you're trying to edit couldn't be found."),
  titleRequired: destructive('Title Required', 'Please enter a title for your note.'),
  titleRequiredOnEdit: destructive('Error', 'Please enter a title for your note.'),
} as const satisfies Record<string, ToastMessage>;

/** 'Notes synced: Successfully synced N notes to the cloud.', or 'Everything is up to date' when nothing was sent. */
export function syncSucceededMessage(count: number): ToastMessage {
  if (count === 0) return plain('Everything is up to date', 'There was nothing to send to the cloud.');
  return plain('Notes synced', `Successfully synced ${count} notes to the cloud.`);
}

/**
 * The toast for how the sync after a write went (the `cloud` promise of createNote/updateNote/
 * deleteNote), or null when the screen's own success toast is enough. A refusal by the server (not in
 * the spec) shows the server's message under the spec's failure title; the card shows it too.
 */
export function writeOutcomeMessage(kind: 'create' | 'update' | 'delete', outcome: CloudOutcome): ToastMessage | null {
  if (outcome.status === 'superseded') return null;
  if (kind === 'delete') {
    if (outcome.status === 'synced') return NOTE_MESSAGES.deleted;
    if (outcome.status === 'offline') return NOTE_MESSAGES.deleteOffline;
    return NOTE_MESSAGES.deleteCloudFailed;
  }
  const failed = kind === 'create' ? NOTE_MESSAGES.createFailed : NOTE_MESSAGES.updateFailed;
  if (outcome.status === 'synced') return null;
  if (outcome.status === 'offline') return NOTE_MESSAGES.savedOnDevice;
  if (outcome.status === 'rejected') return destructive(failed.title, outcome.error);
  return failed;
}

/** Told after a note came back from the Trash (Undo, or Restore on the Trash screen) [S29]. */
export function restoredMessage(title: string): ToastMessage {
  return plain('Note restored', `“${title}” is back in your notes.`);
}

/** Validation errors of note actions (section 5), thrown as the Error's message. */
export const NOTE_ERRORS = {
  idRequired: 'Note ID is required for updates',
  notAuthenticated: 'User not authenticated',
  titleRequired: 'Please enter a title for your note.',
  notFound: 'Note not found',
} as const;

export const DELETE_NOTE_CONFIRM = 'Are you sure you want to delete this note?';
export const DELETE_CHECKLIST_CONFIRM = 'Are you sure you want to delete this checklist?';

/** What a card says about a note's sync state; `online` tells waiting from stuck offline. */
export function syncStateLabel(state: SyncState, online: boolean): string {
  if (state === 'synced') return 'Synced';
  if (state === 'error') return 'Sync error';
  return online ? 'Waiting to sync' : 'Saved on this device';
}
