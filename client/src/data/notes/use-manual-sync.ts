// The manual Sync action (sidebar's Sync button, Settings > Sync Now) with the spec's toasts:
// 'Notes synced', 'Offline', 'Error syncing notes'.
import { useCallback } from 'react';
import { expectToast, toast } from '../../lib/toast';
import { NOTE_MESSAGES, syncSucceededMessage } from './messages';
import { useNotesActions } from './notes-context';
import { SyncOfflineError } from './sync-controller';

/** Returns the manual Sync action; it resolves when the attempt is over and shows its own toasts. */
export function useManualSync(): () => Promise<void> {
  const { syncNow } = useNotesActions();
  return useCallback(async () => {
    // Every outcome is a toast: its code can arrive while the sync runs.
    expectToast();
    // 'Notes synced' as soon as the run has decided it (the server took the notes, the pull is read and
    // nothing is left to send), not after the device's last writes; a failure after it replaces it.
    let shown = false;
    const showSynced = ({ pushed }: { pushed: number }) => {
      if (shown) return;
      shown = true;
      toast(syncSucceededMessage(pushed));
    };
    try {
      showSynced(await syncNow({ onDecided: showSynced }));
    } catch (error) {
      if (error instanceof SyncOfflineError) {
        toast(NOTE_MESSAGES.syncOffline);
      } else {
        console.warn('Error syncing notes:', error);
        toast(NOTE_MESSAGES.syncFailedManual);
      }
    }
  }, [syncNow]);
}
