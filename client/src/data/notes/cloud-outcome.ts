// How the sync a note write asked for went (the `cloud` promise of createNote/updateNote/deleteNote): its
// own module, so the messages that word it and the repository that reports it need not import each other.

/**
 * 'synced' (on the server), 'offline' (no attempt: offline or sync not running), 'failed' (the attempt
 * failed; the change waits, pending), 'rejected' (refused for good), 'superseded' (a later write of the
 * same note on this device replaced this one before the sync ended: that write's outcome is the note's).
 */
export type CloudOutcome =
  | { status: 'synced' }
  | { status: 'offline' }
  | { status: 'failed'; error: string }
  | { status: 'rejected'; error: string }
  | { status: 'superseded' };
