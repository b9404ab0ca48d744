// The sync engine's view of the server (the RemoteNotes interface) and the one error type it throws.
import type { StatedHistoryReason } from '#core/history';
import type { NoteRow, NoteWritable } from '#core/note';

/** Note id → why the row sent replaces its content (the push's Sprout-History header). */
export type HistoryMarks = ReadonlyMap<string, StatedHistoryReason>;

export interface RemoteNotes {
  /** Upserts the rows (merge on id) and returns them as stored. Throws RemoteError. */
  /** `history`: why some of these rows replace their note's content, for its history (docs/history.md). */
  upsert(rows: readonly NoteWritable[], history?: HistoryMarks): Promise<NoteRow[]>;
  /**
   * The user's rows with revision > `afterRevision` (and < `beforeRevision` when given), tombstones
   * included, by revision, at most `limit`.
   */
  pullChanges(afterRevision: number, limit: number, beforeRevision?: number): Promise<PulledPage>;
  /** As pullChanges, live rows only (deleted_at is null): the full resync's scan. */
  pullLive(afterRevision: number, limit: number): Promise<PulledPage>;
}

/** One page of a pull, and what the server states beside it. */
export interface PulledPage {
  rows: NoteRow[];
  /**
   * The highest revision of this user's tombstones the server has purged [S10], read with the rows: a
   * pull from below it may have missed a deletion. 0 when it purged none (or does not say).
   */
  purgedThrough: number;
}

/**
 * - conflict: 409, the base revision is stale; `currentRow` is the server's row [S6].
 * - rejected: any other 4xx about the data; retrying the same row cannot help [S13].
 * - auth: 401/403 or no session for this user; retried later, never marks notes.
 * - network, server: no answer or 408/429/5xx; retried with back-off [S13].
 */
export type RemoteErrorKind = 'conflict' | 'rejected' | 'auth' | 'network' | 'server';

export class RemoteError extends Error {
  override readonly name = 'RemoteError';
  readonly kind: RemoteErrorKind;
  readonly status: number;
  readonly currentRow: NoteRow | null;

  constructor(kind: RemoteErrorKind, message: string, options: { status?: number; currentRow?: NoteRow | null } = {}) {
    super(message);
    this.kind = kind;
    this.status = options.status ?? 0;
    this.currentRow = options.currentRow ?? null;
  }
}

/** Errors worth retrying later with the same data. Anything that is not a RemoteError counts as one. */
export function isRetryable(error: unknown): boolean {
  return (
    !(error instanceof RemoteError) || error.kind === 'network' || error.kind === 'server' || error.kind === 'auth'
  );
}

/** The error kind for an HTTP status from the REST API (0: no response). */
export function kindForStatus(status: number): RemoteErrorKind {
  if (status === 0) return 'network';
  if (status === 409) return 'conflict';
  if (status === 401 || status === 403) return 'auth';
  if (status === 408 || status === 429 || status >= 500) return 'server';
  if (status >= 400) return 'rejected';
  return 'server';
}
