// The sync engine (docs/sync.md): pushes pending local changes, resolves 409s, pulls by revision. Pure
// logic over the LocalStore and RemoteNotes interfaces; the rules themselves are in core/sync-rules.
import type { NoteRow, NoteWritable } from '#core/note';
import { noteWritableSchema } from '#core/note';
import { randomUuid } from '#core/random-id';
import type { LocalChanges, LocalNote, RevisionSpan } from '#core/sync-rules';
import {
  landedSpan,
  needsFullResync,
  planBatches,
  pulledRow,
  pullWindows,
  pushAccepted,
  pushConflict,
  pushRejected,
  removedByFullResync,
  toWire,
} from '#core/sync-rules';
import type { LocalStore } from './local-store';
import { RemoteError, type RemoteNotes } from './remote-notes';

export interface SyncReport {
  /** Notes the server confirmed in this run (accepted, or found already there on a resend). */
  pushed: number;
  /** Server rows read. */
  pulled: number;
  /** Conflict copies made [S7]. */
  conflicts: number;
  /** Notes refused for good and put in the error state [S13]. */
  rejected: number;
  fullResync: boolean;
}

export interface SyncEngineOptions {
  userId: string;
  local: LocalStore;
  remote: RemoteNotes;
  now?: () => Date;
  makeId?: () => string;
  /** Rows per pull request. */
  pageSize?: number;
  batchMaxRows?: number;
  batchMaxBytes?: number;
}

/** Push rounds per run: conflict copies and rebased notes are pushed again in the same run. */
const MAX_PUSH_ROUNDS = 5;

export class SyncEngine {
  private readonly userId: string;
  private readonly local: LocalStore;
  private readonly remote: RemoteNotes;
  private readonly now: () => Date;
  private readonly makeId: () => string;
  private readonly pageSize: number;
  private readonly batchMaxRows: number | undefined;
  private readonly batchMaxBytes: number | undefined;

  constructor(options: SyncEngineOptions) {
    this.userId = options.userId;
    this.local = options.local;
    this.remote = options.remote;
    this.now = options.now ?? (() => new Date());
    this.makeId = options.makeId ?? randomUuid;
    this.pageSize = options.pageSize ?? 500;
    this.batchMaxRows = options.batchMaxRows;
    this.batchMaxBytes = options.batchMaxBytes;
  }

  /** One run: push, pull, then push what the pull rebased. Throws on network, server or auth errors. */
  async sync(): Promise<SyncReport> {
    const report: SyncReport = { pushed: 0, pulled: 0, conflicts: 0, rejected: 0, fullResync: false };
    // What this run's pushes wrote is on the device already: the pull skips it (1,000 pushed notes are
    // not read back).
    const landed: RevisionSpan[] = [];
    // One round before the pull: what it turns into new pending work (a conflict copy, a note edited
    // while it was sent) goes with what the pull rebases, in the push after it, and a run with nothing
    // of the kind does not list the pending notes once more for nothing.
    await this.push(report, landed, 1);
    await this.pull(report, landed);
    await this.push(report);
    return report;
  }

  /**
   * Pushes the pending notes, in up to `rounds` rounds (a round pushes again what the one before turned
   * into new pending work); `landed` collects the revision spans of the accepted upserts.
   */
  async push(report: SyncReport = emptyReport(), landed: RevisionSpan[] = [], rounds = MAX_PUSH_ROUNDS): Promise<SyncReport> {
    const attempted = new Set<string>();
    for (let round = 0; round < rounds; round++) {
      // A note is pushed again in this run only once its mutation or base changed (rebase, conflict copy).
      const pending = (await this.local.listPending(this.userId)).filter(
        (note) => note.user_id === this.userId && note.mutation_id !== null && !attempted.has(attemptKey(note)),
      );
      if (pending.length === 0) break;
      for (const note of pending) attempted.add(attemptKey(note));

      const rows: NoteWritable[] = [];
      const invalid: { note: LocalNote; message: string }[] = [];
      for (const note of pending) {
        const checked = noteWritableSchema.safeParse(toWire(note));
        if (checked.success) rows.push(checked.data);
        else invalid.push({ note, message: invalidMessage(checked.error.issues) });
      }
      if (invalid.length > 0) {
        await this.local.modify(
          invalid.map(({ note }) => note.id),
          (current) => merge(invalid.map(({ note, message }) => pushRejected(current.get(note.id), note.mutation_id ?? '', message))),
        );
        report.rejected += invalid.length;
      }
      for (const batch of planBatches(rows, this.batchMaxRows, this.batchMaxBytes)) await this.pushBatch(batch, report, landed);
    }
    return report;
  }

  private async pushBatch(batch: NoteWritable[], report: SyncReport, landed: RevisionSpan[]): Promise<void> {
    await this.local.markSent(this.userId, batch.map((row) => ({ id: row.id, mutationId: row.last_mutation_id ?? '' })));
    let remaining = batch;
    while (remaining.length > 0) {
      try {
        const stored = await this.remote.upsert(remaining);
        const span = await this.applyAccepted(remaining, stored);
        if (span) landed.push(span);
        report.pushed += remaining.length;
        return;
      } catch (error) {
        if (!(error instanceof RemoteError)) throw error;
        const conflicting = error.kind === 'conflict' ? remaining.find((row) => row.id === error.currentRow?.id) : undefined;
        if (conflicting && error.currentRow) {
          await this.applyConflict(conflicting, error.currentRow, report);
          remaining = remaining.filter((row) => row !== conflicting);
        } else if (error.kind === 'rejected' || error.kind === 'conflict') {
          // Which row was refused is unknown in a batch: send them one by one.
          if (remaining.length === 1) {
            const [row] = remaining as [NoteWritable];
            await this.local.modify([row.id], (current) => pushRejected(current.get(row.id), row.last_mutation_id ?? '', error.message));
            report.rejected += 1;
            return;
          }
          for (const row of remaining) await this.pushBatch([row], report, landed);
          return;
        } else {
          throw error;
        }
      }
    }
  }

  /**
   * Applies an accepted upsert's rows. Returns their revision span when every sent row came back and had
   * its local copy, so that reading them again in the pull would change nothing [S11].
   */
  private async applyAccepted(sent: readonly NoteWritable[], stored: readonly NoteRow[]): Promise<RevisionSpan | null> {
    const byId = new Map(stored.map((row) => [row.id, row]));
    let complete = stored.length === sent.length;
    await this.local.modifyPending(
      this.userId,
      sent.map((row) => row.id),
      (current) =>
        merge(
          sent.map((row) => {
            const storedRow = byId.get(row.id);
            const local = current.get(row.id);
            if (!storedRow || !local) complete = false;
            return storedRow ? pushAccepted(local, row.last_mutation_id ?? '', storedRow) : { put: [], delete: [] };
          }),
        ),
    );
    return complete ? landedSpan(stored) : null;
  }

  private async applyConflict(sent: NoteWritable, currentRow: NoteRow, report: SyncReport): Promise<void> {
    const now = this.now().toISOString();
    await this.local.modify([sent.id], (current) => {
      const resolution = pushConflict(current.get(sent.id), sent.last_mutation_id ?? '', currentRow, {
        id: this.makeId(),
        mutationId: this.makeId(),
        now,
      });
      if (resolution.outcome === 'duplicate') report.pushed += 1;
      if (resolution.outcome === 'conflict-copy') report.conflicts += 1;
      return resolution.changes;
    });
  }

  /** Pulls what is new; an incremental pull skips the revision spans `landed` by this run's pushes. */
  async pull(report: SyncReport = emptyReport(), landed: readonly RevisionSpan[] = []): Promise<SyncReport> {
    const meta = await this.local.getMeta(this.userId);
    const startedAt = this.now();
    const full = needsFullResync(meta.lastPullAt, startedAt);
    report.fullResync = report.fullResync || full;
    // A full resync reads every live row: it must see them all to know which are gone [S12].
    const windows = full ? [{ after: 0, before: null }] : pullWindows(meta.lastPulledRevision, landed);
    let highest = meta.lastPulledRevision;
    const liveIds = new Set<string>();
    const read = (after: number, before: number | null) =>
      full ? this.remote.pullLive(after, this.pageSize) : this.remote.pullChanges(after, this.pageSize, before ?? undefined);
    // The windows are independent reads: their first pages are asked for at once (one round trip, not
    // one per window), and applied in order below.
    const firstPages = windows.map((window) => read(window.after, window.before));
    for (const page of firstPages) page.catch(() => undefined); // a failure is thrown where it is awaited
    for (const [i, window] of windows.entries()) {
      let after = window.after;
      highest = Math.max(highest, after);
      let next = firstPages[i]!;
      for (;;) {
        const page = await next;
        const rows = page.filter((row) => row.user_id === this.userId);
        if (rows.length > 0) {
          await this.local.modify(
            rows.map((row) => row.id),
            (current) => merge(rows.map((row) => pulledRow(current.get(row.id), row))),
          );
        }
        report.pulled += rows.length;
        for (const row of page) {
          liveIds.add(row.id);
          after = Math.max(after, row.revision);
        }
        highest = Math.max(highest, after);
        // Incremental progress survives an interrupted pull; a full scan only counts once complete.
        if (!full && page.length > 0) await this.local.setMeta(this.userId, { lastPulledRevision: highest });
        if (page.length < this.pageSize) break;
        next = read(after, window.before);
      }
    }
    if (full) {
      const syncedIds = await this.local.listSyncedIds(this.userId);
      await this.local.modify(syncedIds, (current) => ({ put: [], delete: removedByFullResync([...current.values()], liveIds) }));
    }
    await this.local.setMeta(this.userId, { lastPulledRevision: highest, lastPullAt: startedAt.toISOString() });
    return report;
  }
}

function emptyReport(): SyncReport {
  return { pushed: 0, pulled: 0, conflicts: 0, rejected: 0, fullResync: false };
}

function attemptKey(note: LocalNote): string {
  return `${note.id}:${note.mutation_id ?? ''}:${note.base_revision ?? 'new'}`;
}

function merge(all: readonly LocalChanges[]): LocalChanges {
  return { put: all.flatMap((c) => c.put), delete: all.flatMap((c) => c.delete) };
}

function invalidMessage(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  const issue = issues[0];
  if (!issue) return 'The note is not valid';
  const where = issue.path.map(String).join('.');
  return where ? `${where}: ${issue.message}` : issue.message;
}
