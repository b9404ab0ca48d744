// The AI screens' connection controls over the shared status (features/ai-connection): the first test
// when a screen opens, a new test when the browser comes back online ('Connection Restored'), and
// 'Test Connection' and 'Reconnect', each with the spec's toasts.
import { useCallback, useEffect, useRef } from 'react';
import { toast } from '../../../lib/toast';
import { useShownAiConnection, type AiConnection, type AiConnectionSnapshot } from '../../../data/ai-connection';
import { AI_TOASTS } from '../ai-messages';

/** The test could not reach a verdict on the key (our server unreachable or refusing): an error, not a failure. */
function testErrored(outcome: AiConnectionSnapshot): boolean {
  return outcome.status === 'failed' && outcome.source === null && !outcome.keyRequired;
}

function failureToast(outcome: AiConnectionSnapshot) {
  const text = outcome.detail || outcome.message;
  return testErrored(outcome) ? AI_TOASTS.connectionError(outcome.message || text) : AI_TOASTS.connectionFailed(text);
}

export interface ConnectionActions extends AiConnection {
  online: boolean;
  /** 'Test Connection': runs the test; toasts success or failure. */
  testConnection: () => Promise<void>;
  /** 'Reconnect': 'Retrying Connection', then 'Reconnection Successful' or 'API Connection Failed'. */
  reconnect: () => Promise<void>;
}

/** The connection and its actions; tests once when the screen opens if nothing was tested yet. */
export function useConnectionActions(): ConnectionActions {
  const connection = useShownAiConnection();
  const { online, test } = connection;

  // Back online after being offline here: test again, and say so when the assistant is reachable.
  const wasOffline = useRef(!online);
  useEffect(() => {
    if (!online) {
      wasOffline.current = true;
      return;
    }
    if (!wasOffline.current) return;
    wasOffline.current = false;
    void test().then((outcome) => {
      if (outcome.status === 'connected') toast(AI_TOASTS.restored);
    });
  }, [online, test]);

  const testConnection = useCallback(async () => {
    const outcome = await test();
    toast(outcome.status === 'connected' ? AI_TOASTS.connectionSucceeded(outcome.message) : failureToast(outcome));
  }, [test]);

  const reconnect = useCallback(async () => {
    toast(AI_TOASTS.retrying);
    const outcome = await test();
    toast(outcome.status === 'connected' ? AI_TOASTS.reconnected : failureToast(outcome));
  }, [test]);

  return { ...connection, testConnection, reconnect };
}
