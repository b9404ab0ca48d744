// The Trash's three actions with what the user is told after each: the action's own toast at once, then
// what the sync adds where it adds something (that the change waits on this device while offline, or a
// failure). Each resolves true when its notes left the Trash, so the screen knows where focus goes.
import { useMemo } from 'react';
import {
  notifyWrite,
  restoredMessage,
  useNotesActions,
  writeKindOf,
  type CloudOutcome,
  type NoteView,
  type ToastMessage,
} from '../../data/notes';
import { forgetNoteActivity } from '../../lib/device-storage';
import { toast } from '../../lib/toast';
import { EMPTIED_SYNC_FAILED, TRASH_MESSAGES, trashTitle, waitsOfflineText } from './trash-text';

export interface TrashActions {
  restore(note: NoteView): Promise<boolean>;
  deleteForever(note: NoteView): Promise<boolean>;
  /** Deletes for good the notes shown (not one moved to the Trash since, which the user has not seen). */
  emptyTrash(notes: readonly NoteView[]): Promise<boolean>;
}

interface Written {
  /** How the cloud sees the write: restoring a note that never reached the server still creates it there. */
  kind: 'create' | 'update' | 'delete';
  cloud: Promise<CloudOutcome>;
  count?: number;
}

/**
 * Shows `done` now, then the sync's word: offline, in the same toast (only one shows at a time, and
 * notifyWrite's 'Saved on this device' in its place would lose what the action did); a failure through
 * notifyWrite, the spec's messages, which replace it; a synced change needs none ('Note deleted' would
 * only repeat it).
 */
async function tell(done: ToastMessage, { kind, cloud, count = 1 }: Written): Promise<void> {
  const shown = toast(done);
  const outcome = await cloud;
  if (outcome.status === 'synced' || outcome.status === 'superseded') return;
  if (outcome.status === 'offline') {
    const waits = waitsOfflineText(kind === 'delete' ? 'delete' : 'restore', count);
    shown.update({ description: `${done.description} ${waits}` });
  } else if (count === 1) {
    await notifyWrite(kind, Promise.resolve(outcome), { offline: 'tell' });
  } else {
    toast(EMPTIED_SYNC_FAILED);
  }
}

export function useTrashActions(): TrashActions {
  const actions = useNotesActions();
  return useMemo<TrashActions>(
    () => ({
      async restore(note) {
        try {
          const result = await actions.restoreNote(note.id, { basedOn: note });
          if (result.status === 'changed') {
            toast(TRASH_MESSAGES.changed);
            return false;
          }
          // 'gone': restored or deleted elsewhere meanwhile; the list shows where it went.
          if (result.status === 'gone') return true;
          void tell(restoredMessage(trashTitle(note)), { kind: writeKindOf(note), cloud: result.cloud });
          return true;
        } catch (error) {
          console.error('Error restoring note:', error);
          toast(TRASH_MESSAGES.restoreFailed);
          return false;
        }
      },
      async deleteForever(note) {
        try {
          const result = await actions.deleteForever(note.id, { basedOn: note });
          if (result.status === 'changed') {
            toast(TRASH_MESSAGES.changed);
            return false;
          }
          if (result.status === 'gone') return true;
          forgetNoteActivity(note.user_id, note.id);
          void tell(TRASH_MESSAGES.deletedForever(trashTitle(note)), { kind: 'delete', cloud: result.cloud });
          return true;
        } catch (error) {
          console.error('Error deleting note forever:', error);
          toast(TRASH_MESSAGES.deleteFailed);
          return false;
        }
      },
      async emptyTrash(notes) {
        try {
          const { count, cloud } = await actions.emptyTrash(notes.map((note) => note.id));
          for (const note of notes) forgetNoteActivity(note.user_id, note.id);
          if (count > 0) void tell(TRASH_MESSAGES.emptied(count), { kind: 'delete', cloud, count });
          return true;
        } catch (error) {
          console.error('Error emptying the Trash:', error);
          toast(TRASH_MESSAGES.emptyFailed);
          return false;
        }
      },
    }),
    [actions],
  );
}
