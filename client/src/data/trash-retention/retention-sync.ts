// Each user's Trash retention as server state, kept as the AI preferences keep theirs
// (data/ai-preferences/ai-preferences-sync.ts): the account's copy (`user_metadata`, read fresh when
// online, else from the stored session), with a choice still queued on this device on top. A save goes
// to the account at once when online; offline (or while the server is down) it is queued and written
// once back online. One user's writes run in one mutation scope, so an older choice never lands last.
import { MutationObserver, queryOptions, type QueryClient } from '@tanstack/react-query';
import { DEFAULT_TRASH_RETENTION, type TrashRetention } from '#core/trash';
import { isRetryableWriteError, NotSignedInError } from '../../lib/user-metadata';
import {
  readAccountRetention,
  sessionRetention,
  storedSessionUserId,
  supabaseRetentionBackend,
  writeAccountRetention,
  type RetentionBackend,
} from './account-copy';
import {
  clearPendingRetention,
  isTrashRetention,
  pendingRetention,
  pendingRetentionUser,
  queueRetention,
} from './pending-save';

export const TRASH_RETENTION_QUERY_KEY = ['trash-retention'] as const;
export const trashRetentionKey = (userId: string | null) => [...TRASH_RETENTION_QUERY_KEY, userId] as const;

/** The user's retention as a query: loaded once per page, never failing. */
export function trashRetentionQuery(userId: string | null, backend: RetentionBackend = supabaseRetentionBackend) {
  return queryOptions({
    queryKey: trashRetentionKey(userId),
    queryFn: ({ client }) => (userId ? loadTrashRetention(client, backend, userId) : DEFAULT_TRASH_RETENTION),
    enabled: userId !== null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
    networkMode: 'always',
  });
}

/** The loaded retention of a user; undefined until the first load has finished. */
export function loadedTrashRetention(client: QueryClient, userId: string): TrashRetention | undefined {
  return client.getQueryData<TrashRetention>(trashRetentionKey(userId));
}

/** What this device can show before the load: a queued choice, else the stored session's, else the default. */
export function interimTrashRetention(userId: string): TrashRetention {
  return pendingRetention(userId) ?? sessionRetention(userId) ?? DEFAULT_TRASH_RETENTION;
}

function setLoaded(client: QueryClient, userId: string, retention: TrashRetention): void {
  if (loadedTrashRetention(client, userId) !== retention) client.setQueryData(trashRetentionKey(userId), retention);
}

/** Runs `write` after the user's earlier retention writes: one mutation scope per user. */
function serialized<T>(client: QueryClient, userId: string, write: () => Promise<T>): Promise<T> {
  return new MutationObserver<T, unknown, void>(client, {
    mutationKey: [...TRASH_RETENTION_QUERY_KEY, userId, 'write'],
    mutationFn: write,
    scope: { id: `trash-retention:${userId}` },
    networkMode: 'always',
    retry: false,
  }).mutate();
}

/** The load behind the query: the account's choice, with a queued one on top (and sent, when online). */
export async function loadTrashRetention(
  client: QueryClient,
  backend: RetentionBackend,
  userId: string,
): Promise<TrashRetention> {
  const pending = pendingRetention(userId);
  const account = await readAccountRetention(backend, userId);
  if (pending !== null) {
    void pushPendingRetention(client, backend, userId);
    return pending;
  }
  return account ?? sessionRetention(userId) ?? DEFAULT_TRASH_RETENTION;
}

/** Writes a queued choice to the account, if any and if online; a failure that may pass keeps it queued. */
export function pushPendingRetention(client: QueryClient, backend: RetentionBackend, userId: string): Promise<void> {
  return serialized(client, userId, async () => {
    const pending = pendingRetention(userId);
    if (!backend.isOnline() || pending === null) return;
    try {
      await writeAccountRetention(backend, userId, pending);
      // Unless another tab queued a newer choice meanwhile.
      if (pendingRetention(userId) === pending) clearPendingRetention(userId);
    } catch (error) {
      if (isRetryableWriteError(error) || error instanceof NotSignedInError) return;
      // Refused for good (e.g. metadata too large): drop it and show the account's choice again.
      console.warn('The Trash retention could not be saved to the account:', error);
      clearPendingRetention(userId);
      client.removeQueries({ queryKey: trashRetentionKey(userId), exact: true });
    }
  });
}

/** How a save ended: written to the account, or queued on this device until it is back online. */
export type RetentionSaved = 'saved' | 'queued';

/**
 * Saves the choice: to the account at once when online; offline, or when the server cannot be reached,
 * queued on this device and written once back online. Shown at once either way. Throws (and shows the
 * previous choice again) when the value is not a choice, the server refuses it, or the save could be
 * neither sent nor queued.
 */
export async function saveTrashRetention(
  client: QueryClient,
  backend: RetentionBackend,
  userId: string,
  retention: TrashRetention,
): Promise<RetentionSaved> {
  if (!isTrashRetention(retention)) throw new TypeError(`Not a Trash retention: ${String(retention)}`);
  const shown = loadedTrashRetention(client, userId);
  const restore = () => setLoaded(client, userId, shown ?? interimTrashRetention(userId));
  const queue = (): RetentionSaved => {
    if (queueRetention(userId, retention)) return 'queued';
    clearPendingRetention(userId);
    restore();
    throw new Error('The Trash retention could not be stored on this device.');
  };
  setLoaded(client, userId, retention);
  if (!backend.isOnline()) return queue();
  try {
    await serialized(client, userId, () => writeAccountRetention(backend, userId, retention));
    // An older queued choice must not overwrite this one later.
    clearPendingRetention(userId);
    return 'saved';
  } catch (error) {
    if (isRetryableWriteError(error)) return queue();
    restore();
    throw error;
  }
}

/**
 * What the page does about other events: back online, send a choice queued offline (for the signed-in
 * user, once their retention was read here); another tab queued a choice, show the same here.
 */
export function watchTrashRetention(
  client: QueryClient,
  backend: RetentionBackend = supabaseRetentionBackend,
  target: Window = window,
): () => void {
  const onOnline = () => {
    const userId = storedSessionUserId();
    if (userId && client.getQueryCache().find({ queryKey: trashRetentionKey(userId), exact: true }))
      void pushPendingRetention(client, backend, userId);
  };
  const onStorage = (event: StorageEvent) => {
    const userId = pendingRetentionUser(event.key);
    const pending = userId ? pendingRetention(userId) : null;
    if (userId && pending !== null && loadedTrashRetention(client, userId) !== undefined)
      setLoaded(client, userId, pending);
  };
  target.addEventListener('online', onOnline);
  target.addEventListener('storage', onStorage);
  return () => {
    target.removeEventListener('online', onOnline);
    target.removeEventListener('storage', onStorage);
  };
}
