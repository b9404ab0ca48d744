// A chat with the assistant about a note or anything (the chat endpoint): /chat and the Chat tabs of
// Edit and View. Sends the note's text, the user's profile and notes activity with each turn (spec
// section 7). The owner keeps the entries; failures show in the panel and as an 'AI Chat Failed' toast.
import { useCallback, useEffect, useRef } from 'react';
import { toast } from '../../../lib/toast';
import { useAiConnection } from '../../../data/ai-connection';
import { useAuth } from '../../../data/auth';
import { readNotesActivity, readUserData } from '../../../lib/device-storage';
import { useAiPreferences } from '../../../data/ai-preferences';
import { AI_TEXT, AI_TOASTS } from '../ai-messages';
import { requestChat, requestExpansion } from '../api/ai-requests';
import type { AiDonePayload } from '../api/sse-events';
import { useChatSession, type ReplyRequest } from '../hooks/use-chat-session';
import { awaitingReply, failureMessage, lastUserText, type ChatEntry } from '../lib/chat-entries';
import { ChatPanel } from './chat-panel';
import { ApiKeyMissingAlert } from './api-key-missing-alert';

export interface AssistantChatProps {
  entries: ChatEntry[];
  onEntriesChange: (entries: ChatEntry[]) => void;
  /** The note the chat is about (its expanded text, else its original idea). */
  noteContent?: string | null;
  height?: number;
  label: string;
  /**
   * 'chat' (default) talks about the note; 'expand' sends the last message to the idea-expansion
   * endpoint instead (spec section 4, Chat turn), which answers with a plan.
   */
  mode?: 'chat' | 'expand';
  /** A completed turn (entries include the reply). */
  onReply?: (entries: ChatEntry[], done: AiDonePayload) => void;
  /** Ask for a reply at once when the chat opens on a user message (the /chat start). */
  replyOnOpen?: boolean;
  /** See useChatSession: false on screens with unsaved work (Edit). */
  leaveForSetup?: boolean;
  /**
   * The last request found no API key (and the user went to /api-setup): no automatic reply until the
   * connection works; meanwhile the setup failure is shown. Cleared through onAwaitingKeyChange.
   */
  awaitingKey?: boolean;
  onAwaitingKeyChange?: (awaiting: boolean) => void;
  placeholder?: string;
  emptyText?: string;
  className?: string;
}

export function AssistantChat({
  entries,
  onEntriesChange,
  noteContent,
  height,
  label,
  onReply,
  mode = 'chat',
  replyOnOpen = false,
  leaveForSetup = true,
  awaitingKey = false,
  onAwaitingKeyChange,
  placeholder,
  emptyText,
  className,
}: AssistantChatProps) {
  const { user } = useAuth();
  const { preferences } = useAiPreferences();
  const userId = user?.id ?? null;

  const request = useCallback<ReplyRequest>(
    (messages, options) => {
      if (mode === 'expand') return requestExpansion(lastUserText(messages), preferences, options);
      // Read at each turn: the profile or activity may have changed since the chat opened.
      const context = {
        noteContent,
        profile: userId ? readUserData(userId) : null,
        notesActivity: userId ? readNotesActivity(userId) : null,
        preferences,
      };
      return requestChat(messages, context, options);
    },
    [mode, noteContent, userId, preferences],
  );

  const session = useChatSession({
    entries,
    onEntriesChange,
    request,
    onReply,
    leaveForSetup,
    onKeyRequired: () => onAwaitingKeyChange?.(true),
    onFailure: (error) => {
      const message = failureMessage(error, AI_TEXT.defaultChat);
      console.warn('AI chat failed:', error);
      toast(AI_TOASTS.chatFailed(message));
    },
  });

  const connection = useAiConnection();
  const keyMissing = awaitingKey && connection.status !== 'connected';
  const { status: connectionStatus, test: testConnection } = connection;
  useEffect(() => {
    if (!awaitingKey) return;
    if (connectionStatus === 'untested') void testConnection();
    if (connectionStatus === 'connected') onAwaitingKeyChange?.(false);
  }, [awaitingKey, connectionStatus, testConnection, onAwaitingKeyChange]);

  const opened = useRef(false);
  const { requestReply } = session;
  useEffect(() => {
    if (!replyOnOpen || opened.current || keyMissing) return;
    opened.current = true;
    if (awaitingReply(entries)) void requestReply();
  }, [replyOnOpen, keyMissing, entries, requestReply]);

  return (
    <ChatPanel
      session={session}
      aiName={preferences.aiName}
      height={height}
      label={label}
      placeholder={placeholder}
      emptyText={emptyText}
      className={className}
    >
      {keyMissing && connection.status === 'failed' && <ApiKeyMissingAlert />}
    </ChatPanel>
  );
}
