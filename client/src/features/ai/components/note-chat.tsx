// The chat of a note's Chat tab (Edit 400 px, View 500 px): seeded with the saved history, about the
// note's text; each completed turn goes to `onChange` (View saves it at once, Edit keeps it in the form
// until Save Changes). Failure notices stay on screen only. A note kept out of the assistant (issue 34)
// sends no text, nor its saved chat, which may quote it: the chat stays, about anything, its earlier turns
// on screen only, and a quiet line says the assistant sees neither.
import { useCallback, useState } from 'react';
import { EyeOff } from 'lucide-react';
import type { ChatMessage } from '#core/note';
import { fromChatMessages, toChatMessages, type ChatEntry } from '../lib/chat-entries';
import { AssistantChat } from './assistant-chat';

export interface NoteChatProps {
  /** What the assistant is told about the note (its expanded text, else its original idea); null: nothing. */
  noteContent: string | null;
  /** The note is kept out of the assistant: its text is never sent, whatever `noteContent` holds. */
  keptOut?: boolean;
  height: number;
  /** Where the chat is (View saves each turn at once, Edit with Save Changes: the caller's onChange decides). */
  mode: 'edit' | 'view';
  /** The saved history, read when the chat opens. */
  value: readonly ChatMessage[];
  onChange: (messages: ChatMessage[]) => void;
}

/** The line a kept-out note's chat shows (issue 34). */
export const KEPT_OUT_CHAT_TEXT = 'Sprout can’t see this note or its earlier chat: it is kept out of the assistant.';

const KEPT_OUT_NOTICE = (
  <p className="flex items-center gap-2 px-1 text-xs text-muted-foreground">
    <EyeOff aria-hidden="true" className="size-3.5 shrink-0" />
    {KEPT_OUT_CHAT_TEXT}
  </p>
);

export function NoteChat({ noteContent, keptOut = false, height, value, onChange }: NoteChatProps) {
  const [entries, setEntries] = useState<ChatEntry[]>(() => fromChatMessages(value));
  // The turns saved before this chat opened (a saved chat has no failure notices, so they lead what is sent).
  const [savedTurns] = useState(value.length);
  const onReply = useCallback((next: ChatEntry[]) => onChange(toChatMessages(next)), [onChange]);
  return (
    <AssistantChat
      entries={entries}
      onEntriesChange={setEntries}
      onReply={onReply}
      noteContent={keptOut ? null : noteContent}
      height={height}
      label="Chat about this note"
      emptyText={keptOut ? 'Ask anything.' : 'Ask anything about this note.'}
      notice={keptOut ? KEPT_OUT_NOTICE : undefined}
      unsentHistory={keptOut ? savedTurns : 0}
    />
  );
}
