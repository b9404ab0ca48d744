// How screens reach the signed-in user's NotesSession: app/ creates the session and renders
// <NotesSessionProvider>; screens use the hooks below (tests render the provider with their own session).
import { createContext, useCallback, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { NOTE_ERRORS } from './messages';
import type { ConflictChoice } from '#core/conflict-resolution';
import type { MadeNote, NoteView } from './local-note';
import {
  NoteValidationError,
  type ConflictResolveResult,
  type NoteDeleteResult,
  type NoteInput,
  type NotePatch,
  type NoteTrashResult,
  type NotePlaceResult,
  type Placement,
  type NoteWriteResult,
  type TagRenameResult,
  type WriteOptions,
} from './notes-repository';
import type { CloudOutcome } from './cloud-outcome';
import type { NotesSession } from './notes-session';
import type { SyncStatus } from './sync-controller';

// undefined: no provider above (a mistake); null: nobody is signed in.
const NotesSessionContext = createContext<NotesSession | null | undefined>(undefined);

/** Provides `session` (null while nobody is signed in) to the notes hooks below it. */
export function NotesSessionProvider({ session, children }: { session: NotesSession | null; children: ReactNode }) {
  return <NotesSessionContext.Provider value={session}>{children}</NotesSessionContext.Provider>;
}

/** The signed-in user's notes session, or null when nobody is signed in. */
export function useNotesSession(): NotesSession | null {
  const session = useContext(NotesSessionContext);
  if (session === undefined) throw new Error('useNotesSession must be used inside <NotesSessionProvider>');
  return session;
}

/** What screens do with notes; without a session each action rejects with 'User not authenticated'. */
export interface NotesActions {
  /** Creates a note on this device (pending) and asks for a sync. Rejects with NoteValidationError. */
  createNote(input: NoteInput): Promise<NoteWriteResult>;
  /** Changes a note; pass `{ basedOn: note }`, the NoteView the screen edited [S20]. */
  updateNote(id: string | null | undefined, patch: NotePatch, options?: WriteOptions): Promise<NoteWriteResult>;
  /** Moves a note to the Trash [S29]; `{ basedOn: note }` as for updateNote. */
  deleteNote(id: string | null | undefined, options?: WriteOptions): Promise<NoteDeleteResult>;
  /** Brings a note back from the Trash [S29]; `{ basedOn: note }` as for updateNote. */
  restoreNote(id: string, options?: WriteOptions): Promise<NoteTrashResult>;
  /** Deletes for good a quick note left exactly as it was made (issue 33). */
  discardUntouched(created: MadeNote): Promise<{ discarded: boolean }>;
  /** Pins or archives a listed note, or undoes either (issue 33). */
  placeNote(id: string, placement: Placement): Promise<NotePlaceResult>;
  /**
   * Renames the tag `from` and those inside it to `to` in every note not deleted for good, archived and
   * trashed ones too; `to` null deletes it, leaving the words its `#tags` wrote (issue 33).
   */
  renameTag(from: string, to: string | null): Promise<TagRenameResult>;
  /** Deletes a note in the Trash for good [S30]. */
  deleteForever(id: string, options?: WriteOptions): Promise<NoteTrashResult>;
  /** Deletes the notes of `ids` still in the Trash for good [S30]. */
  emptyTrash(ids: readonly string[]): Promise<{ count: number; cloud: Promise<CloudOutcome> }>;
  /** Resolves the conflict copy `copy` against `original` as the screen showed them [S23]. */
  resolveConflict(copy: NoteView, original: NoteView | null, choice: ConflictChoice): Promise<ConflictResolveResult>;
  /**
   * The manual Sync action: rejects with SyncOfflineError when offline, the run's error when it fails.
   * `onDecided` hears its answer as soon as the run has decided it, before the run's last local writes
   * are done (not at all when the run's outcome is only known at its end) [S14].
   */
  syncNow(options?: { onDecided?: (result: { pushed: number }) => void }): Promise<{ pushed: number }>;
}

function withSession<T>(session: NotesSession | null, action: (session: NotesSession) => Promise<T>): Promise<T> {
  return Promise.resolve().then(() => {
    if (!session) throw new NoteValidationError(NOTE_ERRORS.notAuthenticated);
    return action(session);
  });
}

export function useNotesActions(): NotesActions {
  const session = useNotesSession();
  return useMemo(
    () => ({
      createNote: (input) => withSession(session, (s) => s.createNote(input)),
      updateNote: (id, patch, options) => withSession(session, (s) => s.updateNote(id, patch, options)),
      deleteNote: (id, options) => withSession(session, (s) => s.deleteNote(id, options)),
      restoreNote: (id, options) => withSession(session, (s) => s.restoreNote(id, options)),
      placeNote: (id, placement) => withSession(session, (s) => s.placeNote(id, placement)),
      discardUntouched: (created) => withSession(session, (s) => s.discardUntouched(created)),
      renameTag: (from, to) => withSession(session, (s) => s.renameTag(from, to)),
      deleteForever: (id, options) => withSession(session, (s) => s.deleteForever(id, options)),
      emptyTrash: (ids) => withSession(session, (s) => s.emptyTrash(ids)),
      resolveConflict: (copy, original, choice) =>
        withSession(session, (s) => s.resolveConflict(copy, original, choice)),
      syncNow: (options) => withSession(session, (s) => s.syncNow(options)),
    }),
    [session],
  );
}

const IDLE: SyncStatus = Object.freeze({ syncing: false, lastSyncedAt: null, lastError: null, failures: 0 });

/** Whether a sync runs, when the last one succeeded and the last error (idle without a session). */
export function useSyncStatus(): SyncStatus {
  return useSyncStatusOf(whole);
}

const whole = (status: SyncStatus) => status;

/**
 * One value derived from the sync status, a primitive (a new object each call would never settle): the
 * component re-renders only when that value changes, not with each sync's start and end (a start re-ran
 * the whole dashboard four times for nothing).
 */
export function useSyncStatusOf<T>(select: (status: SyncStatus) => T): T {
  const session = useNotesSession();
  const subscribe = useCallback(
    (listener: () => void) => (session ? session.subscribeSyncStatus(listener) : () => undefined),
    [session],
  );
  return useSyncExternalStore(
    subscribe,
    () => select(session?.getSyncStatus() ?? IDLE),
    () => select(IDLE),
  );
}
