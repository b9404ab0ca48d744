// The Trash's rules (docs/sync.md [S29]-[S31]): how long a note stays there before the server deletes it
// for good, where the user's choice of it is kept, and when a trashed note goes. Pure: the client shows
// these dates, the server's purge (migration 012) reads the same choice from user_metadata.

/** The user_metadata member holding the user's choice: 7, 30 or 90 (days), or 'never'. */
export const TRASH_RETENTION_FIELD = 'trash_retention_days';

export const TRASH_RETENTION_CHOICES = [7, 30, 90, 'never'] as const;
export type TrashRetention = (typeof TRASH_RETENTION_CHOICES)[number];

/** A note stays this many days in the Trash unless the user chose otherwise. */
export const DEFAULT_TRASH_RETENTION: TrashRetention = 30;

/** The user's choice as stored in their metadata; anything else (absent, malformed) is the default. */
export function trashRetentionOf(metadata: Readonly<Record<string, unknown>> | null | undefined): TrashRetention {
  const stored = metadata?.[TRASH_RETENTION_FIELD];
  return (TRASH_RETENTION_CHOICES as readonly unknown[]).includes(stored)
    ? (stored as TrashRetention)
    : DEFAULT_TRASH_RETENTION;
}

const DAY_MS = 86_400_000;

/**
 * When a note trashed at `trashedAt` is deleted for good, as the device shows it; null when the user keeps
 * the Trash forever. The server's purge counts from when the move reached it, on its own clock, so the
 * real moment may come up to an hour later (docs/sync.md [S31]).
 */
export function trashPurgeDate(trashedAt: string, retention: TrashRetention): Date | null {
  if (retention === 'never') return null;
  const trashed = Date.parse(trashedAt);
  return Number.isNaN(trashed) ? null : new Date(trashed + retention * DAY_MS);
}

type Placed = { readonly trashed_at: string | null; readonly deleted_at: string | null };

/** A note in the Trash: moved there, not yet deleted for good. */
export function inTrash(note: Placed): boolean {
  return note.trashed_at !== null && note.deleted_at === null;
}

/** A note the lists, the search and the assistant see: neither in the Trash nor deleted. */
export function isListed(note: Placed): boolean {
  return note.trashed_at === null && note.deleted_at === null;
}
