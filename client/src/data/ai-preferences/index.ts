// The AI preferences' room, the one way screens reach them: the signed-in user's preferences (read from
// the account, a save queued on this device while offline), what account deletion does with them, and
// the choices Settings offers. Reading, this device's copy and the sync to user_metadata stay inside.
export {
  AI_NAME_MAX_LENGTH,
  CONVERSATION_DEPTH_OPTIONS,
  DEFAULT_AI_NAME,
  OUTPUT_FORMAT_OPTIONS,
  PROMPTING_STYLE_OPTIONS,
  TONE_OPTIONS,
  type AiPreferences,
  type PreferenceOption,
} from '#core/ai-preferences';
export { samePreferences } from './ai-preferences-sync';
export { useAiPreferences, useForgetAiPreferences, type AiPreferencesState } from './use-ai-preferences';
