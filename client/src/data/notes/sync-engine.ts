// The sync engine (docs/sync.md): one run pushes the pending local changes, pulls by revision, and
// pushes again what the pull rebased. The push and the pull are in sync/; the rules they apply are
// core's (sync-rules.ts, sync-pull-plan.ts); all I/O goes through the LocalStore and RemoteNotes interfaces.
import { mergeContent } from '#core/note-merge';
import { randomUuid } from '#core/random-id';
import type { RevisionSpan } from '#core/sync-pull-plan';
import type { LocalStore } from './local-store';
import type { RemoteNotes } from './remote-notes';
import { pullAfterPush } from './sync/pull';
import { MAX_PUSH_ROUNDS, pushPending } from './sync/push';
import { emptyReport, type SyncDeps, type SyncObserver, type SyncReport } from './sync/sync-run';

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
  /** Merge concurrent changes that do not overlap [S33] (default); off only to measure the rules before it. */
  merges?: boolean;
}

export class SyncEngine {
  private readonly deps: SyncDeps;

  constructor(options: SyncEngineOptions) {
    this.deps = {
      userId: options.userId,
      local: options.local,
      remote: options.remote,
      now: options.now ?? (() => new Date()),
      makeId: options.makeId ?? randomUuid,
      pageSize: options.pageSize ?? 500,
      batchMaxRows: options.batchMaxRows,
      batchMaxBytes: options.batchMaxBytes,
      conflictRules: { merge: options.merges === false ? null : mergeContent },
    };
  }

  /**
   * One run. Its first push is one round, and its last answer is held for the pull's transaction [S25]:
   * what that round turns into new pending work (a conflict copy, a note edited while it was sent) goes
   * with what the pull rebases, in the push after the pull, which runs only when the pull's last
   * transaction left notes pending (or counted none). Throws on network, server or auth errors.
   */
  async sync(observer: SyncObserver = {}): Promise<SyncReport> {
    const run = { report: emptyReport(), landed: [] };
    const held = await pushPending(this.deps, run, 1, true);
    const pending = await pullAfterPush(this.deps, run, held, observer);
    if (pending !== 0) await pushPending(this.deps, { report: run.report, landed: [] }, MAX_PUSH_ROUNDS, false);
    return run.report;
  }

  /** A pull alone (as after a push that failed): an incremental pull skips the spans `landed` [S26]. */
  async pull(report: SyncReport = emptyReport(), landed: readonly RevisionSpan[] = []): Promise<SyncReport> {
    await pullAfterPush(this.deps, { report, landed: [...landed] }, null, {});
    return report;
  }
}
