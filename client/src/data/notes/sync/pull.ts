// The pull (docs/sync.md [S10]-[S12], [S25], [S26], [S28]): planned before its first request (core's
// planPull), its windows' first pages asked for at once, then either one transaction for the whole run's
// end or page by page; a full resync reads every live row, and replaces a pull that read below the
// server's purge horizon. The push's held answer is written whatever the pull does.
import type { NoteRow } from '#core/note';
import type { PullPlan, PullWindow } from '#core/sync-pull-plan';
import {
  applyPulledPages,
  applyPulledRows,
  missedPurge,
  planPull,
  readThrough,
  removedByFullResync,
} from '#core/sync-pull-plan';
import { acceptedChanges, LocalChangeSet } from '#core/sync-rules';
import type { PulledPage } from '../remote-notes';
import { applyAccepted } from './push';
import type { Accepted, SyncDeps, SyncObserver, SyncRun } from './sync-run';

/**
 * A pull's outcome: done (with the pending count its last transaction took, if it took one), or to be
 * planned again: without the held answer's span [S28], or as a full resync after a page came back below
 * the server's purge horizon [S12].
 */
type Step = { kind: 'done'; pending: number | null } | { kind: 'replan' } | { kind: 'purged' };

/**
 * The pull after a push whose last accepted answer `held` is not written yet (null: none). Planned again
 * when that answer's span turned out not to have landed [S28], and as a full resync when a page read
 * below the purge horizon [S12]; a full resync never asks for another plan. Resolves with the user's
 * pending notes as the run's last transaction counted them [S25], or null when no transaction did.
 */
export async function pullAfterPush(
  deps: SyncDeps,
  run: SyncRun,
  held: Accepted | null,
  observer: SyncObserver,
): Promise<number | null> {
  const startedAt = deps.now();
  let answer = held;
  let purged = false;
  for (;;) {
    const plan = planPull(await deps.local.getMeta(deps.userId), run.landed, answer, purged);
    const step = plan.full
      ? await fullResync(deps, run, plan, answer, startedAt)
      : await incrementalPull(deps, run, plan, answer, observer, startedAt);
    if (step.kind === 'done') return step.pending;
    // The step that asked for a new plan wrote the answer.
    answer = null;
    purged ||= step.kind === 'purged';
  }
}

/**
 * An incremental pull [S11]: the windows' first pages are asked for at once (one round trip, not one per
 * window). If a request fails, the held answer is written before the error goes on [S25]; if a page came
 * back below the purge horizon, it is written and the pull becomes a full resync [S12].
 */
async function incrementalPull(
  deps: SyncDeps,
  run: SyncRun,
  plan: PullPlan,
  held: Accepted | null,
  observer: SyncObserver,
  startedAt: Date,
): Promise<Step> {
  // async: a request that throws at once fails like one that fails later, below.
  const firstPages = plan.windows.map(async (window) =>
    deps.remote.pullChanges(window.after, deps.pageSize, window.before ?? undefined),
  );
  for (const page of firstPages) page.catch(() => undefined); // a failure is thrown where it is awaited
  let pages: PulledPage[];
  try {
    pages = await Promise.all(firstPages);
  } catch (error) {
    if (held) await applyAccepted(deps, run, held);
    throw error;
  }
  if (plan.windows.some((window, i) => missedPurge(window.after, pages[i]?.purgedThrough ?? 0))) {
    if (held) await applyAccepted(deps, run, held);
    return { kind: 'purged' };
  }
  const rows = pages.map((page) => page.rows);
  if (rows.every((page) => page.length < deps.pageSize))
    return settleRun(deps, run, plan, rows, held, observer, startedAt);
  return pullPageByPage(deps, run, plan, rows, held, startedAt);
}

/**
 * The run's last transaction when every window fit in one page [S25]: the held answer, the pulled rows and
 * the progress at once, counting the pending notes left; with none left, the observer hears the run's
 * outcome as soon as it is decided [S14]. When the held answer's span did not land after all, the
 * transaction writes the answer alone and the pull is planned again [S28].
 */
async function settleRun(
  deps: SyncDeps,
  run: SyncRun,
  plan: PullPlan,
  pages: NoteRow[][],
  held: Accepted | null,
  observer: SyncObserver,
  startedAt: Date,
): Promise<Step> {
  let landed = true;
  let pulled = 0;
  const ids = [...(held?.sent.map((row) => row.id) ?? []), ...pages.flat().map((row) => row.id)];
  const decided = (left: number) => {
    if (left === 0 && landed) observer.decided?.({ ...run.report, pulled: run.report.pulled + pulled });
  };
  const { pending } = await deps.local.settle(
    deps.userId,
    ids,
    (current) => {
      const changes = new LocalChangeSet(current);
      if (held) {
        const accepted = acceptedChanges(held.sent, held.stored, current);
        changes.apply(accepted.changes);
        landed = plan.heldSpan === null || accepted.complete;
        if (!landed) return { changes: changes.result(), meta: null };
      }
      const read = applyPulledPages(changes, deps.userId, plan, pages);
      pulled = read.pulled;
      return {
        changes: changes.result(),
        meta: { lastPulledRevision: read.through, lastPullAt: startedAt.toISOString() },
      };
    },
    decided,
  );
  if (!landed) return { kind: 'replan' };
  if (plan.heldSpan) run.landed.push(plan.heldSpan);
  run.report.pulled += pulled;
  return { kind: 'done', pending };
}

/**
 * A pull of more than a page: the held answer first [S25] (the windows took its span as landed: if it did
 * not land, they are planned again [S28]), then each window page by page.
 */
async function pullPageByPage(
  deps: SyncDeps,
  run: SyncRun,
  plan: PullPlan,
  firstPages: NoteRow[][],
  held: Accepted | null,
  startedAt: Date,
): Promise<Step> {
  if (held && !(await applyAccepted(deps, run, held)) && plan.heldSpan) return { kind: 'replan' };
  let through = plan.after;
  for (const [i, window] of plan.windows.entries()) {
    const read = await pullWindow(deps, run, window, firstPages[i] ?? [], through);
    if (read === 'purged') return { kind: 'purged' };
    through = read;
  }
  await deps.local.setMeta(deps.userId, { lastPulledRevision: through, lastPullAt: startedAt.toISOString() });
  return { kind: 'done', pending: null };
}

/**
 * One window of an incremental pull, from its first page on; the progress is saved after each page, so
 * an interrupted pull resumes there [S11]. Resolves with the revision read through, or 'purged' when a
 * later page came back below the purge horizon [S12].
 */
async function pullWindow(
  deps: SyncDeps,
  run: SyncRun,
  window: PullWindow,
  first: NoteRow[],
  through: number,
): Promise<number | 'purged'> {
  let after = window.after;
  let highest = Math.max(through, after);
  let page = first;
  for (;;) {
    await applyPage(deps, run, page);
    after = readThrough(after, page);
    highest = Math.max(highest, after);
    if (page.length > 0) await deps.local.setMeta(deps.userId, { lastPulledRevision: highest });
    if (page.length < deps.pageSize) return highest;
    const next = await deps.remote.pullChanges(after, deps.pageSize, window.before ?? undefined);
    if (missedPurge(after, next.purgedThrough)) return 'purged';
    page = next.rows;
  }
}

/**
 * A full resync [S12]: the held answer first, then every live row page by page, then the synced notes the
 * server no longer has are removed. The progress counts only once the scan is complete; it includes the
 * purge horizon, below which nothing is left to read [S10].
 */
async function fullResync(
  deps: SyncDeps,
  run: SyncRun,
  plan: PullPlan,
  held: Accepted | null,
  startedAt: Date,
): Promise<Step> {
  if (held) await applyAccepted(deps, run, held);
  run.report.fullResync = true;
  const live = new Set<string>();
  let after = 0;
  let horizon = 0;
  for (;;) {
    const page = await deps.remote.pullLive(after, deps.pageSize);
    await applyPage(deps, run, page.rows);
    for (const row of page.rows) live.add(row.id);
    after = readThrough(after, page.rows);
    horizon = Math.max(horizon, page.purgedThrough);
    if (page.rows.length < deps.pageSize) break;
  }
  const synced = await deps.local.listSyncedIds(deps.userId);
  await deps.local.modify(synced, (current) => ({ put: [], delete: removedByFullResync([...current.values()], live) }));
  await deps.local.setMeta(deps.userId, {
    lastPulledRevision: Math.max(plan.after, after, horizon),
    lastPullAt: startedAt.toISOString(),
  });
  return { kind: 'done', pending: null };
}

/** Pulled rows written to their local copies [S11]; the report counts the user's. */
async function applyPage(deps: SyncDeps, run: SyncRun, rows: readonly NoteRow[]): Promise<void> {
  const ids = rows.filter((row) => row.user_id === deps.userId).map((row) => row.id);
  if (ids.length === 0) return;
  let applied = 0;
  await deps.local.modify(ids, (current) => {
    const changes = new LocalChangeSet(current);
    applied = applyPulledRows(changes, deps.userId, rows);
    return changes.result();
  });
  run.report.pulled += applied;
}
