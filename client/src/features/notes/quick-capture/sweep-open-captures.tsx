// Removes the empty quick notes that pages ended with their editor open left behind (open-captures.ts),
// once the first screen's content is shown, and those of pages still open if they end while this one is:
// with none written down it reads one localStorage key.
import { useEffect } from 'react';
import { useUserId } from '../../../data/auth';
import { useNotesActions } from '../../../data/notes';
import { afterContentShown } from '../../../lib/first-content';
import { sweepOpenCaptures } from './open-captures';

export function SweepOpenCaptures() {
  const userId = useUserId();
  // One per notes session, so a new one comes only with another user.
  const { discardUntouched } = useNotesActions();
  useEffect(() => {
    if (!userId) return;
    // Ends the sweep's waits for captures other pages hold, with the user's notes session.
    const ended = new AbortController();
    void afterContentShown().then(() => {
      if (ended.signal.aborted) return;
      sweepOpenCaptures(
        userId,
        (capture) => discardUntouched({ id: capture.id, version: { mutationId: capture.mutationId } }),
        undefined,
        ended.signal,
      ).catch((error: unknown) => console.error('Error removing empty quick notes:', error));
    });
    return () => ended.abort();
  }, [userId, discardUntouched]);
  return null;
}
