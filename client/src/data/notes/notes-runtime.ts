// The notes data layer for the signed-in user: startNotesSync() wires IndexedDB, the server and the sync
// triggers together; the plain functions below are what screens call. One session is active at a time.
import type { SupabaseClient } from '@supabase/supabase-js';
import { getNotesDb, type SproutDb } from './local-db';
import { clearNotesActivity } from './local-keys';
import { DexieLocalStore } from './local-store';
import type { ToastMessage } from './messages';
import { NOTE_ERRORS } from './messages';
import {
  NotesRepository,
  NoteValidationError,
  type NoteDeleteResult,
  type NoteInput,
  type NotePatch,
  type NoteWriteResult,
  type WriteOptions,
} from './notes-repository';
import type { RemoteNotes } from './remote-notes';
import { SupabaseRemote } from './supabase-remote';
import { SyncController, type SyncControllerOptions, type SyncStatus } from './sync-controller';
import { SyncEngine } from './sync-engine';

export interface StartNotesSyncOptions {
  supabase: SupabaseClient;
  userId: string;
  /** Shows the automatic sync's failure toasts ('Error fetching notes', 'Sync failed'). */
  notify?: (message: ToastMessage) => void;
  db?: SproutDb;
  /** For tests: another server connection, or controller settings. */
  remote?: RemoteNotes;
  controller?: Partial<Omit<SyncControllerOptions, 'userId' | 'run' | 'notify'>>;
}

export interface NotesSession {
  userId: string;
  db: SproutDb;
  repository: NotesRepository;
  engine: SyncEngine;
  controller: SyncController;
  stop(): void;
}

let active: NotesSession | null = null;
const sessionListeners = new Set<() => void>();

function setActive(session: NotesSession | null): void {
  active = session;
  for (const listener of sessionListeners) listener();
}

/**
 * Starts the notes data layer for a signed-in user (call when the session appears; `stop()` on
 * sign-out or when the user changes). Syncs at once, then on the triggers of [S14].
 */
export function startNotesSync(options: StartNotesSyncOptions): NotesSession {
  active?.stop();
  const db = options.db ?? getNotesDb();
  const store = new DexieLocalStore(db);
  const remote = options.remote ?? new SupabaseRemote(options.supabase, options.userId);
  const engine = new SyncEngine({ userId: options.userId, local: store, remote });
  const controller = new SyncController({ ...options.controller, userId: options.userId, run: () => engine.sync(), notify: options.notify });
  const repository = new NotesRepository({
    store,
    getUserId: () => options.userId,
    syncAfterWrite: () => controller.afterWrite(),
  });
  const session: NotesSession = {
    userId: options.userId,
    db,
    repository,
    engine,
    controller,
    stop() {
      controller.stop();
      if (active === session) setActive(null);
    },
  };
  setActive(session);
  void requestPersistentStorage();
  controller.start();
  return session;
}

export function getNotesSession(): NotesSession | null {
  return active;
}

/** Calls `listener` when a session starts or stops. */
export function onNotesSessionChange(listener: () => void): () => void {
  sessionListeners.add(listener);
  return () => sessionListeners.delete(listener);
}

function repository(): NotesRepository {
  if (!active) throw new NoteValidationError(NOTE_ERRORS.notAuthenticated);
  return active.repository;
}

/** Creates a note on this device (pending) and asks for a sync. Throws NoteValidationError. */
export function createNote(input: NoteInput): Promise<NoteWriteResult> {
  return Promise.resolve().then(() => repository().createNote(input));
}

/**
 * Changes a note on this device (pending) and asks for a sync. Pass `{ basedOn: note.version }` from the
 * NoteView the screen edited [S20]. Throws NoteValidationError.
 */
export function updateNote(id: string | null | undefined, patch: NotePatch, options?: WriteOptions): Promise<NoteWriteResult> {
  return Promise.resolve().then(() => repository().updateNote(id, patch, options));
}

/** Deletes a note on this device (a pending tombstone) and asks for a sync. Throws NoteValidationError. */
export function deleteNote(id: string | null | undefined, options?: WriteOptions): Promise<NoteDeleteResult> {
  return Promise.resolve().then(() => repository().deleteNote(id, options));
}

/** The manual Sync action. Throws SyncOfflineError when offline, the run's error when it fails. */
export async function syncNow(): Promise<{ pushed: number }> {
  if (!active) throw new NoteValidationError(NOTE_ERRORS.notAuthenticated);
  return active.controller.syncNow();
}

export function getSyncStatus(): SyncStatus | null {
  return active?.controller.getStatus() ?? null;
}

/** Changes of this user not yet on the server (pending or refused): what sign-out would lose. */
export function pendingChangesCount(userId: string, db: SproutDb = active?.db ?? getNotesDb()): Promise<number> {
  return new DexieLocalStore(db).countUnsynced(userId);
}

/**
 * Sign-out, step 1 (ARCHITECTURE 4): tries one sync, then returns how many changes would be lost by
 * clearing this device. The caller asks the user when that is more than 0.
 */
export async function syncBeforeSignOut(userId: string): Promise<{ unsynced: number }> {
  if (active && active.userId === userId) {
    try {
      await active.controller.syncNow();
    } catch {
      // Offline or failing: the count below says what is at stake.
    }
  }
  return { unsynced: await pendingChangesCount(userId) };
}

/** Sign-out, step 2: stops sync and removes the user's notes, sync bookkeeping and note activity. */
export async function clearLocalNotes(userId: string, db: SproutDb = active?.db ?? getNotesDb()): Promise<void> {
  if (active?.userId === userId) active.stop();
  await new DexieLocalStore(db).clearUser(userId);
  clearNotesActivity(userId);
}

let persistRequested: Promise<boolean> | null = null;

/** Asks the browser once to keep this origin's storage under pressure (notes live only here until synced). */
export function requestPersistentStorage(): Promise<boolean> {
  persistRequested ??= (async () => {
    try {
      const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
      if (!storage?.persist) return false;
      if (storage.persisted && (await storage.persisted())) return true;
      return await storage.persist();
    } catch {
      return false;
    }
  })();
  return persistRequested;
}
