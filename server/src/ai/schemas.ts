// Request bodies of the AI endpoints, validated strictly: a turn carries only what the user said (the
// idea, the messages), the note being discussed and the ready-for-plan flag. The preferences and the
// profile are read from the account (caller-context.ts); a body that sends them, or any other field,
// is refused with 400, so no client can make the prompt disagree with the account.
import { z } from 'zod';
import { chatMessageSchema, NOTE_LIMITS } from '#core/note';

export const AI_REQUEST_LIMITS = {
  messages: 200,
  idea: 20_000,
  apiKey: 500,
} as const;

const hasUserText = (messages: { role: string; content: string }[]) =>
  messages.some((m) => m.role === 'user' && m.content.trim() !== '');

const messagesSchema = z
  .array(chatMessageSchema.strict())
  .min(1, 'at least one message is required')
  .max(AI_REQUEST_LIMITS.messages, `at most ${AI_REQUEST_LIMITS.messages} messages`)
  .refine(hasUserText, 'at least one user message with text is required');

export const expandBodySchema = z
  .object({
    idea: z.string().trim().min(1, 'the idea must not be blank').max(AI_REQUEST_LIMITS.idea),
  })
  .strict();

export const conversationBodySchema = z
  .object({
    messages: messagesSchema,
    readyForPlan: z.boolean().default(false),
  })
  .strict();

export const chatBodySchema = z
  .object({
    messages: messagesSchema,
    noteContent: z.string().max(NOTE_LIMITS.text).nullish(),
  })
  .strict();

export const putKeyBodySchema = z.object({
  apiKey: z
    .string()
    .trim()
    .min(1, 'Please enter an API key')
    .max(AI_REQUEST_LIMITS.apiKey, `the key must be at most ${AI_REQUEST_LIMITS.apiKey} characters`)
    // Keys travel in an HTTP header: visible ASCII only, no spaces inside.
    .regex(/^[\x21-\x7e]+$/, 'the key must not contain spaces or unusual characters'),
});
