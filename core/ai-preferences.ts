// The assistant's preferences (spec section 3): schema, defaults, lenient reading and the Settings options.
import { z } from 'zod';

export const DEFAULT_AI_NAME = 'Sprout';
export const AI_NAME_MAX_LENGTH = 50;

export const TONES = ['professional', 'friendly', 'motivational', 'calm'] as const;
export const CONVERSATION_DEPTHS = ['quick', 'medium', 'deep'] as const;
export const PROMPTING_STYLES = ['ask', 'suggest'] as const;
export const OUTPUT_FORMATS = ['checklist', 'paragraphs'] as const;

export type Tone = (typeof TONES)[number];
export type ConversationDepth = (typeof CONVERSATION_DEPTHS)[number];
export type PromptingStyle = (typeof PROMPTING_STYLES)[number];
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export interface AiPreferences {
  tone: Tone;
  conversationDepth: ConversationDepth;
  promptingStyle: PromptingStyle;
  outputFormat: OutputFormat;
  aiName: string;
}

export const DEFAULT_AI_PREFERENCES: Readonly<AiPreferences> = Object.freeze({
  tone: 'friendly',
  conversationDepth: 'medium',
  promptingStyle: 'suggest',
  outputFormat: 'checklist',
  aiName: DEFAULT_AI_NAME,
});

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

// For reading what is already stored: each bad field falls back on its own, so one stale value
// (say, a tone a later version removed) does not reset the user's other choices.
const lenientAiPreferencesSchema = z.object({
  tone: z.enum(TONES).catch(DEFAULT_AI_PREFERENCES.tone),
  conversationDepth: z.enum(CONVERSATION_DEPTHS).catch(DEFAULT_AI_PREFERENCES.conversationDepth),
  promptingStyle: z.enum(PROMPTING_STYLES).catch(DEFAULT_AI_PREFERENCES.promptingStyle),
  outputFormat: z.enum(OUTPUT_FORMATS).catch(DEFAULT_AI_PREFERENCES.outputFormat),
  aiName: aiNameSchema.catch(DEFAULT_AI_NAME),
});

/** Preferences from any stored value (an object or its JSON text); never throws. */
export function parseAiPreferences(value: unknown): AiPreferences {
  let input = value;
  if (typeof input === 'string') {
    try {
      input = JSON.parse(input) as unknown;
    } catch {
      input = null;
    }
  }
  const isObject = typeof input === 'object' && input !== null && !Array.isArray(input);
  const parsed = lenientAiPreferencesSchema.safeParse(isObject ? input : {});
  return parsed.success ? parsed.data : { ...DEFAULT_AI_PREFERENCES };
}

export interface PreferenceOption<T extends string> {
  value: T;
  label: string;
  /** Shown under the label; absent where the spec gives none. */
  description?: string;
}

export const TONE_OPTIONS: readonly PreferenceOption<Tone>[] = [
  { value: 'professional', label: 'Professional', description: 'focused, concise' },
  { value: 'friendly', label: 'Friendly', description: 'warm, conversational' },
  { value: 'motivational', label: 'Motivational Coach', description: 'encouraging, assertive' },
  { value: 'calm', label: 'Calm Mentor', description: 'gentle, thoughtful' },
];

export const CONVERSATION_DEPTH_OPTIONS: readonly PreferenceOption<ConversationDepth>[] = [
  { value: 'quick', label: 'Quick Expand', description: '3-4 questions' },
  { value: 'medium', label: 'Balanced', description: '5-7 questions' },
  { value: 'deep', label: 'Deep Thinker', description: '8 or more questions' },
];

export const PROMPTING_STYLE_OPTIONS: readonly PreferenceOption<PromptingStyle>[] = [
  { value: 'ask', label: 'Ask First', description: 'only suggests after confirming' },
  { value: 'suggest', label: 'Suggest', description: 'may offer hints while asking' },
];

export const OUTPUT_FORMAT_OPTIONS: readonly PreferenceOption<OutputFormat>[] = [
  { value: 'checklist', label: 'Checklist' },
  { value: 'paragraphs', label: 'Paragraphs' },
];

export interface QuestionBudget {
  min: number;
  /** null: no upper bound ('8 or more'). */
  max: number | null;
}

const QUESTION_BUDGETS: Record<ConversationDepth, QuestionBudget> = {
  quick: { min: 3, max: 4 },
  medium: { min: 5, max: 7 },
  deep: { min: 8, max: null },
};

/** How many questions the assistant asks before the plan, by conversation depth (spec section 9). */
export function questionBudget(depth: ConversationDepth): QuestionBudget {
  // Untyped callers (stored data, the wire) may pass anything; treat it like the default depth.
  return { ...(QUESTION_BUDGETS[depth] ?? QUESTION_BUDGETS[DEFAULT_AI_PREFERENCES.conversationDepth]) };
}
