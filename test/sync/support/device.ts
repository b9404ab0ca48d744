// A simulated device for sync tests: its own local store (whose writes it records), a fault-injecting
// connection to the shared server, an engine and a repository; `reload()` drops all in-memory state and
// reopens the store.
import type { NoteRow } from '#core/note';
import { NOTE_CONTENT_FIELDS, NOTE_FIELDS, type ContentField } from '#core/note-fields';
import type { MemberSpec } from '#core/note-values';
import type { LocalNote } from '#core/sync-rules';
import { isListed } from '#core/trash';
import type { LocalStore } from '../../../client/src/data/notes/local-store';
import { NotesRepository } from '../../../client/src/data/notes/notes-repository';
import type { RemoteNotes } from '../../../client/src/data/notes/remote-notes';
import { RemoteError } from '../../../client/src/data/notes/remote-notes';
import { SyncEngine } from '../../../client/src/data/notes/sync-engine';
import type { SyncReport } from '../../../client/src/data/notes/sync/sync-run';
import { FaultyRemote } from '../../../client/src/data/notes/testing/memory-remote';

export interface OpenedStore {
  store: LocalStore;
  /** Every local row of the user, tombstones included. */
  listAll(): Promise<LocalNote[]>;
  close(): void;
}

export interface Clock {
  offsetMs: number;
}

export interface DeviceOptions {
  name: string;
  userId: string;
  remote: RemoteNotes;
  openStore: () => OpenedStore;
  clock?: Clock;
  batchMaxRows?: number;
  batchMaxBytes?: number;
  pageSize?: number;
  /** Merge concurrent changes [S33] (default); off for the rules before it, to compare. */
  merges?: boolean;
  /** Ids of new notes and mutations (default random). */
  makeId?: () => string;
}

export class TestDevice {
  readonly name: string;
  readonly userId: string;
  readonly remote: FaultyRemote;
  /** The store's writes, in order (a scenario empties it to count a run's transactions). */
  readonly writes: StoreWrite[] = [];
  private opened!: OpenedStore;
  private recording!: RecordingStore;
  engine!: SyncEngine;
  repo!: NotesRepository;

  constructor(private readonly options: DeviceOptions) {
    this.name = options.name;
    this.userId = options.userId;
    this.remote = new FaultyRemote(options.remote);
    this.open();
  }

  get store(): LocalStore {
    return this.recording;
  }

  private now = (): Date => new Date(Date.now() + (this.options.clock?.offsetMs ?? 0));

  private open(): void {
    this.opened = this.options.openStore();
    this.recording = new RecordingStore(this.opened.store, this.writes);
    this.engine = new SyncEngine({
      userId: this.userId,
      local: this.recording,
      remote: this.remote,
      now: this.now,
      batchMaxRows: this.options.batchMaxRows,
      batchMaxBytes: this.options.batchMaxBytes,
      pageSize: this.options.pageSize,
      merges: this.options.merges,
      makeId: this.options.makeId,
    });
    this.repo = new NotesRepository({
      store: this.recording,
      getUserId: () => this.userId,
      now: this.now,
      merges: this.options.merges,
      makeId: this.options.makeId,
    });
  }

  /** Like closing the tab and opening it again: only what is stored survives. */
  reload(): void {
    this.opened.close();
    this.open();
  }

  set offline(value: boolean) {
    this.remote.offline = value;
  }

  get offline(): boolean {
    return this.remote.offline;
  }

  sync(): Promise<SyncReport> {
    return this.engine.sync();
  }

  /** A sync whose network failures are expected (offline, lost answers); other errors still throw. */
  async trySync(): Promise<SyncReport | null> {
    try {
      return await this.engine.sync();
    } catch (error) {
      if (error instanceof RemoteError && error.kind === 'network') return null;
      throw error;
    }
  }

  async all(): Promise<LocalNote[]> {
    return this.opened.listAll();
  }

  /** Notes the device holds, in the lists or in the Trash: everything but tombstones. */
  async live(): Promise<LocalNote[]> {
    return (await this.all()).filter((note) => note.deleted_at === null);
  }

  /** Notes the lists show: not in the Trash [S29]. */
  async listed(): Promise<LocalNote[]> {
    return (await this.all()).filter(isListed);
  }

  /** A deletion for good, as a user makes one: to the Trash, then 'Delete forever' [S30]. */
  async deleteForGood(id: string): Promise<void> {
    await this.repo.deleteNote(id);
    await this.repo.deleteForever(id);
  }

  async note(id: string): Promise<LocalNote | undefined> {
    return this.recording.get(id);
  }

  close(): void {
    this.opened.close();
  }
}

/** A write of the LocalStore, each its own transaction. */
export type StoreWrite = 'modify' | 'settle' | 'markSent' | 'setMeta' | 'clearUser';

/** A LocalStore that notes each write in `writes` and hands every call on. */
class RecordingStore implements LocalStore {
  constructor(
    private readonly inner: LocalStore,
    private readonly writes: StoreWrite[],
  ) {}

  get(id: string) {
    return this.inner.get(id);
  }
  listPending(userId: string) {
    return this.inner.listPending(userId);
  }
  listSyncedIds(userId: string) {
    return this.inner.listSyncedIds(userId);
  }
  getMeta(userId: string) {
    return this.inner.getMeta(userId);
  }
  countUnsynced(userId: string) {
    return this.inner.countUnsynced(userId);
  }
  modify(...args: Parameters<LocalStore['modify']>) {
    this.writes.push('modify');
    return this.inner.modify(...args);
  }
  settle(...args: Parameters<LocalStore['settle']>) {
    this.writes.push('settle');
    return this.inner.settle(...args);
  }
  markSent(...args: Parameters<LocalStore['markSent']>) {
    this.writes.push('markSent');
    return this.inner.markSent(...args);
  }
  setMeta(...args: Parameters<LocalStore['setMeta']>) {
    this.writes.push('setMeta');
    return this.inner.setMeta(...args);
  }
  clearUser(userId: string) {
    this.writes.push('clearUser');
    return this.inner.clearUser(userId);
  }
}

/** The parts of a note two sides must agree on: its id and content (core/note-fields.ts). */
export type Comparable = Pick<NoteRow, 'id' | ContentField>;

/** A value rebuilt with only its declared members, in their order: stored JSON may hold them in any order. */
function declared(spec: MemberSpec, value: unknown): unknown {
  if (value === null || value === undefined) return value ?? null;
  if (spec.type === 'optional') return declared(spec.of, value);
  if (spec.type === 'list') return (value as unknown[]).map((item) => declared(spec.of, item));
  if (spec.type !== 'record') return value;
  const members = value as Record<string, unknown>;
  // An absent optional member (an item's date) stays absent.
  return Object.fromEntries(
    Object.entries(spec.fields).flatMap(([name, member]) =>
      member.type === 'optional' && members[name] === undefined ? [] : [[name, declared(member, members[name])]],
    ),
  );
}

export function comparable(note: Comparable): { id: string } & Record<ContentField, unknown> {
  return <{ id: string } & Record<ContentField, unknown>>{
    id: note.id,
    ...Object.fromEntries(NOTE_CONTENT_FIELDS.map((field) => [field, declared(NOTE_FIELDS[field].value, note[field])])),
  };
}

export function byId<T extends { id: string }>(notes: readonly T[]): T[] {
  return [...notes].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
