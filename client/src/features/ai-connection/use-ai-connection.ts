// The shared AI connection status for screens, and `test()` to (re)run the connection test.
import { useCallback, useSyncExternalStore } from 'react';
import { useAuth } from '../../data/auth';
import { getAiConnection, subscribeAiConnection, testAiConnection, UNTESTED, type AiConnectionSnapshot } from './ai-connection-store';

export interface AiConnection extends AiConnectionSnapshot {
  /** Runs the connection test (or joins the one running) and resolves with its outcome; never rejects. */
  test: () => Promise<AiConnectionSnapshot>;
}

export function useAiConnection(): AiConnection {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const snapshot = useSyncExternalStore(
    subscribeAiConnection,
    () => getAiConnection(userId),
    () => UNTESTED,
  );
  const test = useCallback(() => testAiConnection(userId), [userId]);
  return { ...snapshot, test };
}
