// The assistant's knowledge of the user's notes (issue 34): the setting, the index's status, search by meaning.
export { searchNotesByMeaning, type AssistantStatus, type MeaningMatch, type SuggestedTag } from './assistant-api';
export { askByMeaning, type MeaningAnswer } from './ask-by-meaning';
export { assistantStatusQuery, useAssistantSetting, type AssistantSetting } from './use-assistant';
export { useRelatedNotes } from './use-related-notes';
export { useTagSuggestions } from './use-tag-suggestions';
