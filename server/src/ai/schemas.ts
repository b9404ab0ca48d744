// Request bodies of the AI endpoints. Unknown fields are ignored (stripped), so an older server accepts a
// newer client; `preferences` is read leniently by core's parseAiPreferences, never refused.
import { z } from 'zod';
import { chatMessageSchema, NOTE_LIMITS } from '#core/note';

export const AI_REQUEST_LIMITS = {
  messages: 200,
  idea: 20_000,
  apiKey: 500,
  notesActivityEntries: 1_000,
  notesActivityText: 4_000,
  profileField: 1_000,
} as const;

const hasUserText = (messages: { role: string; content: string }[]) =>
  messages.some((m) => m.role === 'user' && m.content.trim() !== '');

const messagesSchema = z
  .array(chatMessageSchema)
  .min(1, 'at least one message is required')
  .max(AI_REQUEST_LIMITS.messages, `at most ${AI_REQUEST_LIMITS.messages} messages`)
  .refine(hasUserText, 'at least one user message with text is required');

export const expandBodySchema = z.object({
  idea: z.string().trim().min(1, 'the idea must not be blank').max(AI_REQUEST_LIMITS.idea),
  preferences: z.unknown().optional(),
});

export const conversationBodySchema = z.object({
  messages: messagesSchema,
  readyForPlan: z.boolean().default(false),
  preferences: z.unknown().optional(),
});

const profileField = z.string().max(AI_REQUEST_LIMITS.profileField).nullish();

export const profileSchema = z.object({
  name: profileField,
  bio: profileField,
  location: profileField,
  website: profileField,
});

export const chatBodySchema = z.object({
  messages: messagesSchema,
  noteContent: z.string().max(NOTE_LIMITS.text).nullish(),
  profile: profileSchema.nullish(),
  notesActivity: z
    .union([
      z.string().max(AI_REQUEST_LIMITS.notesActivityText),
      z
        .record(z.string().max(200), z.unknown())
        .refine((r) => Object.keys(r).length <= AI_REQUEST_LIMITS.notesActivityEntries, 'too many notes in notesActivity'),
    ])
    .nullish(),
  preferences: z.unknown().optional(),
});

export const putKeyBodySchema = z.object({
  apiKey: z
    .string()
    .trim()
    .min(1, 'Please enter an API key')
    .max(AI_REQUEST_LIMITS.apiKey, `the key must be at most ${AI_REQUEST_LIMITS.apiKey} characters`)
    // Keys travel in an HTTP header: visible ASCII only, no spaces inside.
    .regex(/^[\x21-\x7e]+$/, 'the key must not contain spaces or unusual characters'),
});
