// The strict schema of the assistant's preferences, for writes (the Settings save, the server storing
// them): wrong values are errors, missing ones default. Reading stored ones is parseAiPreferences.
import { z } from 'zod';
import {
  AI_NAME_MAX_LENGTH,
  CONVERSATION_DEPTHS,
  DEFAULT_AI_NAME,
  DEFAULT_AI_PREFERENCES,
  OUTPUT_FORMATS,
  PROMPTING_STYLES,
  TONES,
} from './ai-preferences';

/** Trimmed, at most 50 characters; a blank name means the default. */
export const aiNameSchema = z
  .string()
  .trim()
  .max(AI_NAME_MAX_LENGTH)
  .transform((name) => (name === '' ? DEFAULT_AI_NAME : name));

/** Strict validation for writes (e.g. the server storing preferences): wrong values are errors, missing ones default. */
export const aiPreferencesSchema = z.object({
  tone: z.enum(TONES).default(DEFAULT_AI_PREFERENCES.tone),
  conversationDepth: z.enum(CONVERSATION_DEPTHS).default(DEFAULT_AI_PREFERENCES.conversationDepth),
  promptingStyle: z.enum(PROMPTING_STYLES).default(DEFAULT_AI_PREFERENCES.promptingStyle),
  outputFormat: z.enum(OUTPUT_FORMATS).default(DEFAULT_AI_PREFERENCES.outputFormat),
  aiName: aiNameSchema.default(DEFAULT_AI_NAME),
});
