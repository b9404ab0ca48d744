// The chat of a note's Chat tab (Edit 400 px, View 500 px): seeded with the saved history, about the
// note's text; each completed turn goes to `onChange` (View saves it at once, Edit keeps it in the form
// until Save Changes). Failure notices stay on screen only.
import { useCallback, useState } from 'react';
import type { ChatMessage } from '#core/note';
import { fromChatMessages, toChatMessages, type ChatEntry } from '../lib/chat-entries';
import { AssistantChat } from './assistant-chat';

export interface NoteChatProps {
  /** What the assistant is told about the note (its expanded text, else its original idea). */
  noteContent: string;
  height: number;
  /** Where the chat is (View saves each turn at once, Edit with Save Changes: the caller's onChange decides). */
  mode: 'edit' | 'view';
  /** The saved history, read when the chat opens. */
  value: readonly ChatMessage[];
  onChange: (messages: ChatMessage[]) => void;
}

export function NoteChat({ noteContent, height, value, onChange }: NoteChatProps) {
  const [entries, setEntries] = useState<ChatEntry[]>(() => fromChatMessages(value));
  const onReply = useCallback((next: ChatEntry[]) => onChange(toChatMessages(next)), [onChange]);
  return (
    <AssistantChat
      entries={entries}
      onEntriesChange={setEntries}
      onReply={onReply}
      noteContent={noteContent}
      height={height}
      label="Chat about this note"
      emptyText="Ask anything about this note."
    />
  );
}
