// AI preferences: defaults, strict and lenient parsing, their field in user_metadata, the Settings options
// and question budgets.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  AI_PREFERENCES_METADATA_FIELD,
  aiPreferencesFromMetadata,
  CONVERSATION_DEPTHS,
  CONVERSATION_DEPTH_OPTIONS,
  DEFAULT_AI_PREFERENCES,
  OUTPUT_FORMATS,
  OUTPUT_FORMAT_OPTIONS,
  PROMPTING_STYLES,
  PROMPTING_STYLE_OPTIONS,
  TONES,
  TONE_OPTIONS,
  parseAiPreferences,
  questionBudget,
} from './ai-preferences';
import { aiNameSchema, aiPreferencesSchema } from './ai-preferences-schema';
import { z } from 'zod';
import type { AiPreferences, ConversationDepth } from './ai-preferences';

const custom: AiPreferences = {
  tone: 'calm',
  conversationDepth: 'deep',
  promptingStyle: 'ask',
  outputFormat: 'paragraphs',
  aiName: 'Juniper',
};

describe('DEFAULT_AI_PREFERENCES', () => {
  it('matches the spec defaults', () => {
    expect(DEFAULT_AI_PREFERENCES).toEqual({
      tone: 'friendly',
      conversationDepth: 'medium',
      promptingStyle: 'suggest',
      outputFormat: 'checklist',
      aiName: 'Sprout',
    });
  });
});

describe('aiPreferencesSchema', () => {
  it('fills missing fields with defaults', () => {
    const parsed: AiPreferences = aiPreferencesSchema.parse({});
    expect(parsed).toEqual(DEFAULT_AI_PREFERENCES);
  });

  it('accepts valid values and trims the name', () => {
    expect(aiPreferencesSchema.parse({ ...custom, aiName: '  Juniper  ' })).toEqual(custom);
  });

  it('maps a blank name to the default', () => {
    expect(aiPreferencesSchema.parse({ aiName: '   ' }).aiName).toBe('Sprout');
  });

  it.each([
    { tone: 'sarcastic' },
    { conversationDepth: 'endless' },
    { promptingStyle: 1 },
    { outputFormat: null },
    { aiName: 'x'.repeat(51) },
  ])('rejects %j', (value) => {
    expect(aiPreferencesSchema.safeParse(value).success).toBe(false);
  });

  it('allows a 50-character name, counted after trimming', () => {
    expect(aiPreferencesSchema.parse({ aiName: ` ${'x'.repeat(50)} ` }).aiName).toHaveLength(50);
  });
});

describe('parseAiPreferences', () => {
  it.each([undefined, null, 0, 'nonsense', '[1]', [], true])('gives defaults for %j', (value) => {
    expect(parseAiPreferences(value)).toEqual(DEFAULT_AI_PREFERENCES);
  });

  it('reads valid preferences and their JSON text', () => {
    expect(parseAiPreferences(custom)).toEqual(custom);
    expect(parseAiPreferences(JSON.stringify(custom))).toEqual(custom);
  });

  it('falls back field by field', () => {
    expect(parseAiPreferences({ ...custom, tone: 'sarcastic', aiName: 'x'.repeat(60), extra: 1 })).toEqual({
      ...custom,
      tone: 'friendly',
      aiName: 'Sprout',
    });
    expect(parseAiPreferences({ conversationDepth: 'quick' })).toEqual({
      ...DEFAULT_AI_PREFERENCES,
      conversationDepth: 'quick',
    });
  });

  it('returns a fresh object each time', () => {
    const a = parseAiPreferences(null);
    a.aiName = 'Changed';
    expect(parseAiPreferences(null).aiName).toBe('Sprout');
  });

  it('never throws and always yields a valid value (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.anything(), fc.record({ tone: fc.anything(), aiName: fc.anything() }, { requiredKeys: [] })),
        (value) => {
          expect(aiPreferencesSchema.safeParse(parseAiPreferences(value)).success).toBe(true);
        },
      ),
    );
  });

  it('reads every stored value as the zod schema it replaced did, field by field (property)', () => {
    const lenient = z.object({
      tone: z.enum(TONES).catch(DEFAULT_AI_PREFERENCES.tone),
      conversationDepth: z.enum(CONVERSATION_DEPTHS).catch(DEFAULT_AI_PREFERENCES.conversationDepth),
      promptingStyle: z.enum(PROMPTING_STYLES).catch(DEFAULT_AI_PREFERENCES.promptingStyle),
      outputFormat: z.enum(OUTPUT_FORMATS).catch(DEFAULT_AI_PREFERENCES.outputFormat),
      aiName: aiNameSchema.catch(DEFAULT_AI_PREFERENCES.aiName),
    });
    const field = <T extends string>(values: readonly T[]) => fc.oneof(fc.constantFrom(...values), fc.anything());
    const name = fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.string({ maxLength: 60 }).map((text) => `  ${text} `),
      fc.constant('   '),
      fc.anything(),
    );
    fc.assert(
      fc.property(
        fc.record(
          {
            tone: field(TONES),
            conversationDepth: field(CONVERSATION_DEPTHS),
            promptingStyle: field(PROMPTING_STYLES),
            outputFormat: field(OUTPUT_FORMATS),
            aiName: name,
          },
          { requiredKeys: [] },
        ),
        (stored) => {
          expect(parseAiPreferences(stored)).toEqual(lenient.parse(stored));
          expect(parseAiPreferences(JSON.stringify(stored))).toEqual(
            lenient.parse(JSON.parse(JSON.stringify(stored)) as unknown),
          );
        },
      ),
    );
  });
});

describe('option metadata', () => {
  it('lists every value once, in the spec order', () => {
    expect(TONE_OPTIONS.map((o) => o.value)).toEqual([...TONES]);
    expect(CONVERSATION_DEPTH_OPTIONS.map((o) => o.value)).toEqual([...CONVERSATION_DEPTHS]);
    expect(PROMPTING_STYLE_OPTIONS.map((o) => o.value)).toEqual([...PROMPTING_STYLES]);
    expect(OUTPUT_FORMAT_OPTIONS.map((o) => o.value)).toEqual([...OUTPUT_FORMATS]);
  });

  it('carries the spec labels and descriptions', () => {
    expect(TONE_OPTIONS).toContainEqual({
      value: 'motivational',
      label: 'Motivational Coach',
      description: 'encouraging, assertive',
    });
    expect(TONE_OPTIONS).toContainEqual({ value: 'calm', label: 'Calm Mentor', description: 'gentle, thoughtful' });
    expect(TONE_OPTIONS).toContainEqual({
      value: 'professional',
      label: 'Professional',
      description: 'focused, concise',
    });
    expect(CONVERSATION_DEPTH_OPTIONS).toContainEqual({
      value: 'deep',
      label: 'Deep Thinker',
      description: '8 or more questions',
    });
    expect(PROMPTING_STYLE_OPTIONS).toContainEqual({
      value: 'ask',
      label: 'Ask First',
      description: 'only suggests after confirming',
    });
    expect(OUTPUT_FORMAT_OPTIONS).toContainEqual({ value: 'paragraphs', label: 'Paragraphs' });
  });
});

describe('questionBudget', () => {
  it.each([
    ['quick', { min: 3, max: 4 }],
    ['medium', { min: 5, max: 7 }],
    ['deep', { min: 8, max: null }],
  ] as const)('%s', (depth, budget) => {
    expect(questionBudget(depth)).toEqual(budget);
  });

  it('treats an unknown depth as the default', () => {
    expect(questionBudget('bogus' as ConversationDepth)).toEqual({ min: 5, max: 7 });
  });
});

describe('aiPreferencesFromMetadata', () => {
  it("reads the account's preferences from user_metadata.ai_preferences, each bad field on its own", () => {
    expect(aiPreferencesFromMetadata({ name: 'Ann', [AI_PREFERENCES_METADATA_FIELD]: custom })).toEqual(custom);
    expect(aiPreferencesFromMetadata({ ai_preferences: { ...custom, tone: 'sarcastic' } })).toEqual({
      ...custom,
      tone: 'friendly',
    });
    expect(aiPreferencesFromMetadata({ ai_preferences: JSON.stringify(custom) })).toEqual(custom);
  });

  it('is null when the account has none, or holds something that is not preferences', () => {
    expect(aiPreferencesFromMetadata({ name: 'Ann' })).toBeNull();
    expect(aiPreferencesFromMetadata({ ai_preferences: 'calm' })).toBeNull();
    expect(aiPreferencesFromMetadata({ ai_preferences: ['calm'] })).toBeNull();
    expect(aiPreferencesFromMetadata({ ai_preferences: null })).toBeNull();
    expect(aiPreferencesFromMetadata(null)).toBeNull();
    expect(aiPreferencesFromMetadata('{"ai_preferences":{}}')).toBeNull();
  });
});
