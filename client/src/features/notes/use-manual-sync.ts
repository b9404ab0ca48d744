// The manual Sync action (sidebar's Sync button, Settings > Sync Now) with the spec's toasts:
// 'Notes synced', 'Offline', 'Error syncing notes'.
import { useCallback } from 'react';
import { toast } from '../../lib/toast';
import { NOTE_MESSAGES, syncSucceededMessage, type ToastMessage } from '../../data/notes/messages';
import { syncNow } from '../../data/notes/notes-runtime';
import { SyncOfflineError } from '../../data/notes/sync-controller';

function show(message: ToastMessage): void {
  toast({ title: message.title, description: message.description, variant: message.variant ?? 'default' });
}

/** Returns the manual Sync action; it resolves when the attempt is over and shows its own toasts. */
export function useManualSync(): () => Promise<void> {
  return useCallback(async () => {
    try {
      const { pushed } = await syncNow();
      show(syncSucceededMessage(pushed));
    } catch (error) {
      if (error instanceof SyncOfflineError) {
        show(NOTE_MESSAGES.syncOffline);
      } else {
        console.warn('Error syncing notes:', error);
        show(NOTE_MESSAGES.syncFailedManual);
      }
    }
  }, []);
}
