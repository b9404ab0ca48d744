// One chat's turns (spec section 4, Chat turn): the owner keeps the entries (so they can be drafted or
// saved); this hook appends the user's message, asks for the reply, streams it, and appends the reply or
// the failure notice. One reply at a time; blank messages are ignored.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ChatMessage } from '#core/note';
import { toast, type ToastInput } from '../../../lib/toast';
import { AI_TEXT, AI_TOASTS } from '../ai-messages';
import { AiKeyRequiredError, AiOfflineError, isAbortError } from '../api/ai-errors';
import type { RequestOptions } from '../api/ai-requests';
import type { AiDonePayload } from '../api/sse-events';
import { awaitingReply, failureEntry, toChatMessages, type ChatEntry } from '../lib/chat-entries';

export type ReplyRequest = (messages: ChatMessage[], options: RequestOptions) => Promise<AiDonePayload>;

export interface ChatSessionOptions {
  entries: ChatEntry[];
  onEntriesChange: (entries: ChatEntry[]) => void;
  /** Asks the server for the next reply (chat or conversation endpoint). */
  request: ReplyRequest;
  /** Wait between showing the user's message and asking for the reply (the creation flow's 100 ms). */
  sendDelayMs?: number;
  /** A reply arrived in full; `entries` includes it. */
  onReply?: (entries: ChatEntry[], done: AiDonePayload) => void;
  /** A reply failed; the panel already shows the failure notice (unless offline or no key). */
  onFailure?: (error: unknown) => void;
  /**
   * No AI key: by default a toast and a move to /api-setup. Screens with unsaved work pass false: the
   * notice then links to /api-setup instead of leaving.
   */
  leaveForSetup?: boolean;
  /** Told before leaving for /api-setup (e.g. so the screen does not ask again on return). */
  onKeyRequired?: () => void;
  /** Shows this chat's toasts (the fallback notice, the setup failure); the page's toast queue by default. */
  notify?: (toast: ToastInput) => void;
}

export interface ChatSession {
  entries: ChatEntry[];
  /** A reply is on its way (the input is disabled). */
  pending: boolean;
  /** The reply's text received so far. */
  streamed: string;
  /** The last request failed because the browser was offline (the user's message waits). */
  offlineFailure: boolean;
  /** Appends the user's message and asks for a reply; false when ignored (blank, or a reply pending). */
  send: (text: string) => boolean;
  /** Asks for a reply to the entries as they are (or with another request, e.g. Create Plan). */
  requestReply: (request?: ReplyRequest) => Promise<AiDonePayload | null>;
  /** The connection dropped and the user's last message has no reply: offered as 'Try again'. */
  canRetry: boolean;
}

export function useChatSession(options: ChatSessionOptions): ChatSession {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const [streamed, setStreamed] = useState('');
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
    async (request: ReplyRequest | undefined, delayMs: number): Promise<AiDonePayload | null> => {
      const abort = new AbortController();
      controller.current = abort;
      setPending(true);
      setStreamed('');
      setOfflineFailure(false);
      try {
        if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
        if (abort.signal.aborted) return null;
        const ask = request ?? latest.current.request;
        const done = await ask(toChatMessages(entriesRef.current), {
          signal: abort.signal,
          onDelta: (_piece, received) => setStreamed(received),
        });
        const next: ChatEntry[] = [...entriesRef.current, { role: 'assistant', content: done.text }];
        commit(next);
        if (done.usingFallback && !fallbackNotified.current) {
          fallbackNotified.current = true;
          (latest.current.notify ?? toast)(AI_TOASTS.usingFallback);
        }
        latest.current.onReply?.(next, done);
        return done;
      } catch (error) {
        if (isAbortError(error) || abort.signal.aborted) return null;
        if (error instanceof AiOfflineError) {
          setOfflineFailure(true);
          return null;
        }
        if (error instanceof AiKeyRequiredError) {
          if (latest.current.leaveForSetup !== false) {
            latest.current.onKeyRequired?.();
            (latest.current.notify ?? toast)(AI_TOASTS.setupFailure);
            void navigate('/api-setup');
            return null;
          }
          commit([...entriesRef.current, { role: 'assistant', content: AI_TEXT.setupFailure, status: 'error', keyProblem: true }]);
          return null;
        }
        commit([...entriesRef.current, failureEntry(error)]);
        latest.current.onFailure?.(error);
        return null;
      } finally {
        if (controller.current === abort) controller.current = null;
        busy.current = false;
        if (!abort.signal.aborted) {
          setPending(false);
          setStreamed('');
        }
      }
    },
    [commit, navigate],
  );

  const requestReply = useCallback(
    (request?: ReplyRequest) => {
      if (busy.current) return Promise.resolve(null);
      busy.current = true;
      return run(request, 0);
    },
    [run],
  );

  const send = useCallback(
    (text: string) => {
      if (busy.current || text.trim() === '') return false;
      busy.current = true;
      commit([...entriesRef.current, { role: 'user', content: text.trim() }]);
      void run(undefined, latest.current.sendDelayMs ?? 0);
      return true;
    },
    [commit, run],
  );

  return {
    entries: options.entries,
    pending,
    streamed,
    offlineFailure,
    send,
    requestReply,
    canRetry: offlineFailure && !pending && awaitingReply(options.entries),
  };
}
