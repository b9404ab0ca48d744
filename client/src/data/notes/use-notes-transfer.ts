// Taking all of the signed-in user's notes off this device (the export) and bringing notes in (the
// import), for Settings > Your data. Both work offline: they read and write IndexedDB only.
import { useMemo } from 'react';
import type { LocalNote } from '#core/sync-rules';
import { NOTE_ERRORS } from './messages';
import { useNotesSession } from './notes-context';
import type { ImportedNote, ImportLine } from './notes-import';
import { NoteValidationError } from './notes-repository';
import { readAllNotes } from './notes-snapshot';

export type Progress = (done: number, total: number) => void;

export interface NotesTransfer {
  /** Every live note of the user on this device, newest first. */
  readAll(onProgress?: Progress): Promise<LocalNote[]>;
  /** Imports notes as local writes (then synced); a line per note says what became of it. */
  importNotes(notes: readonly ImportedNote[], onProgress?: Progress): Promise<ImportLine[]>;
}

export function useNotesTransfer(): NotesTransfer {
  const session = useNotesSession();
  return useMemo(
    () => ({
      readAll: async (onProgress) => {
        if (!session?.db) throw new NoteValidationError(NOTE_ERRORS.notAuthenticated);
        return readAllNotes(session.db, session.userId, onProgress);
      },
      importNotes: async (notes, onProgress) => {
        if (!session) throw new NoteValidationError(NOTE_ERRORS.notAuthenticated);
        return session.importNotes(notes, onProgress);
      },
    }),
    [session],
  );
}
