// The three AI calls of the screens (spec section 7), over streamAi: idea expansion, the creation
// flow's conversation and chat about a note. The bodies carry only what the user said and the note;
// the server builds the prompt from the account's preferences and profile (docs/api.md).
import { NOTE_LIMITS, type ChatMessage } from '#core/note';
import type { AiDonePayload } from './sse-events';
import { streamAi, type StreamAiOptions } from './stream-ai';

export type RequestOptions = Pick<StreamAiOptions, 'signal' | 'onDelta'>;

/** The server's bounds on one request (server/src/ai/schemas.ts). */
export const AI_REQUEST_BOUNDS = { messages: 200 } as const;

/** A long chat sent within the server's bound: the opening user message (the idea) and the latest turns. */
export function boundMessages(messages: readonly ChatMessage[], max: number = AI_REQUEST_BOUNDS.messages): ChatMessage[] {
  const turns = messages.filter((m) => m.role !== 'system').map(({ role, content }) => ({ role, content }));
  if (turns.length <= max) return turns;
  const first = turns.findIndex((m) => m.role === 'user');
  const opening = first >= 0 ? turns[first] : undefined;
  const latest = turns.slice(-(opening ? max - 1 : max));
  return opening && !latest.includes(opening) ? [opening, ...latest] : latest;
}

export function requestExpansion(idea: string, options: RequestOptions): Promise<AiDonePayload> {
  return streamAi('expand', { idea }, options);
}

export function requestConversation(messages: readonly ChatMessage[], readyForPlan: boolean, options: RequestOptions): Promise<AiDonePayload> {
  return streamAi('conversation', { messages: boundMessages(messages), readyForPlan }, options);
}

export function requestChat(messages: readonly ChatMessage[], noteContent: string | null | undefined, options: RequestOptions): Promise<AiDonePayload> {
  return streamAi(
    'chat',
    { messages: boundMessages(messages), ...(noteContent ? { noteContent: noteContent.slice(0, NOTE_LIMITS.text) } : {}) },
    options,
  );
}
