// The AI feature's face for other features: the chat about a note, which the notes screens embed in
// their Chat tabs, and 'Find action items' for a note's More menu. Its screens (/new, /chat) are wired by
// app/routes.tsx.
export { NoteChat, type NoteChatProps } from './components/note-chat';
export { useFindActionItems, type FindActionItems } from './action-items/find-action-items';
