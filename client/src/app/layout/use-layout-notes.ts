// What the layout needs from the notes store: the Recent Ideas list (up to 10 notes with expanded
// content, newest first), the count of changes waiting to sync, and the manual Sync action with the
// spec's toasts ('Notes synced', 'Offline', 'Error syncing notes').
import { useCallback, useMemo } from 'react';
import { useAuth } from '../../features/auth/use-auth';
import { NOTE_MESSAGES, syncSucceededMessage, type ToastMessage } from '../../features/notes/data/messages';
import { syncNow } from '../../features/notes/data/notes-runtime';
import { SyncOfflineError } from '../../features/notes/data/sync-controller';
import { usePendingCount } from '../../features/notes/data/use-notes';
import { useRecentIdeasPage } from '../../features/notes/notes-queries';
import { toast } from '../../lib/toast';

export interface RecentIdea {
  id: string;
  title: string;
}

export interface LayoutNotes {
  /** Up to 10 notes with expanded content, newest update first. */
  recentIdeas: RecentIdea[];
  /** Local changes not yet written to the cloud. */
  pendingCount: number;
  /** The manual Sync action; resolves when the attempt is over (it shows its own toasts). */
  sync: () => Promise<void>;
}

const NO_IDEAS: RecentIdea[] = [];

function show(message: ToastMessage): void {
  toast({ title: message.title, description: message.description, variant: message.variant ?? 'default' });
}

export function useLayoutNotes(): LayoutNotes {
  const userId = useAuth().user?.id ?? null;
  const recent = useRecentIdeasPage(userId);
  const pendingCount = usePendingCount(userId);
  const recentIdeas = useMemo(() => (recent ? recent.map(({ id, title }) => ({ id, title })) : NO_IDEAS), [recent]);

  const sync = useCallback(async () => {
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

  return { recentIdeas, pendingCount, sync };
}
