// What the user is told after writing a note (spec section 8; issue 12 for offline): the screen's own
// toast at once, then whatever the sync that the write asked for adds: a failure, the server's refusal, or
// that the write waits on this device. Every screen that writes a note tells the user through this.
import type { ReactElement } from 'react';
import { toast } from '../../lib/toast';
import type { CloudOutcome } from './cloud-outcome';
import type { NoteView } from './local-note';
import { writeOutcomeMessage, type ToastMessage } from './messages';

export type WriteKind = 'create' | 'update' | 'delete';

export interface WriteToastOptions {
  /** The screen's own toast for the write, shown at once ('Note Saved', 'Success', 'Note deleted'). */
  saved?: ToastMessage;
  /**
   * Offline (or sync not running): 'tell' says that the write waits on this device; 'quiet' leaves that
   * to the note's card and the sidebar's count, for changes the screen has confirmed or that need none.
   */
  offline: 'tell' | 'quiet';
  /** Where the toasts go: the page's queue unless a test passes its own. */
  notify?: (message: ToastMessage) => void;
  /** A button every toast of this write offers (Undo after a deletion), whichever of them ends up shown. */
  action?: ReactElement;
}

/**
 * A save of a note that has never reached the server is, for the cloud, still its creation: offline it
 * says so as a new note does, and a failed push is a failed creation.
 */
export function writeKindOf(note: NoteView): 'create' | 'update' {
  return note.version.baseRevision === null ? 'create' : 'update';
}

/** Shows `saved` now and the toast for how the write's sync went once it is known (never `saved` twice). */
export async function notifyWrite(
  kind: WriteKind,
  cloud: Promise<CloudOutcome>,
  options: WriteToastOptions,
): Promise<void> {
  const notify = options.notify ?? ((message: ToastMessage) => toast({ ...message, action: options.action }));
  if (options.saved) notify(options.saved);
  const outcome = await cloud;
  if (outcome.status === 'offline' && options.offline === 'quiet') return;
  const message = writeOutcomeMessage(kind, outcome);
  if (message && !sameText(message, options.saved)) notify(message);
}

function sameText(a: ToastMessage, b: ToastMessage | undefined): boolean {
  return a.title === b?.title && a.description === b.description;
}
