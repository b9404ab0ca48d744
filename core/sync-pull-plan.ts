// What a pull reads and what its pages do to the local copies (docs/sync.md [S10]-[S12], [S25], [S26],
// [S28]): pure decisions the client's pull (client/src/data/notes/sync/pull.ts) makes before and after
// each request.
import type { NoteRow } from './note';
import type { LocalChangeSet, LocalNote } from './sync-rules';
import { pulledRow } from './sync-rules';

/**
 * The revisions one accepted upsert of this run wrote, lowest to highest [S26]. Every write of a user
 * takes its revision under that user's lock (migration 004; PGlite has one connection), so no other row
 * of the user has a revision inside the span: the pull need not read these rows back.
 */
export interface RevisionSpan {
  from: number;
  to: number;
}

/** One read of an incremental pull: revisions above `after`, and below `before` unless it is null. */
export interface PullWindow {
  after: number;
  before: number | null;
}

/** The span of the rows one upsert returned; null for none. */
export function landedSpan(rows: readonly { revision: number }[]): RevisionSpan | null {
  if (rows.length === 0) return null;
  let from = Infinity;
  let to = -Infinity;
  for (const { revision } of rows) {
    from = Math.min(from, revision);
    to = Math.max(to, revision);
  }
  return { from, to };
}

/**
 * The windows an incremental pull reads [S26]: revisions above `after` and below each landed span, then
 * above the last span with no upper bound (`before` null). Spans at or below `after` are passed over.
 */
export function pullWindows(after: number, spans: readonly RevisionSpan[]): PullWindow[] {
  const windows: PullWindow[] = [];
  let from = after;
  for (const span of [...spans].sort((a, b) => a.from - b.from)) {
    if (span.to <= from) continue;
    if (span.from > from + 1) windows.push({ after: from, before: span.from });
    from = span.to;
  }
  windows.push({ after: from, before: null });
  return windows;
}

/** What a pull will read, decided before its first request. */
export interface PullPlan {
  /** A full resync [S12]: every live row, from revision 0; else an incremental pull of `windows` [S11]. */
  full: boolean;
  /** The revision pulled through before this pull (0 before the first). */
  after: number;
  windows: PullWindow[];
  /**
   * The span of the push answer held for the pull's transaction [S25], taken as landed by the windows
   * [S26]; null when there is none (or a full resync, which writes the answer first and reads everything).
   */
  heldSpan: RevisionSpan | null;
}

/**
 * The plan of a pull. A full resync on the device's first pull (`lastPullAt` null) and when a read came
 * back below the server's purge horizon (`purged`, see missedPurge) [S12]; else the windows around the
 * spans this run's pushes wrote, the held answer's span among them when the server returned every row
 * sent (whether each had its local copy is known only once it is written [S28]).
 */
export function planPull(
  meta: { lastPulledRevision: number; lastPullAt: string | null },
  landed: readonly RevisionSpan[],
  held: { sent: readonly unknown[]; stored: readonly { revision: number }[] } | null,
  purged: boolean,
): PullPlan {
  const after = meta.lastPulledRevision;
  if (meta.lastPullAt === null || purged)
    return { full: true, after, windows: [{ after: 0, before: null }], heldSpan: null };
  const heldSpan = held && held.stored.length === held.sent.length ? landedSpan(held.stored) : null;
  return { full: false, after, windows: pullWindows(after, heldSpan ? [...landed, heldSpan] : landed), heldSpan };
}

/**
 * [S10] [S12] A read of the rows above `after` may lack tombstones the server has purged: when its
 * answer says the server purged one of this user's above `after` (`purgedThrough`, the highest purged
 * revision it states with the rows). Such a pull cannot know every deletion; it becomes a full resync.
 */
export function missedPurge(after: number, purgedThrough: number): boolean {
  return purgedThrough > after;
}

/** The revision a pull has read through once it has read `rows` above `after`. */
export function readThrough(after: number, rows: readonly { revision: number }[]): number {
  let through = after;
  for (const row of rows) through = Math.max(through, row.revision);
  return through;
}

/**
 * Pulled rows applied in order to the local copies in `changes` [S11], each meeting the copy the rows
 * before it left; another user's rows are skipped. Returns how many were applied.
 */
export function applyPulledRows(changes: LocalChangeSet, userId: string, rows: readonly NoteRow[]): number {
  let applied = 0;
  for (const row of rows) {
    if (row.user_id !== userId) continue;
    changes.apply(pulledRow(changes.get(row.id), row));
    applied += 1;
  }
  return applied;
}

/**
 * The first pages of an incremental pull's windows, applied in window order [S11]: how many rows were
 * applied, and the revision the pull read through (each window's lower bound counts as read: what lies
 * between windows is this run's own writes [S26]).
 */
export function applyPulledPages(
  changes: LocalChangeSet,
  userId: string,
  plan: PullPlan,
  pages: readonly (readonly NoteRow[])[],
): { pulled: number; through: number } {
  let pulled = 0;
  let through = plan.after;
  plan.windows.forEach((window, i) => {
    const rows = pages[i] ?? [];
    pulled += applyPulledRows(changes, userId, rows);
    through = readThrough(Math.max(through, window.after), rows);
  });
  return { pulled, through };
}

/** After a full resync: synced local notes the server no longer has live are removed [S12]. */
export function removedByFullResync(local: readonly LocalNote[], liveIds: ReadonlySet<string>): string[] {
  return local.filter((note) => note.sync_state === 'synced' && !liveIds.has(note.id)).map((note) => note.id);
}
