// 'Ask your notes' turns for one visit of the AI Chat page (issue 34): each question is sent on its own
// (no conversation), its answer streams in and ends with the sources the server checked. A failed turn
// keeps its question and shows the chat's failure notice (spec section 8); Retry asks the same question
// again. One question at a time; only the last few turns are kept, in memory.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AnswerSource } from '#core/citations';
import { AI_TEXT } from '../ai-messages';
import { AiKeyRequiredError, AiOfflineError, isAbortError } from '../api/ai-errors';
import { requestAnswer, type RequestOptions } from '../api/ai-requests';
import type { AiDonePayload } from '#core/ai-events';
import { failureEntry, type ChatEntry } from '../lib/chat-entries';

/** How many questions stay on screen: a few to look back at, not a history. */
export const ASK_TURNS_KEPT = 5;

export interface AskTurn {
  id: number;
  question: string;
  /** The final answer and its checked sources ([] when the notes had nothing). */
  answer?: { text: string; sources: AnswerSource[] };
  /** The failure notice in place of the answer (an error, or the part of an answer that arrived). */
  failure?: ChatEntry;
}

export type AskRequest = (question: string, options: RequestOptions) => Promise<AiDonePayload>;

export interface AskSessionOptions {
  /** For tests: the request; the ask endpoint by default. */
  request?: AskRequest;
  /** A turn failed (not for a missing key nor offline, which the notice itself explains). */
  onFailure?: (error: unknown) => void;
}

export interface AskSession {
  turns: AskTurn[];
  /** The id of the turn whose answer is on its way, if any. */
  pendingId: number | null;
  /** The answer's text received so far. */
  streamed: string;
  /** Asks a question; false when ignored (blank, or an answer is on its way). */
  ask: (question: string) => boolean;
  /** Asks the last turn's question again when it failed. */
  retry: () => void;
}

export function useAskSession(options: AskSessionOptions = {}): AskSession {
  const [turns, setTurns] = useState<AskTurn[]>([]);
  const [pendingId, setPendingId] = useState<number | null>(null);
  const [streamed, setStreamed] = useState('');
  const latest = useRef(options);
  const turnsRef = useRef(turns);
  const nextId = useRef(1);
  const busy = useRef(false);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => {
    latest.current = options;
  });
  useEffect(() => () => controller.current?.abort(), []);

  const update = useCallback((next: AskTurn[]) => {
    turnsRef.current = next;
    setTurns(next);
  }, []);
  const settle = useCallback(
    (id: number, change: Pick<AskTurn, 'answer' | 'failure'>) =>
      update(turnsRef.current.map((turn) => (turn.id === id ? { id, question: turn.question, ...change } : turn))),
    [update],
  );

  const run = useCallback(
    async (turn: AskTurn) => {
      busy.current = true;
      const abort = new AbortController();
      controller.current = abort;
      setPendingId(turn.id);
      setStreamed('');
      try {
        const done = await (latest.current.request ?? requestAnswer)(turn.question, {
          signal: abort.signal,
          onDelta: (_piece, received) => setStreamed(received),
        });
        settle(turn.id, { answer: { text: done.text, sources: done.sources ?? [] } });
      } catch (error) {
        if (isAbortError(error) || abort.signal.aborted) return;
        if (error instanceof AiKeyRequiredError) {
          settle(turn.id, {
            failure: { role: 'assistant', content: AI_TEXT.setupFailure, status: 'error', keyProblem: true },
          });
        } else if (error instanceof AiOfflineError) {
          settle(turn.id, { failure: { role: 'assistant', content: AI_TEXT.offline, status: 'error' } });
        } else {
          settle(turn.id, { failure: failureEntry(error, 'reply', turn.failure ?? null) });
          latest.current.onFailure?.(error);
        }
      } finally {
        if (controller.current === abort) controller.current = null;
        busy.current = false;
        if (!abort.signal.aborted) {
          setPendingId(null);
          setStreamed('');
        }
      }
    },
    [settle],
  );

  const ask = useCallback(
    (question: string) => {
      const text = question.trim();
      if (busy.current || text === '') return false;
      const turn: AskTurn = { id: nextId.current++, question: text };
      update([...turnsRef.current, turn].slice(-ASK_TURNS_KEPT));
      void run(turn);
      return true;
    },
    [run, update],
  );

  const retry = useCallback(() => {
    const last = turnsRef.current.at(-1);
    if (busy.current || !last?.failure) return;
    void run(last);
  }, [run]);

  return { turns, pendingId, streamed, ask, retry };
}
