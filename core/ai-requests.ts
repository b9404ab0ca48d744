// The AI endpoints' requests (docs/api.md): the bounds of their bodies, and which text the fallback
// completion answers. Plain values: the browser sends within these bounds without loading zod; the
// bodies' shapes and the server's validation are in ai-requests-schema.ts.
import type { ChatMessage } from './note';
import { NOTE_LIMITS } from './note-constants';

/** The most one request may carry, so that one request cannot run up an unbounded bill. */
export const AI_REQUEST_LIMITS = {
  /** Messages of a conversation or chat (the browser sends the opening one and the latest). */
  messages: 200,
  /** Characters of an idea to expand. */
  idea: 20_000,
  /** Characters of the note a chat is about: a note's own bound. */
  noteContent: NOTE_LIMITS.text,
  /** Characters of a provider key. */
  apiKey: 500,
  /** Characters of a question asked of the user's notes. */
  question: 2_000,
  /** 'Find action items': the note's title and its text (a note's own bounds; the prompt takes less). */
  noteTitle: NOTE_LIMITS.title,
  noteText: NOTE_LIMITS.text,
  /** Characters of an IANA time zone name ('America/Argentina/ComodRivadavia' is 32). */
  timeZone: 64,
} as const;

/** Whether some user message has text: a conversation or chat without one has nothing to answer. */
export function hasUserText(messages: readonly Pick<ChatMessage, 'role' | 'content'>[]): boolean {
  return messages.some((m) => m.role === 'user' && m.content.trim() !== '');
}

/** The first user message with some text ('' when there is none): on /new, the idea being developed. */
export function firstUserText(messages: readonly Pick<ChatMessage, 'role' | 'content'>[]): string {
  return messages.find((m) => m.role === 'user' && m.content.trim() !== '')?.content ?? '';
}

/** The last user message with some text ('' when there is none): what the fallback answers, and what Expand sends. */
export function lastUserText(messages: readonly Pick<ChatMessage, 'role' | 'content'>[]): string {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (m?.role === 'user' && m.content.trim() !== '') return m.content;
  }
  return '';
}
