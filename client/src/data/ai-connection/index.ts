// The AI connection's face: the shared status and test for screens, and the texts about it.
export { UNTESTED, type AiConnectionSnapshot, type AiConnectionStatus } from './ai-connection';
export { keySourceLabel, type KeySource } from './connection-messages';
export { useAiConnection, useResetAiConnection, useShownAiConnection, type AiConnection } from './use-ai-connection';
