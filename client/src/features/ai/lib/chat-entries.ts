// A chat as the panel shows it: the saved message shape (role, content) plus what the screen needs to
// know about failed turns (which request to send again, the server's request id). Failed-turn notices
// are shown, never sent to the model, never saved.
import { z } from 'zod';
import { chatMessageSchema, type ChatMessage } from '#core/note';
import { AI_TEXT, streamErrorText } from '../ai-messages';
import { AiError, isStreamFailure } from '../api/ai-errors';

/** Which request a turn was: the next reply, or the plan (Create Plan). Retry sends the same again. */
export type TurnKind = 'reply' | 'plan';

export interface ChatEntry extends ChatMessage {
  /** 'error': a failure notice in place of a reply; 'incomplete': the part of a reply that arrived. */
  status?: 'error' | 'incomplete';
  /** For an incomplete reply: why it stopped. */
  errorMessage?: string;
  /** The failure is about the user's own AI key, or there is none: offer the way to /api-setup. */
  keyProblem?: boolean;
  /** A failed turn: the request Retry sends again. */
  turn?: TurnKind;
  /** The server's id of the failed request (it is in the server's log). */
  requestId?: string;
  /** The server's reason for the failure (e.g. 'no_plan'). */
  reason?: string;
}

/** An entry as kept in a draft (sessionStorage). */
export const chatEntrySchema = chatMessageSchema.extend({
  status: z.enum(['error', 'incomplete']).optional(),
  errorMessage: z.string().optional(),
  keyProblem: z.boolean().optional(),
  turn: z.enum(['reply', 'plan']).optional(),
  requestId: z.string().max(64).optional(),
  reason: z.string().max(40).optional(),
});

/** The chat as saved on a note and sent to the model: failure notices left out. */
export function toChatMessages(entries: readonly ChatEntry[]): ChatMessage[] {
  return entries.filter((entry) => entry.status !== 'error').map(({ role, content }) => ({ role, content }));
}

/** The last entry is a failed turn (an error, or a reply cut short): it can be retried. */
export function failedTurn(entries: readonly ChatEntry[]): ChatEntry | null {
  const last = entries.at(-1);
  return last && last.role === 'assistant' && (last.status === 'error' || last.status === 'incomplete') ? last : null;
}

/** Saved history as entries (a saved chat has no failure notices). */
export function fromChatMessages(messages: readonly ChatMessage[] | null | undefined): ChatEntry[] {
  return (messages ?? []).map(({ role, content }) => ({ role, content }));
}

/** What the panel shows in place of a reply that failed (spec section 8); `previous` is the failed turn being retried. */
export function failureEntry(error: unknown, turn: TurnKind = 'reply', previous: ChatEntry | null = null): ChatEntry {
  if (isStreamFailure(error)) {
    const keyProblem = error.reason === 'invalid_key' ? error.keySource !== 'server' : error.status === 401;
    const extra = {
      turn,
      ...(keyProblem ? { keyProblem } : {}),
      ...(error.requestId ? { requestId: error.requestId } : {}),
      ...(error.reason ? { reason: error.reason } : {}),
    };
    if (error.incomplete && error.partial) {
      return { role: 'assistant', content: error.partial, status: 'incomplete', errorMessage: error.message, ...extra };
    }
    // A retry that failed before any text keeps the text the earlier attempt got.
    if (previous?.status === 'incomplete') return { ...previous, errorMessage: error.message, ...extra };
    // 'No plan' is said in plain words; other failures in the catalogue's streaming-failure sentence.
    const content = error.reason === 'no_plan' ? error.message : streamErrorText(error.message);
    return { role: 'assistant', content, status: 'error', ...extra };
  }
  return { role: 'assistant', content: AI_TEXT.chatFailed, status: 'error', turn };
}

/** The message a failure toast or log line carries. */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof AiError || error instanceof Error) return error.message || fallback;
  return fallback;
}

/** True when the last entry is the user's, still waiting for a reply (a turn that never got one). */
export function awaitingReply(entries: readonly ChatEntry[]): boolean {
  return entries.at(-1)?.role === 'user';
}

/** The assistant's last turn succeeded: a reply the conversation can build on (e.g. Create Plan). */
export function lastReplySucceeded(entries: readonly ChatEntry[]): boolean {
  const last = entries.at(-1);
  return last?.role === 'assistant' && last.status === undefined;
}
