// The Chat tab of the Edit (400 px) and View (500 px) screens: the AI feature's chat panel.
//
// Props: `value` is the chat history, `onChange` receives the history after each completed turn (the
// View screen saves it at once; the Edit screen keeps it until Save Changes), and the context is the
// note's expanded text or else its original idea (noteChatContext); none for a note kept out of the
// assistant (issue 34), whose chat says so.
import type { ChatMessage } from '#core/note';
import { NoteChat } from '../ai';
import type { NoteView } from '../../data/notes';

export interface NoteChatTabProps {
  note: NoteView;
  /** The panel's height in px (spec: 400 on Edit, 500 on View). */
  height: number;
  mode: 'edit' | 'view';
  value: readonly ChatMessage[];
  onChange: (messages: ChatMessage[]) => void;
}

/** What the assistant is told about the note: the expanded text, or else the original idea. */
export function noteChatContext(note: Pick<NoteView, 'expanded_content' | 'content'>): string {
  return note.expanded_content && note.expanded_content.trim() !== '' ? note.expanded_content : note.content;
}

export function NoteChatTab({ note, height, mode, value, onChange }: NoteChatTabProps) {
  const keptOut = note.ai_excluded;
  return (
    <NoteChat
      noteContent={keptOut ? null : noteChatContext(note)}
      keptOut={keptOut}
      height={height}
      mode={mode}
      value={value}
      onChange={onChange}
    />
  );
}
