// The sync engine (docs/sync.md): pushes pending local changes, resolves 409s, pulls by revision. Pure
// logic over the LocalStore and RemoteNotes interfaces; the rules themselves are in core/sync-rules.
import type { NoteRow, NoteWritable } from '#core/note';
import { certainlyWritable } from '#core/note-check';
import { randomUuid } from '#core/random-id';
import type { LocalChanges, LocalNote, RevisionSpan } from '#core/sync-rules';
import {
  acceptedChanges,
  landedSpan,
  LocalChangeSet,
  needsFullResync,
  planBatches,
  pulledRow,
  pullWindows,
  pushConflict,
  pushRejected,
  removedByFullResync,
  toWire,
} from '#core/sync-rules';
import type { LocalStore } from './local-store';
import { loadNoteSchemas } from './note-schemas';
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

/** Told how a run went before it is over. */
export interface SyncObserver {
  /**
   * The run's outcome is decided: its pushes were answered, its pull read, and its last transaction has
   * decided what every note becomes, leaving nothing to push; only that transaction's writes remain. The
   * report is the run's final one (if those writes fail, the run fails and its notes stay pending [S6]).
   */
  decided?(report: SyncReport): void;
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

/** An upsert's accepted answer: the rows sent and the rows the server stored. */
interface Accepted {
  sent: NoteWritable[];
  stored: NoteRow[];
}

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
  async sync(observer: SyncObserver = {}): Promise<SyncReport> {
    const report: SyncReport = { pushed: 0, pulled: 0, conflicts: 0, rejected: 0, fullResync: false };
    // What this run's pushes wrote is on the device already: the pull skips it (1,000 pushed notes are
    // not read back).
    const landed: RevisionSpan[] = [];
    // One round before the pull: what it turns into new pending work (a conflict copy, a note edited
    // while it was sent) goes with what the pull rebases, in the push after it. The round's last
    // accepted answer is held and written in one transaction with the pull's pages and progress, which
    // counts what is left pending: a run with nothing left does not list the pending notes once more.
    const held = await this.pushRounds(report, landed, 1, true);
    const pending = await this.pullAfter(report, landed, held, observer);
    if (pending !== 0) await this.pushRounds(report, [], MAX_PUSH_ROUNDS, false);
    return report;
  }

  /**
   * Pushes the pending notes, in up to `rounds` rounds (a round pushes again what the one before turned
   * into new pending work); `landed` collects the revision spans of the accepted upserts.
   */
  async push(report: SyncReport = emptyReport(), landed: RevisionSpan[] = [], rounds = MAX_PUSH_ROUNDS): Promise<SyncReport> {
    await this.pushRounds(report, landed, rounds, false);
    return report;
  }

  /** push; with `hold`, the last batch's accepted answer is returned instead of applied (see sync). */
  private async pushRounds(report: SyncReport, landed: RevisionSpan[], rounds: number, hold: boolean): Promise<Accepted | null> {
    let held: Accepted | null = null;
    const attempted = new Set<string>();
    for (let round = 0; round < rounds; round++) {
      // A note is pushed again in this run only once its mutation or base changed (rebase, conflict copy).
      const pending = (await this.local.listPending(this.userId)).filter(
        (note) => note.user_id === this.userId && note.mutation_id !== null && !attempted.has(attemptKey(note)),
      );
      if (pending.length === 0) break;
      for (const note of pending) attempted.add(attemptKey(note));

      const { rows, invalid } = await checkedRows(pending);
      if (invalid.length > 0) {
        await this.local.modify(
          invalid.map(({ note }) => note.id),
          (current) => merge(invalid.map(({ note, message }) => pushRejected(current.get(note.id), note.mutation_id ?? '', message))),
        );
        report.rejected += invalid.length;
      }
      const batches = planBatches(rows, this.batchMaxRows, this.batchMaxBytes);
      for (const [i, batch] of batches.entries()) {
        // An answer held earlier is written before the next request (only the last one waits).
        if (held) await this.applyHeld(held, landed);
        held = await this.pushBatch(batch, report, landed, hold && round === rounds - 1 && i === batches.length - 1);
      }
    }
    return held;
  }

  /** Sends one batch; with `hold`, returns its accepted answer unapplied (null when there is none to hold). */
  private async pushBatch(batch: NoteWritable[], report: SyncReport, landed: RevisionSpan[], hold = false): Promise<Accepted | null> {
    await this.local.markSent(this.userId, batch.map((row) => ({ id: row.id, mutationId: row.last_mutation_id ?? '' })));
    let remaining = batch;
    while (remaining.length > 0) {
      try {
        const stored = await this.remote.upsert(remaining);
        report.pushed += remaining.length;
        const accepted = { sent: remaining, stored };
        if (hold) return accepted;
        await this.applyHeld(accepted, landed);
        return null;
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
            return null;
          }
          for (const row of remaining) await this.pushBatch([row], report, landed);
          return null;
        } else {
          throw error;
        }
      }
    }
    return null;
  }

  /**
   * Applies an accepted upsert's rows; `landed` takes their revision span when every sent row came back
   * and had its local copy, so that reading them again in the pull would change nothing [S11]. Resolves
   * with whether it did.
   */
  private async applyHeld({ sent, stored }: Accepted, landed: RevisionSpan[]): Promise<boolean> {
    let complete = false;
    await this.local.modify(
      sent.map((row) => row.id),
      (current) => {
        const accepted = acceptedChanges(sent, stored, current);
        complete = accepted.complete;
        return accepted.changes;
      },
      { pendingOf: this.userId },
    );
    const span = complete ? landedSpan(stored) : null;
    if (span) landed.push(span);
    return span !== null;
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
    await this.pullAfter(report, [...landed], null);
    return report;
  }

  /**
   * The pull, after a push whose last accepted answer `held` (if any) is not written yet. An incremental
   * pull whose every window fits in one page writes that answer, the pages and its progress in one
   * transaction [S11], which counts the user's notes left pending: it resolves with that count. Otherwise
   * the answer is written first and the pull goes page by page, resolving with null (not counted). The
   * answer is written whatever the pull does.
   */
  private async pullAfter(report: SyncReport, landed: RevisionSpan[], held: Accepted | null, observer: SyncObserver = {}): Promise<number | null> {
    const meta = await this.local.getMeta(this.userId);
    const startedAt = this.now();
    const full = needsFullResync(meta.lastPullAt, startedAt);
    if (held && full) {
      await this.applyHeld(held, landed);
      held = null;
    }
    report.fullResync = report.fullResync || full;
    // The held answer's span when the server returned every row sent; whether each had its local copy is
    // known once it is written, and if one had not, the span is not landed and is read after all.
    const heldSpan = held && held.stored.length === held.sent.length ? landedSpan(held.stored) : null;
    // A full resync reads every live row: it must see them all to know which are gone [S12].
    const windows = full ? [{ after: 0, before: null }] : pullWindows(meta.lastPulledRevision, heldSpan ? [...landed, heldSpan] : landed);
    let highest = meta.lastPulledRevision;
    const liveIds = new Set<string>();
    const read = (after: number, before: number | null) =>
      full ? this.remote.pullLive(after, this.pageSize) : this.remote.pullChanges(after, this.pageSize, before ?? undefined);
    // The windows are independent reads: their first pages are asked for at once (one round trip, not
    // one per window), and applied in order below.
    const firstPages = windows.map((window) => read(window.after, window.before));
    for (const page of firstPages) page.catch(() => undefined); // a failure is thrown where it is awaited
    if (!full) {
      let pages: NoteRow[][];
      try {
        pages = await Promise.all(firstPages);
      } catch (error) {
        if (held) await this.applyHeld(held, landed);
        throw error;
      }
      if (pages.every((page) => page.length < this.pageSize)) {
        const answer = held;
        let spanLanded = true;
        let pulled = 0;
        const ids = [...(answer?.sent.map((row) => row.id) ?? []), ...pages.flat().map((row) => row.id)];
        // Nothing left pending after it: this transaction ends the run, whose outcome is known once it has decided.
        const decided = (left: number) => {
          if (left === 0 && spanLanded) observer.decided?.({ ...report, pulled: report.pulled + pulled });
        };
        const { pending } = await this.local.settle(this.userId, ids, (current) => {
          const changes = new LocalChangeSet(current);
          if (answer) {
            const accepted = acceptedChanges(answer.sent, answer.stored, current);
            changes.apply(accepted.changes);
            if (heldSpan && !accepted.complete) {
              spanLanded = false;
              return { changes: changes.result(), meta: null };
            }
          }
          let through = meta.lastPulledRevision;
          pulled = 0;
          for (const [i, window] of windows.entries()) {
            through = Math.max(through, window.after);
            for (const row of pages[i]!) {
              if (row.user_id === this.userId) {
                changes.apply(pulledRow(changes.get(row.id), row));
                pulled += 1;
              }
              through = Math.max(through, row.revision);
            }
          }
          return { changes: changes.result(), meta: { lastPulledRevision: through, lastPullAt: startedAt.toISOString() } };
        }, decided);
        // The answer is written, but its span is not landed: it is read like any other rows.
        if (!spanLanded) return this.pullAfter(report, landed, null, observer);
        if (heldSpan) landed.push(heldSpan);
        report.pulled += pulled;
        return pending;
      }
    }
    // More than a page to read: the answer first, then page by page.
    if (held) {
      const spanLanded = await this.applyHeld(held, landed);
      // The windows took its span as landed: if it is not, they are planned again.
      if (heldSpan && !spanLanded) return this.pullAfter(report, landed, null, observer);
    }
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
    return null;
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

/**
 * The pending notes as rows to push, in their order, and those the schema refuses with why [S13]. The
 * schema (and zod) loads only when the quick check is not certain of some row, and decides those rows;
 * a failure to load it rejects, and the run fails with every note still pending.
 */
async function checkedRows(pending: readonly LocalNote[]): Promise<{ rows: NoteWritable[]; invalid: { note: LocalNote; message: string }[] }> {
  const wires = pending.map(toWire);
  const first = wires.findIndex((wire) => !certainlyWritable(wire));
  if (first === -1) return { rows: wires, invalid: [] };
  const { noteWritableSchema } = await loadNoteSchemas();
  const rows = wires.slice(0, first);
  const invalid: { note: LocalNote; message: string }[] = [];
  for (let i = first; i < wires.length; i++) {
    const wire = wires[i] as NoteWritable;
    const note = pending[i] as LocalNote;
    if (i > first && certainlyWritable(wire)) {
      rows.push(wire);
      continue;
    }
    const checked = noteWritableSchema.safeParse(wire);
    if (checked.success) rows.push(checked.data);
    else invalid.push({ note, message: invalidMessage(checked.error.issues) });
  }
  return { rows, invalid };
}

function invalidMessage(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  const issue = issues[0];
  if (!issue) return 'The note is not valid';
  const where = issue.path.map(String).join('.');
  return where ? `${where}: ${issue.message}` : issue.message;
}
