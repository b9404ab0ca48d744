// The signed-in user's AI preferences for screens: `loading` until the first read (local key plus the
// server copy) has finished, then the preferences; `save` keeps them locally and in user_metadata.
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { DEFAULT_AI_PREFERENCES, type AiPreferences } from '#core/ai-preferences';
import { useAuth } from '../../data/auth';
import { readAiPreferences } from './ai-preferences-storage';
import { getLoadedAiPreferences, loadAiPreferences, saveAiPreferences, subscribeAiPreferences } from './ai-preferences-store';

export interface AiPreferencesState {
  preferences: AiPreferences;
  /** True until the first read has finished (screens show skeletons meanwhile). */
  loading: boolean;
  /** Saves locally, then to the server when online; rejects when the save failed (nothing changed). */
  save: (next: AiPreferences) => Promise<void>;
}

export function useAiPreferences(): AiPreferencesState {
  const { status, user } = useAuth();
  const userId = user?.id ?? null;
  const loadedPreferences = useSyncExternalStore(
    subscribeAiPreferences,
    () => (userId ? getLoadedAiPreferences(userId) : undefined),
    () => undefined,
  );

  useEffect(() => {
    if (userId) void loadAiPreferences(userId);
  }, [userId]);

  // What this device has, shown until the load finishes (the load usually agrees with it).
  const interim = useMemo(() => (userId ? readAiPreferences(userId) : { ...DEFAULT_AI_PREFERENCES }), [userId]);

  const save = useCallback(
    async (next: AiPreferences) => {
      if (!userId) throw new Error('User not authenticated');
      await saveAiPreferences(userId, next);
    },
    [userId],
  );

  return {
    preferences: loadedPreferences ?? interim,
    loading: status === 'loading' || (userId !== null && loadedPreferences === undefined),
    save,
  };
}
