// The assistant's setting and index status for screens: one query per user, kept for the page and
// refreshed when a screen shows it; turning the setting on or off updates it from the server's answer.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useUserId } from '../auth';
import {
  fetchAssistantStatus,
  saveAssistantSettings,
  type AssistantSettingsInput,
  type AssistantStatus,
} from './assistant-api';

export const ASSISTANT_STATUS_KEY = ['assistant-status'] as const;

export function assistantStatusQuery(userId: string | null) {
  return queryOptions({
    queryKey: [...ASSISTANT_STATUS_KEY, userId],
    queryFn: fetchAssistantStatus,
    enabled: userId !== null,
    staleTime: 30_000,
    // While the indexer catches up, the count a screen shows follows it.
    refetchInterval: (query) => (query.state.data?.enabled && query.state.data.pendingNotes > 0 ? 3_000 : false),
    retry: false,
  });
}

export interface AssistantSetting {
  /** Null until the server answered (or when it cannot be reached). */
  status: AssistantStatus | null;
  loading: boolean;
  /** The server could not be asked (offline, or it failed). */
  unavailable: boolean;
  saving: boolean;
  /** Saves 'Use my notes with the assistant' (and 'Leave archived notes out'); resolves with the new status, rejects on failure. */
  save: (settings: AssistantSettingsInput) => Promise<AssistantStatus>;
}

export function useAssistantSetting(): AssistantSetting {
  const userId = useUserId();
  const client = useQueryClient();
  const query = useQuery(assistantStatusQuery(userId));
  const mutation = useMutation({
    mutationFn: saveAssistantSettings,
    onSuccess: (status) => client.setQueryData(assistantStatusQuery(userId).queryKey, status),
  });
  return {
    status: query.data ?? null,
    loading: query.isPending && query.fetchStatus !== 'idle',
    unavailable: query.isError,
    saving: mutation.isPending,
    save: (settings) => mutation.mutateAsync(settings),
  };
}
