// The AI preferences' face: the signed-in user's preferences for screens, the comparison the Settings
// draft needs, and what app/ and account deletion do with them.
export { samePreferences } from './ai-preferences-storage';
export { useAiPreferences, useAiPreferencesEvents, useForgetAiPreferences, type AiPreferencesState } from './use-ai-preferences';
