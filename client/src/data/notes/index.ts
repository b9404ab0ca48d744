// The notes data layer's one face (docs/sync.md): everything outside client/src/data/notes imports from
// here. The session and its context for app/ and screens, the live queries, the spec's texts for notes
// and sync, and the building blocks app/ wires a session from (IndexedDB store, server connection).
export type { CloudOutcome } from './cloud-outcome';
export type { LiveChangesOptions, StartLiveChanges } from './live-changes';
export type { ConflictChoice } from '#core/conflict-resolution';
export { useConflictOriginal } from './conflict-queries';
export { useAwaitingFirstPull } from './first-pull';
export { openSproutDb, type SproutDb } from './local-db';
export type { MadeNote, NoteView } from './local-note';
export { DexieLocalStore, type LocalStore } from './local-store';
export {
  DELETE_CHECKLIST_CONFIRM,
  DELETE_NOTE_CONFIRM,
  NOTE_ERRORS,
  NOTE_MESSAGES,
  restoredMessage,
  syncStateLabel,
  syncSucceededMessage,
  type ToastMessage,
} from './messages';
export type { ImportedNote, ImportLine, ImportStatus } from './notes-import';
export { readAllNotes, watchNotesChanges } from './notes-snapshot';
export {
  NotesSessionProvider,
  useNotesActions,
  useNotesSession,
  useSyncStatus,
  useSyncStatusOf,
  type NotesActions,
} from './notes-context';
export {
  NoteValidationError,
  TAG_NAME_INVALID,
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
export { clearUserNotes, NotesSession, type NotesSessionOptions } from './notes-session';
export { deviceClearsOwed, oweDeviceClear, payOwedClears, settleDeviceClear } from './owed-clears';
export {
  NOTES_ORDERS,
  PAGE_SIZE,
  RECENT_IDEAS_LIMIT,
  type NotesKind,
  type NotesOrder,
  type NotesPage,
} from './notes-page';
export { livePage } from './live-pages';
export {
  useLiveNotesCount,
  useTagCounts,
  useLinkSuggester,
  useLinkTarget,
  useLinkingNotes,
  type LinkTarget,
  useNote,
  useNotesPage,
  usePendingCount,
  useRecentIdeasPage,
  useStablePage,
  useTrashPage,
  useArchivePage,
} from './queries';
export type { RemoteNotes } from './remote-notes';
export { requestPersistentStorage } from './persistent-storage';
export { sameValue } from './shared-views';
export type { NotesClient } from './supabase-remote';
/** The server connection (REST through supabase-js, rows checked on the way in), loaded when sync starts. */
export const loadSupabaseRemote = () => import('./supabase-remote').then((module) => module.SupabaseRemote);
/** The change feed's code [S21], loaded when sync connects, as the server's adapter is. */
export const loadLiveChanges = () => import('./live-changes').then((module) => module.startLiveChanges);
export { SyncOfflineError, type SyncStatus } from './sync-controller';
export { useManualSync } from './use-manual-sync';
export { useNotesTransfer, type NotesTransfer, type Progress } from './use-notes-transfer';
export { notifyWrite, writeKindOf } from './write-toasts';
export { useDueNotes, useDues, type DueRange } from './due-queries';
