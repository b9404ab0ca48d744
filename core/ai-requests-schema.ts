// The AI endpoints' request bodies as the server validates them, strictly: a turn carries only what the
// user said (the idea, the messages), the note being discussed and the ready-for-plan flag; the
// preferences and the profile are read from the account, so a body that sends them, or any other
// field, is refused. The browser builds its bodies with these types (a type import, no zod).
import { z } from 'zod';
import { AI_REQUEST_LIMITS, hasUserText } from './ai-requests';
import { isDue } from './checklist';
import { chatMessageSchema } from './note';
import { isTimeZone } from './zoned-time';

const messagesSchema = z
  .array(chatMessageSchema.strict())
  .min(1, 'at least one message is required')
  .max(AI_REQUEST_LIMITS.messages, `at most ${AI_REQUEST_LIMITS.messages} messages`)
  .refine(hasUserText, 'at least one user message with text is required');

/** POST /api/ai/expand */
export const expandBodySchema = z
  .object({
    idea: z.string().trim().min(1, 'the idea must not be blank').max(AI_REQUEST_LIMITS.idea),
  })
  .strict();

/** POST /api/ai/conversation */
export const conversationBodySchema = z
  .object({
    messages: messagesSchema,
    readyForPlan: z.boolean().default(false),
  })
  .strict();

/** POST /api/ai/chat */
export const chatBodySchema = z
  .object({
    messages: messagesSchema,
    noteContent: z.string().max(AI_REQUEST_LIMITS.noteContent).nullish(),
  })
  .strict();

/** POST /api/ai/ask: a question answered from the user's notes (issue 34). */
export const askBodySchema = z
  .object({
    question: z
      .string()
      .trim()
      .min(1, 'Please enter a question')
      .max(AI_REQUEST_LIMITS.question, `the question must be at most ${AI_REQUEST_LIMITS.question} characters`),
  })
  .strict();

/**
 * POST /api/ai/action-items: the note's next actions (issue 35, item 5). `noteId` says which note, so that
 * the server can refuse one kept out of the assistant; `today` is the user's day in `timeZone`, from which
 * the steps' dates are counted.
 */
export const actionItemsBodySchema = z
  .object({
    noteId: z.uuid(),
    title: z.string().max(AI_REQUEST_LIMITS.noteTitle),
    text: z.string().max(AI_REQUEST_LIMITS.noteText),
    today: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'today must be a day, YYYY-MM-DD')
      .refine(isDue, 'today must be a real day'),
    timeZone: z.string().min(1).max(AI_REQUEST_LIMITS.timeZone).refine(isTimeZone, 'unknown time zone'),
  })
  .strict()
  .refine((body) => body.title.trim() !== '' || body.text.trim() !== '', {
    message: 'the note has no text',
    path: ['text'],
  });

/** PUT /api/ai/key */
export const putKeyBodySchema = z.object({
  apiKey: z
    .string()
    .trim()
    .min(1, 'Please enter an API key')
    .max(AI_REQUEST_LIMITS.apiKey, `the key must be at most ${AI_REQUEST_LIMITS.apiKey} characters`)
    // Keys travel in an HTTP header: visible ASCII only, no spaces inside.
    .regex(/^[\x21-\x7e]+$/, 'the key must not contain spaces or unusual characters'),
});

/** The bodies as a client sends them. */
export type ExpandRequest = z.input<typeof expandBodySchema>;
export type ConversationRequest = z.input<typeof conversationBodySchema>;
export type ChatRequest = z.input<typeof chatBodySchema>;
export type PutKeyRequest = z.input<typeof putKeyBodySchema>;
export type AskRequest = z.input<typeof askBodySchema>;
export type ActionItemsRequest = z.input<typeof actionItemsBodySchema>;
