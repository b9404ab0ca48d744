// The search worker's way to the user's notes and saved index: this device's IndexedDB database, opened
// in the worker through data/notes' worker-safe face (no React, no sync engine).
import {
  readNotesByIds,
  readNotesSummary,
  readNotesVersions,
  readSearchIndex,
  writeSearchIndex,
  type NoteView,
  type SproutDb,
} from '../notes/worker-safe';
import type { NotesSource } from './index-keeper';
import type { IndexedNote } from './note-index';

/** What the index keeps of a note: its text and the flags the filters read. */
export function toIndexed(note: NoteView): IndexedNote {
  return {
    id: note.id,
    title: note.title,
    content: note.content,
    expanded_content: note.expanded_content,
    checklist_items: note.checklist_items?.map((item) => ({ text: item.text })) ?? null,
    is_checklist: note.is_checklist,
    conflict_of: note.conflict_of,
    sync_state: note.sync_state,
    updated_at: note.updated_at,
    archived_at: note.archived_at,
    tags: note.tags,
  };
}

export function indexedDbNotesSource(db: SproutDb, userId: string): NotesSource {
  return {
    readSaved: () => readSearchIndex(db, userId),
    writeSaved: (saved) => writeSearchIndex(db, userId, saved),
    readNotes: async (ids) => (await readNotesByIds(db, userId, ids)).map(toIndexed),
    readVersions: () => readNotesVersions(db, userId),
    readSummary: (after) => readNotesSummary(db, userId, after),
  };
}
