// A chat with the assistant about a note or anything (the chat endpoint): /chat and the Chat tabs of
// Edit and View. Sends the messages and the note's text; the server adds the user's profile, preferences
// and recent notes (spec section 7). The owner keeps the entries; failures show in the panel with Retry
// and as an 'AI Chat Failed' toast; without a key, the no-key card.
import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { lastUserText } from '#core/ai-requests';
import { toast } from '../../../lib/toast';
import { useAiConnection } from '../../../data/ai-connection';
import { useAiPreferences } from '../../../data/ai-preferences';
import { AI_TEXT, AI_TOASTS } from '../ai-messages';
import { requestChat, requestExpansion } from '../api/ai-requests';
import type { AiDonePayload } from '#core/ai-events';
import { useChatSession, type ReplyRequest } from '../hooks/use-chat-session';
import { awaitingReply, failedTurn, failureMessage, type ChatEntry } from '../lib/chat-entries';
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
  /**
   * The last request found no API key (and the user went to /api-setup): no automatic reply until the
   * connection works; meanwhile the setup failure is shown. Cleared through onAwaitingKeyChange.
   */
  awaitingKey?: boolean;
  onAwaitingKeyChange?: (awaiting: boolean) => void;
  placeholder?: string;
  emptyText?: string;
  /** A line above the input, e.g. that the assistant does not see the note. */
  notice?: ReactNode;
  /**
   * How many of the first entries are shown but never sent: a kept-out note's saved chat (issue 34), which
   * may quote the note. The model then sees only the turns after them.
   */
  unsentHistory?: number;
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
  awaitingKey = false,
  onAwaitingKeyChange,
  placeholder,
  emptyText,
  notice,
  unsentHistory = 0,
  className,
}: AssistantChatProps) {
  const { preferences } = useAiPreferences();

  const request = useCallback<ReplyRequest>(
    (messages, options) =>
      mode === 'expand'
        ? requestExpansion(lastUserText(messages), options)
        : requestChat(messages.slice(unsentHistory), noteContent, options),
    [mode, noteContent, unsentHistory],
  );

  const session = useChatSession({
    entries,
    onEntriesChange,
    request,
    onReply: onReply ? (next, done) => onReply(next, done) : undefined,
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
  const { retry } = session;
  useEffect(() => {
    if (!awaitingKey) return;
    if (connectionStatus === 'untested') void testConnection();
    if (connectionStatus !== 'connected') return;
    // Back from /api-setup with a key: the turn that found none is sent again by itself.
    onAwaitingKeyChange?.(false);
    if (failedTurn(entries)?.keyProblem) void retry();
  }, [awaitingKey, connectionStatus, testConnection, onAwaitingKeyChange, entries, retry]);

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
      {notice}
      {keyMissing && connection.status === 'failed' && <ApiKeyMissingAlert />}
    </ChatPanel>
  );
}
