// One chat's turns (spec section 4, Chat turn): the owner keeps the entries (so they can be drafted or
// saved); this hook appends the user's message, asks for the reply, streams it, and appends the reply or
// the failure notice. Every failed turn can be retried: Retry sends the same request again (the reply or
// the plan) on the messages before the failure, and the text of a reply cut short stays on screen until
// the retry's own text replaces it. One reply at a time; blank messages are ignored.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatMessage } from '#core/note';
import { toast, type ToastInput } from '../../../lib/toast';
import { AI_TEXT, AI_TOASTS } from '../ai-messages';
import { AiKeyRequiredError, AiOfflineError, isAbortError } from '../api/ai-errors';
import type { RequestOptions } from '../api/ai-requests';
import type { AiDonePayload } from '#core/ai-events';
import {
  awaitingReply,
  failedTurn,
  failureEntry,
  toChatMessages,
  type ChatEntry,
  type TurnKind,
} from '../lib/chat-entries';

export type ReplyRequest = (messages: ChatMessage[], options: RequestOptions) => Promise<AiDonePayload>;

export interface ChatSessionOptions {
  entries: ChatEntry[];
  onEntriesChange: (entries: ChatEntry[]) => void;
  /** Asks the server for the next reply (chat or conversation endpoint). */
  request: ReplyRequest;
  /** Asks for the plan (the creation flow's Create Plan). */
  planRequest?: ReplyRequest;
  /** Wait between showing the user's message and asking for the reply (the creation flow's 100 ms). */
  sendDelayMs?: number;
  /** A reply (or the plan) arrived in full; `entries` includes it. */
  onReply?: (entries: ChatEntry[], done: AiDonePayload, turn: TurnKind) => void;
  /** A reply failed; the panel already shows the failure notice with Retry (unless offline). */
  onFailure?: (error: unknown, turn: TurnKind) => void;
  /** Told when the assistant could not be asked for lack of an API key. */
  onKeyRequired?: () => void;
  /** Shows this chat's toasts (the fallback notice); the page's toast queue by default. */
  notify?: (toast: ToastInput) => void;
}

export interface ChatSession {
  entries: ChatEntry[];
  /** A reply is on its way (the input is disabled). */
  pending: boolean;
  /** The reply's text received so far. */
  streamed: string;
  /** A retry is under way: the failed entry is shown until `streamed` has text, then replaced. */
  replacing: boolean;
  /** The last request failed because the browser was offline (the user's message waits). */
  offlineFailure: boolean;
  /** Appends the user's message and asks for a reply; false when ignored (blank, or a reply pending). */
  send: (text: string) => boolean;
  /** Asks for a reply to the entries as they are, or for the plan. */
  requestReply: (turn?: TurnKind) => Promise<AiDonePayload | null>;
  /** Sends the failed turn again (or the reply the offline notice is waiting for). */
  retry: () => Promise<AiDonePayload | null>;
  /** The connection dropped and the user's last message has no reply: offered as 'Try again'. */
  canRetry: boolean;
}

export function useChatSession(options: ChatSessionOptions): ChatSession {
  const [pending, setPending] = useState(false);
  const [streamed, setStreamed] = useState('');
  const [replacing, setReplacing] = useState(false);
  const [offlineFailure, setOfflineFailure] = useState(false);
  // The latest values for async code: entries change while a reply streams.
  const latest = useRef(options);
  const entriesRef = useRef(options.entries);
  const busy = useRef(false);
  const controller = useRef<AbortController | null>(null);
  const fallbackNotified = useRef(false);
  useEffect(() => {
    latest.current = options;
    entriesRef.current = options.entries;
  });

  useEffect(
    () => () => {
      controller.current?.abort();
    },
    [],
  );

  const commit = useCallback((next: ChatEntry[]) => {
    entriesRef.current = next;
    latest.current.onEntriesChange(next);
  }, []);

  const run = useCallback(
    async (turn: TurnKind, delayMs: number, retrying: ChatEntry | null): Promise<AiDonePayload | null> => {
      const abort = new AbortController();
      controller.current = abort;
      setPending(true);
      setStreamed('');
      setReplacing(retrying !== null);
      setOfflineFailure(false);
      // The entries the turn answers: without the failed attempt being retried.
      const base = () => (retrying ? entriesRef.current.slice(0, -1) : entriesRef.current);
      try {
        if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
        if (abort.signal.aborted) return null;
        const ask = (turn === 'plan' ? latest.current.planRequest : undefined) ?? latest.current.request;
        const done = await ask(toChatMessages(base()), {
          signal: abort.signal,
          onDelta: (_piece, received) => setStreamed(received),
        });
        const next: ChatEntry[] = [...base(), { role: 'assistant', content: done.text }];
        commit(next);
        if (done.usingFallback && !fallbackNotified.current) {
          fallbackNotified.current = true;
          (latest.current.notify ?? toast)(AI_TOASTS.usingFallback);
        }
        latest.current.onReply?.(next, done, turn);
        return done;
      } catch (error) {
        if (isAbortError(error) || abort.signal.aborted) return null;
        if (error instanceof AiOfflineError) {
          setOfflineFailure(true);
          return null;
        }
        if (error instanceof AiKeyRequiredError) {
          latest.current.onKeyRequired?.();
          commit([
            ...base(),
            { role: 'assistant', content: AI_TEXT.setupFailure, status: 'error', keyProblem: true, turn },
          ]);
          return null;
        }
        commit([...base(), failureEntry(error, turn, retrying)]);
        latest.current.onFailure?.(error, turn);
        return null;
      } finally {
        if (controller.current === abort) controller.current = null;
        busy.current = false;
        if (!abort.signal.aborted) {
          setPending(false);
          setStreamed('');
          setReplacing(false);
        }
      }
    },
    [commit],
  );

  const requestReply = useCallback(
    (turn: TurnKind = 'reply') => {
      if (busy.current) return Promise.resolve(null);
      busy.current = true;
      return run(turn, 0, null);
    },
    [run],
  );

  const retry = useCallback(() => {
    if (busy.current) return Promise.resolve(null);
    const failed = failedTurn(entriesRef.current);
    busy.current = true;
    return run(failed?.turn ?? 'reply', 0, failed);
  }, [run]);

  const send = useCallback(
    (text: string) => {
      if (busy.current || text.trim() === '') return false;
      busy.current = true;
      commit([...entriesRef.current, { role: 'user', content: text.trim() }]);
      void run('reply', latest.current.sendDelayMs ?? 0, null);
      return true;
    },
    [commit, run],
  );

  return {
    entries: options.entries,
    pending,
    streamed,
    replacing,
    offlineFailure,
    send,
    requestReply,
    retry,
    canRetry: offlineFailure && !pending && awaitingReply(options.entries),
  };
}
