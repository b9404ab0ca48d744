// What one sync run works with (the engine's storage, server and settings) and what it tells: its report,
// and the observer that hears its outcome before it is over. Shared by the push, the pull and the engine.
import type { NoteRow, NoteWritable } from '#core/note';
import type { RevisionSpan } from '#core/sync-pull-plan';
import type { ConflictRules } from '#core/sync-rules';
import type { LocalStore } from '../local-store';
import type { RemoteNotes } from '../remote-notes';

export interface SyncReport {
  /** Notes the server confirmed in this run (accepted, or found already there on a resend). */
  pushed: number;
  /** Server rows read. */
  pulled: number;
  /** Conflict copies made [S7]. */
  conflicts: number;
  /** Concurrent changes merged into one version [S33]. */
  merged: number;
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

export function emptyReport(): SyncReport {
  return { pushed: 0, pulled: 0, conflicts: 0, merged: 0, rejected: 0, fullResync: false };
}

/** The engine's parts and settings, the same for every run. */
export interface SyncDeps {
  readonly userId: string;
  readonly local: LocalStore;
  readonly remote: RemoteNotes;
  readonly now: () => Date;
  readonly makeId: () => string;
  /** Rows per pull request. */
  readonly pageSize: number;
  /** Push batch limits [S5]; undefined for core's. */
  readonly batchMaxRows: number | undefined;
  readonly batchMaxBytes: number | undefined;
  readonly conflictRules: ConflictRules;
}

/** One run's state: its report, and the revision spans its accepted upserts wrote, which its pull skips [S26]. */
export interface SyncRun {
  readonly report: SyncReport;
  readonly landed: RevisionSpan[];
}

/** An upsert's accepted answer: the rows sent and the rows the server stored. */
export interface Accepted {
  sent: NoteWritable[];
  stored: NoteRow[];
}
