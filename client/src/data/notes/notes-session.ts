// One signed-in user's notes on this device: the repository screens write through [S1] and the sync
// engine with the controller that decides when it runs [S14]. app/ makes one per signed-in user and
// provides it (notes-context.tsx); tests build one on MemoryLocalStore and MemoryRemote.
import type { ConflictChoice } from '#core/conflict-resolution';
import type { StartLiveChanges } from './live-changes';
import type { SproutDb } from './local-db';
import type { MadeNote, NoteView } from './local-note';
import { clearNotesActivity } from '../../lib/device-storage';
import type { LocalStore } from './local-store';
import { NOTE_ERRORS, type ToastMessage } from './messages';
import type { ImportedNote, ImportLine } from './notes-import';
import {
  NotesRepository,
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
import { RemoteError, type RemoteNotes } from './remote-notes';
import { SyncController, type SyncControllerOptions, type SyncStatus } from './sync-controller';
import type { SyncEngine } from './sync-engine';

/** How long a manual sync asked before the session connected waits for the connection. */
export const CONNECT_WAIT_MS = 5000;

/** Resolves when `promise` does, or after `ms`. */
function settledWithin(promise: Promise<void>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([promise, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]).finally(() =>
    clearTimeout(timer),
  );
}

export interface NotesSessionOptions {
  userId: string;
  /** This device's notes (IndexedDB in the app). */
  store: LocalStore;
  /** The database the live queries read (queries.ts); null for a store that is not IndexedDB. */
  db?: SproutDb | null;
  /** Shows the automatic sync's failure toasts ('Error fetching notes', 'Sync failed'). */
  notify?: (message: ToastMessage) => void;
  /** Controller settings (tests: no timers' targets, short debounce, an `isOnline` switch). */
  controller?: Partial<Omit<SyncControllerOptions, 'userId' | 'run' | 'notify'>>;
}

/**
 * The notes of the user `userId`. Writes work at once (on this device); sync starts with `connect()`,
 * once the server connection exists, and stops with `stop()` (sign-out, another user).
 */
export class NotesSession {
  readonly userId: string;
  readonly db: SproutDb | null;
  readonly store: LocalStore;
  private readonly repository: NotesRepository;
  private readonly controller: SyncController;
  private engine: SyncEngine | null = null;
  private running = false;
  /** Settles at the first connect() or stop(): a manual sync asked before the connection waits for it. */
  private readonly settled: Promise<void>;
  private settle = () => {};
  private stopped = false;
  /** Counts connect() and stop() calls: a connect still loading the engine's code after a later one gives up. */
  private generation = 0;
  private stopLive: (() => void) | null = null;

  constructor(options: NotesSessionOptions) {
    this.settled = new Promise((resolve) => {
      this.settle = resolve;
    });
    this.userId = options.userId;
    this.db = options.db ?? null;
    this.store = options.store;
    this.controller = new SyncController({
      ...options.controller,
      userId: options.userId,
      run: (observer) =>
        this.engine
          ? this.engine.sync(observer)
          : Promise.reject(new RemoteError('network', 'Sync has not started yet')),
      pulledThrough: async () => (await options.store.getMeta(options.userId)).lastPulledRevision,
      notify: options.notify,
    });
    this.repository = new NotesRepository({
      store: options.store,
      getUserId: () => options.userId,
      syncAfterWrite: () => this.controller.afterWrite(),
    });
  }

  /**
   * Starts syncing with the server: a run at once, then on the triggers of [S14], and, given the
   * server's change feed, a pull on each of its hints [S21]. The engine's code (and the schemas it checks
   * rows with) loads here, not with the notes: showing and writing notes never waits for it (issue 10).
   * Resolves once sync runs, or at once when stop() or another connect() came first.
   */
  async connect(remote: RemoteNotes, live?: StartLiveChanges): Promise<void> {
    const generation = ++this.generation;
    const { SyncEngine } = await import('./sync-engine');
    if (generation !== this.generation) return;
    this.engine = new SyncEngine({ userId: this.userId, local: this.store, remote });
    this.running = true;
    this.settle();
    this.controller.start();
    this.stopLive?.();
    this.stopLive =
      live?.({
        onHint: (revision) => this.controller.remoteChanged(revision),
        onHealth: (healthy) => this.controller.setLive(healthy),
      }) ?? null;
  }

  /** Stops syncing (timers, listeners, the change feed); writes still go to this device. */
  stop(): void {
    this.generation++;
    this.running = false;
    this.stopped = true;
    this.settle();
    this.stopLive?.();
    this.stopLive = null;
    this.controller.stop();
  }

  /** Creates a note on this device (pending) and asks for a sync. Throws NoteValidationError. */
  createNote(input: NoteInput): Promise<NoteWriteResult> {
    return this.repository.createNote(input);
  }

  /**
   * Changes a note on this device (pending) and asks for a sync. Pass `{ basedOn: note }`, the NoteView
   * the screen edited [S20]. Throws NoteValidationError.
   */
  updateNote(id: string | null | undefined, patch: NotePatch, options?: WriteOptions): Promise<NoteWriteResult> {
    return this.repository.updateNote(id, patch, options);
  }

  /** Moves a note to the Trash on this device (pending) and asks for a sync [S29]. Throws NoteValidationError. */
  deleteNote(id: string | null | undefined, options?: WriteOptions): Promise<NoteDeleteResult> {
    return this.repository.deleteNote(id, options);
  }

  /** Brings a note back from the Trash [S29]. */
  restoreNote(id: string, options?: WriteOptions): Promise<NoteTrashResult> {
    return this.repository.restoreNote(id, options);
  }

  /** Deletes for good a quick note left exactly as it was made (issue 33). */
  discardUntouched(created: MadeNote): Promise<{ discarded: boolean }> {
    return this.repository.discardUntouched(created);
  }

  /** Pins or archives a listed note, or undoes either (issue 33). */
  placeNote(id: string, placement: Placement): Promise<NotePlaceResult> {
    return this.repository.placeNote(id, placement);
  }

  /** Renames a tag (and the tags inside it) in every note, or deletes it with `to` null (issue 33). */
  renameTag(from: string, to: string | null): Promise<TagRenameResult> {
    return this.repository.renameTag(from, to);
  }

  /** Deletes a note in the Trash for good (a pending tombstone) [S30]. */
  deleteForever(id: string, options?: WriteOptions): Promise<NoteTrashResult> {
    return this.repository.deleteForever(id, options);
  }

  /** Deletes every note in the Trash for good [S30]: those of `ids` still there. */
  emptyTrash(ids: readonly string[]): Promise<{ count: number; cloud: Promise<CloudOutcome> }> {
    return this.repository.emptyTrash(ids);
  }

  /** Resolves a conflict copy against the note it conflicts with [S23]. */
  resolveConflict(copy: NoteView, original: NoteView | null, choice: ConflictChoice): Promise<ConflictResolveResult> {
    return this.repository.resolveConflict(copy, original, choice);
  }

  /**
   * Imports notes from a file onto this device (pending, like any local write) and asks for a sync.
   * Idempotent: notes already here are left as they are; another version of one becomes a conflict copy.
   */
  async importNotes(
    notes: readonly ImportedNote[],
    onProgress?: (done: number, total: number) => void,
  ): Promise<ImportLine[]> {
    const { importNotes } = await import('./notes-import');
    const lines = await importNotes(this.store, this.userId, notes, { onProgress });
    if (lines.some((line) => line.status === 'created' || line.status === 'conflict-copy'))
      void this.controller.afterWrite();
    return lines;
  }

  /**
   * The manual Sync action. Throws SyncOfflineError when offline, the run's error when it fails, and
   * NoteValidationError('User not authenticated') while sync is not running (stopped, or not connected
   * within CONNECT_WAIT_MS: app/ connects once the first screen is shown, and the server connection's
   * code loads then).
   */
  async syncNow(options?: { onDecided?: (result: { pushed: number }) => void }): Promise<{ pushed: number }> {
    if (!this.running && !this.stopped) await settledWithin(this.settled, CONNECT_WAIT_MS);
    if (!this.running) throw new NoteValidationError(NOTE_ERRORS.notAuthenticated);
    return this.controller.syncNow(options);
  }

  getSyncStatus(): SyncStatus {
    return this.controller.getStatus();
  }

  subscribeSyncStatus(listener: () => void): () => void {
    return this.controller.subscribe(listener);
  }

  /** Changes of this user not yet on the server (pending or refused): what sign-out would lose. */
  countUnsynced(): Promise<number> {
    return this.store.countUnsynced(this.userId);
  }

  /**
   * Sign-out, step 1 (ARCHITECTURE 4): tries one sync (while sync runs), then returns how many changes
   * would be lost by clearing this device. The caller asks the user when that is more than 0.
   */
  async syncBeforeSignOut(): Promise<{ unsynced: number }> {
    try {
      if (this.running) await this.controller.syncNow();
    } catch {
      // Offline or failing: the count below says what is at stake.
    }
    return { unsynced: await this.countUnsynced() };
  }

  /** Sign-out, step 2 (and account deletion): stops sync and removes the user's notes, bookkeeping and activity. */
  async clearDevice(): Promise<void> {
    this.stop();
    await clearUserNotes(this.store, this.userId);
  }
}

/** Removes a user's notes, sync bookkeeping and note activity from this device, with or without a session. */
export async function clearUserNotes(store: LocalStore, userId: string): Promise<void> {
  await store.clearUser(userId);
  clearNotesActivity(userId);
}
