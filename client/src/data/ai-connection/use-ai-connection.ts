// The shared AI connection status for screens, `test()` to (re)run the connection test, and a reset for
// when the key changed (a new key saved or removed, the account deleted).
import { useCallback, useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useOnlineStatus } from '../../lib/use-online-status';
import { useUserId } from '../auth';
import {
  AI_CONNECTION_KEY,
  aiConnectionQuery,
  connectionSnapshot,
  testAiConnection,
  type AiConnectionSnapshot,
} from './ai-connection';

export interface AiConnection extends AiConnectionSnapshot {
  /** Runs the connection test (or joins the one running) and resolves with its outcome; never rejects. */
  test: () => Promise<AiConnectionSnapshot>;
}

export function useAiConnection(): AiConnection {
  const userId = useUserId();
  const client = useQueryClient();
  const snapshot = connectionSnapshot(useQuery(aiConnectionQuery(userId)));
  const test = useCallback(() => testAiConnection(client, userId), [client, userId]);
  return { ...snapshot, test };
}

/**
 * The status for a screen that shows it: tested when the screen opens if it was not tested yet (online).
 * Every screen that shows the status uses this, so Settings and the assistant's screens never disagree:
 * whichever opens first tests, and the others show its outcome (issue 34, item 7).
 */
export function useShownAiConnection(): AiConnection & { online: boolean } {
  const connection = useAiConnection();
  const online = useOnlineStatus();
  const { status, test } = connection;
  useEffect(() => {
    if (status === 'untested' && online) void test();
  }, [status, online, test]);
  return { ...connection, online };
}

/** Back to untested for every user, e.g. after the user saved or removed a key. */
export function useResetAiConnection(): () => void {
  const client = useQueryClient();
  return useCallback(() => void client.resetQueries({ queryKey: AI_CONNECTION_KEY }), [client]);
}
