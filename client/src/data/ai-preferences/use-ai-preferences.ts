// The signed-in user's AI preferences for screens: `loading` until the first read of the account's copy
// has finished, then the preferences; `save` writes them to the account (queued while offline).
import { useCallback, useEffect, useMemo } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { DEFAULT_AI_PREFERENCES, type AiPreferences } from '#core/ai-preferences';
import { useAuth } from '../auth';
import { supabasePreferencesBackend } from './account-copy';
import {
  aiPreferencesQuery,
  forgetAiPreferences,
  interimAiPreferences,
  saveAiPreferences,
  watchAiPreferences,
} from './ai-preferences-sync';

export interface AiPreferencesState {
  preferences: AiPreferences;
  /** True until the first read has finished (screens show skeletons meanwhile). */
  loading: boolean;
  /** Saves to the account (queued on this device while offline); rejects when the save failed (nothing changed). */
  save: (next: AiPreferences) => Promise<void>;
}

export function useAiPreferences(): AiPreferencesState {
  const { status, user } = useAuth();
  const userId = user?.id ?? null;
  const client = useQueryClient();
  useAiPreferencesEvents(client);
  const { data: loaded } = useQuery(aiPreferencesQuery(userId));

  // What this device has, shown until the load finishes (the load usually agrees with it).
  const interim = useMemo(() => (userId ? interimAiPreferences(userId) : { ...DEFAULT_AI_PREFERENCES }), [userId]);

  const save = useCallback(
    async (next: AiPreferences) => {
      if (!userId) throw new Error('User not authenticated');
      await saveAiPreferences(client, supabasePreferencesBackend, userId, next);
    },
    [client, userId],
  );

  return {
    preferences: loaded ?? interim,
    loading: status === 'loading' || (userId !== null && loaded === undefined),
    save,
  };
}

/** Forgets a user's preferences on this device (account deletion). */
export function useForgetAiPreferences(): (userId: string) => void {
  const client = useQueryClient();
  return useCallback((userId: string) => forgetAiPreferences(client, userId), [client]);
}

/** The QueryClients whose page events are watched (watchAiPreferences): once each, for the page's life. */
const watched = new WeakSet<QueryClient>();

/**
 * From the first screen that uses the preferences on: pushes saves queued offline when back online,
 * shows another tab's save here. Until then nothing on the page holds preferences it could update;
 * a queued save is pushed by the first load anyway.
 */
function useAiPreferencesEvents(client: QueryClient): void {
  useEffect(() => {
    if (watched.has(client)) return;
    watched.add(client);
    watchAiPreferences(client);
  }, [client]);
}
