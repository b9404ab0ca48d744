// The three AI calls of the screens (spec section 7), over streamAi: idea expansion, the creation
// flow's conversation and chat about a note (with the user's profile and notes activity).
import type { AiPreferences } from '#core/ai-preferences';
import { NOTE_LIMITS, type ChatMessage } from '#core/note';
import type { NotesActivity, UserData } from '../../../lib/device-storage';
import type { AiDonePayload } from './sse-events';
import { streamAi, type StreamAiOptions } from './stream-ai';

export type RequestOptions = Pick<StreamAiOptions, 'signal' | 'onDelta'>;

/** The server's bounds on one request (server/src/ai/schemas.ts). */
export const AI_REQUEST_BOUNDS = { messages: 200, notesActivityEntries: 200 } as const;

/** A long chat sent within the server's bound: the opening user message (the idea) and the latest turns. */
export function boundMessages(messages: readonly ChatMessage[], max: number = AI_REQUEST_BOUNDS.messages): ChatMessage[] {
  const turns = messages.filter((m) => m.role !== 'system');
  if (turns.length <= max) return turns;
  const first = turns.findIndex((m) => m.role === 'user');
  const opening = first >= 0 ? turns[first] : undefined;
  const latest = turns.slice(-(opening ? max - 1 : max));
  return opening && !latest.includes(opening) ? [opening, ...latest] : latest;
}

/** The most recently active notes' activity, within the server's bound. */
export function boundNotesActivity(activity: NotesActivity | null | undefined, max: number = AI_REQUEST_BOUNDS.notesActivityEntries): NotesActivity | undefined {
  if (!activity) return undefined;
  const entries = Object.entries(activity);
  if (entries.length === 0) return undefined;
  const when = (entry: (typeof entries)[number]) => entry[1].lastAction?.timestamp ?? '';
  return Object.fromEntries(entries.sort((a, b) => when(b).localeCompare(when(a))).slice(0, max));
}

export function requestExpansion(idea: string, preferences: AiPreferences | undefined, options: RequestOptions): Promise<AiDonePayload> {
  return streamAi('expand', { idea, preferences }, options);
}

export function requestConversation(
  messages: readonly ChatMessage[],
  readyForPlan: boolean,
  preferences: AiPreferences | undefined,
  options: RequestOptions,
): Promise<AiDonePayload> {
  return streamAi('conversation', { messages: boundMessages(messages), readyForPlan, preferences }, options);
}

export interface ChatContext {
  noteContent?: string | null;
  profile?: UserData | null;
  notesActivity?: NotesActivity | null;
  preferences?: AiPreferences;
}

/** Only the profile fields the prompt uses (the server refuses nothing else, but sends no more than needed). */
function profileFields(profile: UserData | null | undefined) {
  if (!profile) return null;
  const pick = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.slice(0, 1000) : undefined);
  const fields = { name: pick(profile.name), bio: pick(profile.bio), location: pick(profile.location), website: pick(profile.website) };
  return Object.values(fields).some((value) => value !== undefined) ? fields : null;
}

const NOTE_TEXT_MAX = NOTE_LIMITS.text;

export function requestChat(messages: readonly ChatMessage[], context: ChatContext, options: RequestOptions): Promise<AiDonePayload> {
  return streamAi(
    'chat',
    {
      messages: boundMessages(messages),
      noteContent: context.noteContent ? context.noteContent.slice(0, NOTE_TEXT_MAX) : undefined,
      profile: profileFields(context.profile) ?? undefined,
      notesActivity: boundNotesActivity(context.notesActivity),
      preferences: context.preferences,
    },
    options,
  );
}
