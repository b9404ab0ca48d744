// Whether a list waits for the account's notes before it says there are none: on a device that has never
// pulled this user's notes, an empty list means 'not here yet'. Asked by the screen a sign-in lands on; a
// start from a stored session shows the device's copy at once, as it does offline.
import { useEffect, useState } from 'react';
import { useOnlineStatus } from '../../lib/use-online-status';
import { useNotesSession, useSyncStatusOf } from './notes-context';

/** How long a list waits at most for the first pull (a sync that cannot start) before it shows the device's copy. */
export const FIRST_PULL_WAIT_MS = 10_000;

/** True while `asked`, online, this device has never pulled the user's notes and the session's first sync run has not ended. */
export function useAwaitingFirstPull(asked: boolean): boolean {
  const session = useNotesSession();
  const runEnded = useSyncStatusOf((status) => status.lastSyncedAt !== null || status.lastError !== null);
  const online = useOnlineStatus();
  const [neverPulled, setNeverPulled] = useState<boolean | null>(null);
  const [waitedLongEnough, setWaitedLongEnough] = useState(false);
  const waiting = asked && session !== null && !runEnded && online && !waitedLongEnough;
  useEffect(() => {
    if (!waiting || !session) return;
    let live = true;
    session.store.getMeta(session.userId).then(
      (meta) => live && setNeverPulled(meta.lastPullAt === null),
      () => live && setNeverPulled(false),
    );
    const timer = setTimeout(() => setWaitedLongEnough(true), FIRST_PULL_WAIT_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [waiting, session]);
  return waiting && neverPulled !== false;
}
