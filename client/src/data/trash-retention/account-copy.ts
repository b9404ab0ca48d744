// The account's copy of the Trash retention, the one the server's purge reads: its member of
// `user_metadata` (core/trash.ts), read and written through lib/account-metadata.ts.
import { TRASH_RETENTION_FIELD, trashRetentionOf, type TrashRetention } from '#core/trash';
import {
  readAccountMetadata,
  sessionMetadata,
  supabaseAccountBackend,
  type AccountBackend,
} from '../../lib/account-metadata';

export { storedSessionUserId } from '../../lib/account-metadata';

/** What the retention needs from outside: the network state and the user's account. */
export type RetentionBackend = AccountBackend;

/** The app's backend: supabase-js's auth client, the browser's online flag. */
export const supabaseRetentionBackend: RetentionBackend = supabaseAccountBackend;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const retentionIn = (metadata: unknown): TrashRetention => trashRetentionOf(isRecord(metadata) ? metadata : null);

/** The account's choice read fresh; undefined when the server could not be asked (offline, slow, signed out). */
export async function readAccountRetention(
  backend: RetentionBackend,
  userId: string,
): Promise<TrashRetention | undefined> {
  const read = await readAccountMetadata(backend, userId);
  return read && retentionIn(read.metadata);
}

/** Writes the choice to the account. */
export function writeAccountRetention(
  backend: RetentionBackend,
  userId: string,
  retention: TrashRetention,
): Promise<unknown> {
  return backend.updateMetadata({ [TRASH_RETENTION_FIELD]: retention }, userId);
}

/** The account's choice as the stored session last saw it (offline start), or null without that user's session. */
export function sessionRetention(userId: string): TrashRetention | null {
  const read = sessionMetadata(userId);
  return read ? retentionIn(read.metadata) : null;
}
