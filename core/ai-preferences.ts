// The assistant's preferences (spec section 3): defaults, lenient reading, their field in user_metadata
// and the Settings options; the strict schema of writes is in ai-preferences-schema.ts.

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

// For reading what is already stored: each bad field falls back on its own, so one stale value
// (say, a tone a later version removed) does not reset the user's other choices. Plain code, not
// zod: the client reads the stored preferences at every start, before it needs zod for anything
// (issue 10); the strict schema of writes is core/ai-preferences-schema.ts.
function oneOf<T extends string>(values: readonly T[], value: unknown, fallback: T): T {
  return (values as readonly unknown[]).includes(value) ? (value as T) : fallback;
}

/** A stored name as aiNameSchema would read it, or the default when it would refuse it. */
function storedAiName(value: unknown): string {
  if (typeof value !== 'string') return DEFAULT_AI_NAME;
  const name = value.trim();
  return name === '' || name.length > AI_NAME_MAX_LENGTH ? DEFAULT_AI_NAME : name;
}

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
  const stored = (typeof input === 'object' && input !== null && !Array.isArray(input) ? input : {}) as Record<
    string,
    unknown
  >;
  return {
    tone: oneOf(TONES, stored.tone, DEFAULT_AI_PREFERENCES.tone),
    conversationDepth: oneOf(CONVERSATION_DEPTHS, stored.conversationDepth, DEFAULT_AI_PREFERENCES.conversationDepth),
    promptingStyle: oneOf(PROMPTING_STYLES, stored.promptingStyle, DEFAULT_AI_PREFERENCES.promptingStyle),
    outputFormat: oneOf(OUTPUT_FORMATS, stored.outputFormat, DEFAULT_AI_PREFERENCES.outputFormat),
    aiName: storedAiName(stored.aiName),
  };
}

/** The `user_metadata` field holding the account's preferences: Settings writes it, every prompt reads it. */
export const AI_PREFERENCES_METADATA_FIELD = 'ai_preferences';

/**
 * The account's preferences inside a user's `user_metadata` (an object, or its JSON text), read as
 * parseAiPreferences reads them; null when the account has none.
 */
export function aiPreferencesFromMetadata(metadata: unknown): AiPreferences | null {
  if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata)) return null;
  let value = (metadata as Record<string, unknown>)[AI_PREFERENCES_METADATA_FIELD];
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return null;
    }
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? parseAiPreferences(value) : null;
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
