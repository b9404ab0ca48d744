// The signed-in user's Trash retention for screens: what the Trash page words its dates with, and what
// Settings shows and saves (to the account; queued on this device while offline).
import { useCallback, useEffect, useMemo } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { DEFAULT_TRASH_RETENTION, type TrashRetention } from '#core/trash';
import { useAuth } from '../auth';
import { supabaseRetentionBackend } from './account-copy';
import {
  interimTrashRetention,
  saveTrashRetention,
  trashRetentionQuery,
  watchTrashRetention,
  type RetentionSaved,
} from './retention-sync';

export interface TrashRetentionSetting {
  retention: TrashRetention;
  /** True until the first read of the account's choice has finished. */
  loading: boolean;
  /** Saves to the account (queued on this device while offline); rejects when the save failed (nothing changed). */
  save: (next: TrashRetention) => Promise<RetentionSaved>;
}

export function useTrashRetentionSetting(): TrashRetentionSetting {
  const { status, user } = useAuth();
  const userId = user?.id ?? null;
  const client = useQueryClient();
  useTrashRetentionEvents(client);
  const { data: loaded } = useQuery(trashRetentionQuery(userId));

  // What this device has, shown until the load finishes (the load usually agrees with it).
  const interim = useMemo(() => (userId ? interimTrashRetention(userId) : DEFAULT_TRASH_RETENTION), [userId]);

  const save = useCallback(
    (next: TrashRetention) => {
      if (!userId) return Promise.reject(new Error('User not authenticated'));
      return saveTrashRetention(client, supabaseRetentionBackend, userId, next);
    },
    [client, userId],
  );

  return {
    retention: loaded ?? interim,
    loading: status === 'loading' || (userId !== null && loaded === undefined),
    save,
  };
}

/** How long the signed-in user's notes stay in the Trash (this device's best knowledge until the account answers). */
export function useTrashRetention(): TrashRetention {
  return useTrashRetentionSetting().retention;
}

/** The QueryClients whose page events are watched (watchTrashRetention): once each, for the page's life. */
const watched = new WeakSet<QueryClient>();

/**
 * From the first screen that reads the retention on: pushes a choice queued offline when back online,
 * shows another tab's choice here. Before that, a queued choice is pushed by the first load anyway.
 */
function useTrashRetentionEvents(client: QueryClient): void {
  useEffect(() => {
    if (watched.has(client)) return;
    watched.add(client);
    watchTrashRetention(client);
  }, [client]);
}
