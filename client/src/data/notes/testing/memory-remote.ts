// Test doubles for the server: an in-memory server with the same write rules as the database triggers
// (server/src/db/migrations/001_initial.sql, 012_trash.sql), and a wrapper that injects offline periods and lost answers.
import type { NoteRow, NoteWritable } from '#core/note';
import { RemoteError, type HistoryMarks, type PulledPage, type RemoteNotes } from '../remote-notes';
import { pickContent, TOMBSTONE_CONTENT } from '#core/sync-rules';
import { isListed } from '#core/trash';

/** One user's notes table, as the REST API and its triggers behave. */
export class MemoryServer {
  readonly rows = new Map<string, NoteRow>();
  private revision = 0;
  /** The highest revision the purge removed [S10]; 0 before any. */
  purgedThrough = 0;

  upsert(rows: readonly NoteWritable[]): NoteRow[] {
    // One statement: a conflict on any row refuses them all.
    const next = new Map(this.rows);
    let revision = this.revision;
    const stored: NoteRow[] = [];
    for (const row of rows) {
      const existing = next.get(row.id);
      if (existing && row.base_revision !== null && row.base_revision !== existing.revision) {
        throw new RemoteError('conflict', 'The note changed on the server since this edit was made', {
          status: 409,
          currentRow: { ...existing },
        });
      }
      revision += 1;
      // [S30] A tombstone that does not say when its note went to the Trash (an older client's delete), of a
      // note in the lists, is a move to the Trash that keeps the stored content.
      const trashInstead =
        existing !== undefined && row.deleted_at !== null && row.trashed_at === null && isListed(existing);
      const written: NoteRow = {
        id: row.id,
        user_id: row.user_id,
        ...(trashInstead
          ? { ...pickContent(existing), trashed_at: row.deleted_at }
          : row.deleted_at !== null
            ? TOMBSTONE_CONTENT
            : pickContent(row)),
        created_at: row.created_at,
        updated_at: row.updated_at,
        revision,
        deleted_at: trashInstead ? null : row.deleted_at,
        last_mutation_id: row.last_mutation_id,
      };
      next.set(row.id, written);
      stored.push({ ...written });
    }
    this.rows.clear();
    for (const [id, row] of next) this.rows.set(id, row);
    this.revision = revision;
    return stored;
  }

  /** A plain write without a base revision (another client, or the spec's PATCH): always applies. */
  write(row: NoteWritable): NoteRow {
    const [stored] = this.upsert([{ ...row, base_revision: null }]);
    if (!stored) throw new Error('nothing stored');
    return stored;
  }

  changes(afterRevision: number, limit: number, liveOnly: boolean, beforeRevision = Infinity): NoteRow[] {
    return [...this.rows.values()]
      .filter(
        (row) =>
          row.revision > afterRevision && row.revision < beforeRevision && (!liveOnly || row.deleted_at === null),
      )
      .sort((a, b) => a.revision - b.revision)
      .slice(0, limit)
      .map((row) => ({ ...row }));
  }

  /** Hard-deletes every tombstone, as the purge does once they are older than the retention [S10]. */
  purgeTombstones(): void {
    for (const [id, row] of this.rows) {
      if (row.deleted_at === null) continue;
      this.rows.delete(id);
      this.purgedThrough = Math.max(this.purgedThrough, row.revision);
    }
  }

  live(): NoteRow[] {
    return [...this.rows.values()].filter((row) => row.deleted_at === null);
  }
}

/** RemoteNotes over a MemoryServer, recording the requests it makes. */
export class MemoryRemote implements RemoteNotes {
  readonly upserts: NoteWritable[][] = [];
  /** The history marks each upsert named (the real server's Sprout-History; the memory server keeps no history). */
  readonly historyMarks: Map<string, string>[] = [];

  constructor(readonly server: MemoryServer) {}

  async upsert(rows: readonly NoteWritable[], history?: HistoryMarks): Promise<NoteRow[]> {
    this.upserts.push(rows.map((row) => ({ ...row })));
    this.historyMarks.push(new Map(history));
    return this.server.upsert(structuredClone(rows));
  }

  async pullChanges(afterRevision: number, limit: number, beforeRevision?: number): Promise<PulledPage> {
    return {
      rows: this.server.changes(afterRevision, limit, false, beforeRevision),
      purgedThrough: this.server.purgedThrough,
    };
  }

  async pullLive(afterRevision: number, limit: number): Promise<PulledPage> {
    return { rows: this.server.changes(afterRevision, limit, true), purgedThrough: this.server.purgedThrough };
  }
}

/**
 * Wraps any RemoteNotes: `offline` makes every call fail as a network error before reaching the server;
 * `loseNextAnswers` lets the next upserts reach the server and then fails them as if the answer was lost;
 * `afterUpsert` runs once an upsert has reached the server, before its answer does (what the device or
 * the connection does meanwhile).
 */
export class FaultyRemote implements RemoteNotes {
  offline = false;
  loseNextAnswers = 0;
  afterUpsert: (() => void | Promise<void>) | null = null;
  /** Rows with these ids are refused as invalid (4xx), as the server would refuse bad data. */
  readonly refuseIds = new Set<string>();
  /** Sizes of the upserts that reached the server. */
  readonly upsertSizes: number[] = [];

  constructor(private readonly inner: RemoteNotes) {}

  async upsert(rows: readonly NoteWritable[], history?: HistoryMarks): Promise<NoteRow[]> {
    this.check();
    if (rows.some((row) => this.refuseIds.has(row.id))) {
      throw new RemoteError('rejected', 'new row for relation "notes" violates the rules of column "title"', {
        status: 400,
      });
    }
    this.upsertSizes.push(rows.length);
    const result = await this.inner.upsert(rows, history);
    await this.afterUpsert?.();
    if (this.loseNextAnswers > 0) {
      this.loseNextAnswers -= 1;
      throw new RemoteError('network', 'TypeError: fetch failed (answer lost)');
    }
    return result;
  }

  async pullChanges(afterRevision: number, limit: number, beforeRevision?: number): Promise<PulledPage> {
    this.check();
    return this.inner.pullChanges(afterRevision, limit, beforeRevision);
  }

  async pullLive(afterRevision: number, limit: number): Promise<PulledPage> {
    this.check();
    return this.inner.pullLive(afterRevision, limit);
  }

  private check(): void {
    if (this.offline) throw new RemoteError('network', 'TypeError: fetch failed (offline)');
  }
}
