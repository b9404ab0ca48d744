// The notes room's face for code that runs in a web worker (the search worker): opening this device's
// IndexedDB database and reading notes and the saved search index from it, with nothing of React, the
// session or the sync engine, which a worker must not load. Everything else imports index.ts.
export { openSproutDb, type SproutDb } from './local-db';
export type { NoteView } from './local-note';
export {
  readNotesByIds,
  readNotesSummary,
  readNotesVersions,
  readSearchIndex,
  writeSearchIndex,
  type NotesSummary,
  type NotesVersions,
} from './notes-snapshot';
