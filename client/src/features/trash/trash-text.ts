// What the Trash screen says: the retention under its heading, when each note goes for good, what a note
// shows of itself, the questions before deleting for good, and the toasts after each action. Pure, so
// the wording is tested without a screen.
import { trashPurgeDate, type TrashRetention } from '#core/trash';
import type { ToastMessage } from '../../data/notes';

const DAY_MS = 86_400_000;

/** The line under the heading: how long notes stay, for the user's choice. */
export function retentionLine(retention: TrashRetention): string {
  return retention === 'never'
    ? 'Notes you delete stay here until you delete them for good.'
    : `Notes you delete stay here for ${retention} days, then they are deleted for good.`;
}

/** A note in its last day: the card marks it. */
export const PURGE_TODAY = 'Deleted for good today';

/**
 * 'Deleted for good in 12 days' for a note moved to the Trash at `trashedAt`, 'today' in its last day
 * (or past it: the server's purge has not run yet); null when the user keeps the Trash forever or the
 * date cannot be read. Rounded, so that a note moved a minute ago reads the full retention.
 */
export function purgeText(trashedAt: string, retention: TrashRetention, now: Date = new Date()): string | null {
  const purge = trashPurgeDate(trashedAt, retention);
  if (!purge) return null;
  const days = (purge.getTime() - now.getTime()) / DAY_MS;
  if (days < 1) return PURGE_TODAY;
  const whole = Math.round(days);
  return `Deleted for good in ${whole} ${whole === 1 ? 'day' : 'days'}`;
}

/** A note's title as shown (the lists show 'Untitled' for an empty one). */
export function trashTitle(note: { title: string }): string {
  return note.title.trim() || 'Untitled';
}

/** A few words of the note: its text, or for a checklist its items; '' when it has none. */
export function trashSnippet(note: {
  content: string;
  is_checklist: boolean;
  checklist_items: readonly { text: string }[] | null;
}): string {
  if (note.is_checklist && note.checklist_items?.length) {
    const items = note.checklist_items.map((item) => item.text.trim()).filter(Boolean);
    if (items.length > 0) return items.join(' · ');
  }
  return note.content.trim();
}

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

export const DELETE_FOREVER_TITLE = 'Delete this note forever?';
export const EMPTY_TRASH_TITLE = 'Empty the Trash?';

/** The question before Empty Trash, for the `total` notes shown. */
export function emptyTrashDescription(total: number): string {
  const subject = total === 1 ? 'The note in the Trash' : `All ${count(total, 'note', 'notes')} in the Trash`;
  return `${subject} will be deleted for good, on every device. This cannot be undone.`;
}

export const TRASH_MESSAGES = {
  // 'Note restored' is data/notes' restoredMessage, which Undo after a deletion says too.
  deletedForever: (title: string): ToastMessage => ({
    title: 'Note deleted forever',
    description: `“${title}” is gone for good.`,
  }),
  emptied: (n: number): ToastMessage => ({
    title: 'Trash emptied',
    description: `${count(n, 'note was', 'notes were')} deleted for good.`,
  }),
  /** Another tab changed the note since this screen showed it: nothing was written [S20]. */
  changed: {
    title: 'Note changed',
    description: 'This note was changed in another tab. Look again before you restore or delete it.',
  },
  restoreFailed: {
    title: 'Error restoring note',
    description: "We couldn't restore your note. Please try again.",
    variant: 'destructive',
  },
  deleteFailed: {
    title: 'Error deleting note',
    description: "We couldn't delete your note. Please try again.",
    variant: 'destructive',
  },
  emptyFailed: {
    title: 'Error emptying the Trash',
    description: "We couldn't empty the Trash. Please try again.",
    variant: 'destructive',
  },
} as const satisfies Record<string, ToastMessage | ((n: never) => ToastMessage)>;

/**
 * Added to an action's own toast when the change waits on this device (offline): the note itself changed
 * here at once, the cloud follows (the spec's offline wording, data/notes/messages.ts).
 */
export function waitsOfflineText(action: 'restore' | 'delete', count = 1): string {
  if (action === 'restore') return 'It will sync when you are back online.';
  return `${count === 1 ? 'It' : 'They'} will be removed from the cloud when you're online.`;
}

/** The spec's 'Sync error' after a deletion (data/notes/messages.ts), for the several notes of Empty Trash. */
export const EMPTIED_SYNC_FAILED: ToastMessage = {
  title: 'Sync error',
  description: "The notes were deleted locally but we couldn't remove them from the cloud.",
  variant: 'destructive',
};
