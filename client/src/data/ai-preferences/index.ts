// The AI preferences' face: the signed-in user's preferences for screens, the comparison the Settings
// draft needs, and what account deletion does with them.
export { samePreferences } from './ai-preferences-storage';
export { useAiPreferences, useForgetAiPreferences, type AiPreferencesState } from './use-ai-preferences';
