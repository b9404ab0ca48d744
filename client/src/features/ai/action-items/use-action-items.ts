// One 'Find action items' proposal for the open dialog: asked for at once, its text shown as it streams,
// then read into steps (core/action-items.ts). A failure keeps its words for the dialog, and `retry` asks
// again; closing the dialog (unmounting) stops the request.
import { useCallback, useEffect, useRef, useState } from 'react';
import { parseActionItems, type ActionItem } from '#core/action-items';
import type { ActionItemsRequest } from '#core/ai-requests-schema';
import type { AiDonePayload } from '#core/ai-events';
import { isAbortError } from '../api/ai-errors';
import { requestActionItems, type RequestOptions } from '../api/ai-requests';
import { describeFailure, type ActionItemsFailure } from './action-items-logic';

export type Proposal =
  | { status: 'streaming'; text: string }
  | { status: 'ready'; items: ActionItem[] }
  | { status: 'failed'; failure: ActionItemsFailure };

export type ActionItemsRequester = (request: ActionItemsRequest, options: RequestOptions) => Promise<AiDonePayload>;

export function useActionItems(
  request: () => ActionItemsRequest,
  send: ActionItemsRequester = requestActionItems,
): { proposal: Proposal; attempt: number; retry: () => void } {
  const [proposal, setProposal] = useState<Proposal>({ status: 'streaming', text: '' });
  // Counts the requests made, so that the steps of each answer are edited afresh.
  const [attempt, setAttempt] = useState(0);
  const controller = useRef<AbortController | null>(null);
  // The request is read when it is sent (the note as it is then), not when the hook is made.
  const latest = useRef({ request, send });
  useEffect(() => {
    latest.current = { request, send };
  });

  // Sends the request; the state changes only as the answer comes (the effect below starts it at once).
  const ask = useCallback(async () => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    try {
      const done = await latest.current.send(latest.current.request(), {
        signal: abort.signal,
        onDelta: (_piece, received) => setProposal({ status: 'streaming', text: received }),
      });
      if (!abort.signal.aborted) setProposal({ status: 'ready', items: parseActionItems(done.text) });
    } catch (error) {
      if (isAbortError(error) || abort.signal.aborted) return;
      console.warn('Find action items failed:', error);
      setProposal({ status: 'failed', failure: describeFailure(error) });
    }
  }, []);

  useEffect(() => {
    void ask();
    return () => controller.current?.abort();
  }, [ask]);

  const retry = useCallback(() => {
    setAttempt((n) => n + 1);
    setProposal({ status: 'streaming', text: '' });
    void ask();
  }, [ask]);

  return { proposal, attempt, retry };
}
