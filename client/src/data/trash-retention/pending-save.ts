// A Trash retention chosen on this device that has not reached the account yet (offline, or the server
// down), under `trash_retention_unsynced:<userId>`: an outbox, never a second copy to reconcile, as the
// AI preferences keep theirs (data/ai-preferences/local-copy.ts). The account's is the retention.
import { TRASH_RETENTION_CHOICES, type TrashRetention } from '#core/trash';
import {
  DEVICE_KEYS,
  deviceStorage,
  readJson,
  removeKey,
  TRASH_RETENTION_UNSYNCED_KEY,
  writeJson,
  type StorageLike,
} from '../../lib/device-keys';

/** The key of a user's queued choice. */
export const pendingRetentionKey = DEVICE_KEYS.trashRetentionUnsynced;

export function isTrashRetention(value: unknown): value is TrashRetention {
  return (TRASH_RETENTION_CHOICES as readonly unknown[]).includes(value);
}

/** The user's queued choice, or null (none, or unreadable). */
export function pendingRetention(userId: string, storage: StorageLike | null = deviceStorage()): TrashRetention | null {
  const value = readJson(pendingRetentionKey(userId), storage);
  return isTrashRetention(value) ? value : null;
}

/**
 * Queues a choice for the account; false when this device could not store it (then it lives only as
 * long as the page, as the load's push and the online event retry it while it is open).
 */
export function queueRetention(
  userId: string,
  retention: TrashRetention,
  storage: StorageLike | null = deviceStorage(),
): boolean {
  return writeJson(pendingRetentionKey(userId), retention, storage);
}

/** The queued choice reached the account (or was refused for good): nothing is kept on this device. */
export function clearPendingRetention(userId: string, storage: StorageLike | null = deviceStorage()): void {
  removeKey(pendingRetentionKey(userId), storage);
}

/** The user whose queued choice a localStorage key holds (another tab's save, seen in a `storage` event), or null. */
export function pendingRetentionUser(key: string | null): string | null {
  const prefix = `${TRASH_RETENTION_UNSYNCED_KEY}:`;
  return key?.startsWith(prefix) ? key.slice(prefix.length) : null;
}
