// The AI feature's face for other features: the chat about a note, which the notes screens embed in
// their Chat tabs. Its screens (/new, /chat) are wired by app/routes.tsx.
export { NoteChat, type NoteChatProps } from './components/note-chat';
