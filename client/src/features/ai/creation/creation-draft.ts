// The creation flow's state (spec section 4, Creation flow), kept as a draft per user until the note is
// saved: the step, the title, the idea, the conversation, the plan and the checklist made from it.
import { z } from 'zod';
import { checklistItemSchema, type ChecklistItem } from '#core/note';
import { chatEntrySchema, type ChatEntry } from '../lib/chat-entries';

export type CreationStep = 'input' | 'conversation' | 'result';

export interface PlanResult {
  expandedContent: string;
  steps: string[];
}

export interface CreationDraft {
  step: CreationStep;
  title: string;
  idea: string;
  entries: ChatEntry[];
  /** The chat box's text not yet sent. */
  chatInput: string;
  result: PlanResult | null;
  checklistEnabled: boolean;
  /** The editable checklist, once made from the steps. */
  checklist: ChecklistItem[] | null;
  /** The tags the assistant suggested that the user chose (issue 34). */
  tags: string[];
  /** The assistant could not be asked for lack of an API key: wait for one before asking again. */
  awaitingKey: boolean;
  /** The note this conversation expands (/new?expand=<id>): the plan is saved into it. */
  expandNoteId: string | null;
}

export const creationDraftSchema: z.ZodType<CreationDraft> = z.object({
  step: z.enum(['input', 'conversation', 'result']).catch('input'),
  title: z.string().catch(''),
  idea: z.string().catch(''),
  entries: z.array(chatEntrySchema).catch([]),
  chatInput: z.string().catch(''),
  result: z
    .object({ expandedContent: z.string(), steps: z.array(z.string()) })
    .nullable()
    .catch(null),
  checklistEnabled: z.boolean().catch(false),
  checklist: z.array(checklistItemSchema).nullable().catch(null),
  tags: z.array(z.string()).catch([]),
  awaitingKey: z.boolean().catch(false),
  expandNoteId: z.string().nullable().catch(null),
});

export function emptyCreationDraft(): CreationDraft {
  return {
    step: 'input',
    title: '',
    idea: '',
    entries: [],
    chatInput: '',
    result: null,
    checklistEnabled: false,
    checklist: null,
    tags: [],
    awaitingKey: false,
    expandNoteId: null,
  };
}

export function creationDraftKey(userId: string): string {
  return `sprout.new-idea:${userId}`;
}

/** The opening system message of the conversation (shown as a note; the server writes its own prompt). */
export function openingMessage(aiName: string): string {
  return `${aiName} will ask a few questions about your idea, then help you create a plan.`;
}

/** The conversation's first two messages: the opening system message and the idea. */
export function seedConversation(idea: string, aiName: string): ChatEntry[] {
  return [
    { role: 'system', content: openingMessage(aiName) },
    { role: 'user', content: idea },
  ];
}

/** 'Create Plan' shows when there are more than 2 messages (spec section 9) and nothing is loading. */
export const CREATE_PLAN_MIN_MESSAGES = 3;
/** The wait between showing the user's message and asking for the reply (spec section 9). */
export const CREATION_SEND_DELAY_MS = 100;
