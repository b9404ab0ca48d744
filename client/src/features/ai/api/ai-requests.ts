// The AI calls of the screens (spec section 7), over streamAi: idea expansion, the creation flow's
// conversation, chat about a note, a question answered from the user's notes (issue 34) and a note's
// action items (issue 35). The bodies carry only what the user said and the note; the server builds the
// prompt from the account's preferences and profile (docs/api.md). The bodies' shapes and bounds are the
// server's own (core/ai-requests-schema.ts, core/ai-requests.ts).
import type { AiDonePayload } from '#core/ai-events';
import { AI_REQUEST_LIMITS } from '#core/ai-requests';
import type {
  ActionItemsRequest,
  AskRequest,
  ChatRequest,
  ConversationRequest,
  ExpandRequest,
} from '#core/ai-requests-schema';
import type { ChatMessage } from '#core/note';
import { streamAi, type StreamAiOptions } from './stream-ai';

export type RequestOptions = Pick<StreamAiOptions, 'signal' | 'onDelta'>;

/** A long chat sent within the server's bound: the opening user message (the idea) and the latest turns. */
export function boundMessages(
  messages: readonly ChatMessage[],
  max: number = AI_REQUEST_LIMITS.messages,
): ChatMessage[] {
  const turns = messages.filter((m) => m.role !== 'system').map(({ role, content }) => ({ role, content }));
  if (turns.length <= max) return turns;
  const first = turns.findIndex((m) => m.role === 'user');
  const opening = first >= 0 ? turns[first] : undefined;
  const latest = turns.slice(-(opening ? max - 1 : max));
  return opening && !latest.includes(opening) ? [opening, ...latest] : latest;
}

export function requestExpansion(idea: string, options: RequestOptions): Promise<AiDonePayload> {
  return streamAi('expand', { idea } satisfies ExpandRequest, options);
}

export function requestConversation(
  messages: readonly ChatMessage[],
  readyForPlan: boolean,
  options: RequestOptions,
): Promise<AiDonePayload> {
  return streamAi(
    'conversation',
    { messages: boundMessages(messages), readyForPlan } satisfies ConversationRequest,
    options,
  );
}

export function requestChat(
  messages: readonly ChatMessage[],
  noteContent: string | null | undefined,
  options: RequestOptions,
): Promise<AiDonePayload> {
  return streamAi(
    'chat',
    {
      messages: boundMessages(messages),
      ...(noteContent ? { noteContent: noteContent.slice(0, AI_REQUEST_LIMITS.noteContent) } : {}),
    } satisfies ChatRequest,
    options,
  );
}

/** 'Ask your notes': the server finds the notes and checks the answer's sources (`done.sources`). */
export function requestAnswer(question: string, options: RequestOptions): Promise<AiDonePayload> {
  return streamAi('ask', { question: question.slice(0, AI_REQUEST_LIMITS.question) } satisfies AskRequest, options);
}

/** 'Find action items' on a note: its steps as a numbered list, dated from `today` in the user's `timeZone`. */
export function requestActionItems(request: ActionItemsRequest, options: RequestOptions): Promise<AiDonePayload> {
  return streamAi(
    'action-items',
    {
      ...request,
      title: request.title.slice(0, AI_REQUEST_LIMITS.noteTitle),
      text: request.text.slice(0, AI_REQUEST_LIMITS.noteText),
    } satisfies ActionItemsRequest,
    options,
  );
}
