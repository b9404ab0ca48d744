// The assistant's texts from the spec (sections 2, 5 and 8), in one place: screens show these, nothing
// else spells them out. The connection test's own texts live in features/ai-connection.
import type { ToastInput } from '../../lib/toast';

export const AI_TEXT = {
  chatFailed: 'Sorry, I had trouble responding. Please try again.',
  ideaRequired: 'Please enter an idea before submitting.',
  setupFailure: 'Failed to initialize AI service. Please check your API key.',
  /** Only when the fallback can run: a key exists and the failure is one the fallback answers. */
  connectionIssue: "AI connection issue detected. We'll use a local fallback for responses.",
  connectionFailed: 'The assistant cannot reach the AI service right now.',
  keyRefused: 'The AI service refused the API key.',
  noKeyTitle: (provider: string) => `No ${provider} API key is set up yet.`,
  noKeyDetail: (provider: string) =>
    `The assistant needs one: add your own ${provider} API key on the API setup page, and you will come back here.`,
  noPlan: 'The assistant did not return a plan. Try again.',
  offline: "You're offline. The assistant needs a connection.",
  offlineDetail: 'Anything you type is kept on this device.',
  planCreated: 'Plan created successfully!',
  incomplete: 'Incomplete reply: the connection broke before it finished.',
  defaultExpand: 'Failed to process your idea',
  defaultConversation: 'Failed to continue the conversation',
  defaultChat: 'Failed to process chat message',
  defaultActionItems: 'Failed to find action items',
} as const;

/** 'Sorry, I encountered an error: {message}' (a streaming failure after the fallback). */
export function streamErrorText(message: string): string {
  return `Sorry, I encountered an error: ${message}`;
}

const destructive = (title: string, description?: string): ToastInput => ({
  title,
  description,
  variant: 'destructive',
});

export const AI_TOASTS = {
  processing: { title: 'Processing your idea', description: 'Our AI is thinking about your idea...' },
  usingFallback: destructive(
    'Connection Error',
    "We're having trouble connecting to our AI service. Using fallback mode.",
  ),
  retrying: { title: 'Retrying Connection' },
  reconnected: { title: 'Reconnection Successful', description: 'Your AI connection has been restored.' },
  restored: { title: 'Connection Restored' },
  setupFailure: destructive('API key required', AI_TEXT.setupFailure),
  processingFailed: (message: string) => destructive('AI Processing Failed', message),
  chatFailed: (message: string) => destructive('AI Chat Failed', message),
  connectionFailed: (message: string) => destructive('API Connection Failed', message),
  connectionError: (message: string) => destructive('API Connection Error', message),
  connectionSucceeded: (message: string): ToastInput => ({ title: 'API Connection Successful', description: message }),
} as const;
