// A chat as the panel shows it: the saved message shape (role, content) plus what the screen needs to
// know about failed turns. Failed-turn notices are shown, never sent to the model, never saved.
import { z } from 'zod';
import { chatMessageSchema, type ChatMessage } from '#core/note';
import { AI_TEXT, streamErrorText } from '../ai-messages';
import { AiError, isStreamFailure } from '../api/ai-errors';

export interface ChatEntry extends ChatMessage {
  /** 'error': a failure notice in place of a reply; 'incomplete': the part of a reply that arrived. */
  status?: 'error' | 'incomplete';
  /** For an incomplete reply: why it stopped. */
  errorMessage?: string;
  /** The failure is about the AI key: offer the way to /api-setup. */
  keyProblem?: boolean;
}

/** An entry as kept in a draft (sessionStorage). */
export const chatEntrySchema = chatMessageSchema.extend({
  status: z.enum(['error', 'incomplete']).optional(),
  errorMessage: z.string().optional(),
  keyProblem: z.boolean().optional(),
});

/** The chat as saved on a note and sent to the model: failure notices left out. */
export function toChatMessages(entries: readonly ChatEntry[]): ChatMessage[] {
  return entries.filter((entry) => entry.status !== 'error').map(({ role, content }) => ({ role, content }));
}

/** Saved history as entries (a saved chat has no failure notices). */
export function fromChatMessages(messages: readonly ChatMessage[] | null | undefined): ChatEntry[] {
  return (messages ?? []).map(({ role, content }) => ({ role, content }));
}

/** What the panel shows in place of a reply that failed (spec section 8). */
export function failureEntry(error: unknown): ChatEntry {
  if (isStreamFailure(error)) {
    const keyProblem = error.status === 401;
    if (error.incomplete && error.partial) {
      return { role: 'assistant', content: error.partial, status: 'incomplete', errorMessage: error.message, ...(keyProblem ? { keyProblem } : {}) };
    }
    return { role: 'assistant', content: streamErrorText(error.message), status: 'error', ...(keyProblem ? { keyProblem } : {}) };
  }
  return { role: 'assistant', content: AI_TEXT.chatFailed, status: 'error' };
}

/** The message a failure toast or log line carries. */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof AiError || error instanceof Error) return error.message || fallback;
  return fallback;
}

/** The text of the user's last message ('' when there is none). */
export function lastUserText(messages: readonly ChatMessage[]): string {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message?.role === 'user') return message.content;
  }
  return '';
}

/** True when the last entry is the user's, still waiting for a reply (a turn that never got one). */
export function awaitingReply(entries: readonly ChatEntry[]): boolean {
  return entries.at(-1)?.role === 'user';
}
