// What the layout needs from the notes store: the Recent Ideas list (up to 10 notes with expanded
// content, newest first), the count of changes waiting to sync, and the manual Sync action.
import { useMemo } from 'react';
import { useManualSync, usePendingCount, useRecentIdeasPage } from '../../data/notes';

export interface RecentIdea {
  id: string;
  title: string;
}

export interface LayoutNotes {
  /** Up to 10 notes with expanded content, newest update first; undefined while they are read. */
  recentIdeas: RecentIdea[] | undefined;
  /** Local changes not yet written to the cloud. */
  pendingCount: number;
  /** The manual Sync action; resolves when the attempt is over (it shows its own toasts). */
  sync: () => Promise<void>;
}

export function useLayoutNotes(): LayoutNotes {
  const recent = useRecentIdeasPage();
  const pendingCount = usePendingCount();
  const recentIdeas = useMemo(() => recent?.map(({ id, title }) => ({ id, title })), [recent]);

  const sync = useManualSync();

  return { recentIdeas, pendingCount, sync };
}
