// One note for the Edit and View screens, telling "still loading" from "not on this device": on a
// device whose first sync is still running, a deep link's note may only arrive with that pull.
import { useEffect, useState } from 'react';
import { type NoteView, useNote, useSyncStatusOf } from '../../data/notes';
import { useContentShown } from '../../lib/first-content';
import { useOnlineStatus } from '../../lib/use-online-status';

export type LoadedNote = { status: 'loading' } | { status: 'missing' } | { status: 'found'; note: NoteView };

/** How long a missing note waits for the first sync before it counts as unknown. */
const FIRST_SYNC_WAIT_MS = 8000;

export function useLoadedNote(userId: string | null, id: string | undefined): LoadedNote {
  const note = useNote(id);
  const noSyncYet = useSyncStatusOf((status) => status.lastSyncedAt === null && status.lastError === null);
  const online = useOnlineStatus();
  const [waitedOut, setWaitedOut] = useState(false);
  const firstSyncPending = online && noSyncYet;
  // The device's answer (the note, or none here yet) is what the screen shows first.
  useContentShown(userId !== null && note !== undefined);

  useEffect(() => {
    if (!firstSyncPending) return;
    const timer = setTimeout(() => setWaitedOut(true), FIRST_SYNC_WAIT_MS);
    return () => clearTimeout(timer);
  }, [firstSyncPending]);

  if (!userId || note === undefined) return { status: 'loading' };
  if (note) return { status: 'found', note };
  return firstSyncPending && !waitedOut ? { status: 'loading' } : { status: 'missing' };
}
