// When sync runs (docs/sync.md [S14] [S15] [S21]): after local writes (debounced), when the browser comes
// online, at start, after a change hint from the server's feed (debounced), every minute while online
// and visible (every five while the feed is healthy), and on demand; one run at a time per tab, one tab
// at a time per user (Web Locks); back-off after failures and one failure toast per streak.
import type { BackoffOptions } from '#core/backoff';
import { exponentialBackoff } from '#core/backoff';
import { NOTE_MESSAGES, type ToastMessage } from './messages';
import { isRetryable } from './remote-notes';
import type { SyncObserver, SyncReport } from './sync/sync-run';

export type SyncTrigger = 'start' | 'write' | 'online' | 'interval' | 'retry' | 'manual' | 'remote';

export type SyncRunResult =
  | { ok: true; report: SyncReport }
  | { ok: false; offline: true }
  | { ok: false; offline: false; error: unknown };

export interface SyncStatus {
  syncing: boolean;
  /** When the last successful run ended (ISO), null before one. */
  lastSyncedAt: string | null;
  /** The last run's error message, null after a success. */
  lastError: string | null;
  /** Failed runs in a row. */
  failures: number;
}

export class SyncOfflineError extends Error {
  override readonly name = 'SyncOfflineError';
  constructor() {
    super(NOTE_MESSAGES.syncOffline.description);
  }
}

interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

interface EventTargetLike {
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}

export interface SyncControllerOptions {
  userId: string;
  /** One sync run; `observer` hears of its outcome before it is over (SyncEngine.sync). */
  run: (observer?: SyncObserver) => Promise<SyncReport>;
  isOnline?: () => boolean;
  isVisible?: () => boolean;
  locks?: LockManagerLike | null;
  /** Where 'online' and 'visibilitychange' are listened for (window and document by default). */
  windowTarget?: EventTargetLike | null;
  documentTarget?: EventTargetLike | null;
  /** Toasts for automatic runs: 'Error fetching notes' for the start run, else 'Sync failed'. */
  notify?: (message: ToastMessage) => void;
  now?: () => Date;
  random?: () => number;
  debounceMs?: number;
  /** A burst of change hints [S21] shares one pull started this long after the last. */
  remoteDebounceMs?: number;
  intervalMs?: number;
  /** While the change feed is healthy, only every this many interval ticks runs (the safety net [S21]). */
  liveIntervalTicks?: number;
  /** How long a write made before the first start() waits for it before it counts as offline. */
  startWaitMs?: number;
  /**
   * The revision this device has pulled through (its last pull's; what its own pushes wrote lies below):
   * a burst of hints none of which is above it brings nothing new, and runs nothing [S21].
   */
  pulledThrough?: () => Promise<number>;
  backoff?: BackoffOptions;
}

/** The report of a run that had nothing to do. */
const NOTHING_DONE: Readonly<SyncReport> = Object.freeze({
  pushed: 0,
  pulled: 0,
  conflicts: 0,
  merged: 0,
  rejected: 0,
  fullResync: false,
});

export const SYNC_BACKOFF: Readonly<BackoffOptions> = Object.freeze({
  baseMs: 2000,
  factor: 2,
  maxMs: 5 * 60_000,
  jitterMs: 1000,
});

const browserOnline = () => (typeof navigator === 'undefined' ? true : navigator.onLine !== false);
const browserVisible = () => (typeof document === 'undefined' ? true : document.visibilityState !== 'hidden');
const browserLocks = (): LockManagerLike | null =>
  typeof navigator !== 'undefined' && navigator.locks && typeof navigator.locks.request === 'function'
    ? navigator.locks
    : null;

export class SyncController {
  private status: SyncStatus = { syncing: false, lastSyncedAt: null, lastError: null, failures: 0 };
  private readonly listeners = new Set<() => void>();
  private running: Promise<SyncRunResult> | null = null;
  private queued: { promise: Promise<SyncRunResult>; trigger: SyncTrigger } | null = null;
  private debounceTimer: ReturnType<typeof setTimeout> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private remoteTimer: ReturnType<typeof setTimeout> | null = null;
  private live = false;
  private quietTicks = 0;
  private intervalTimer: ReturnType<typeof setInterval> | null = null;
  private notifiedThisStreak = false;
  private writeWaiters: ((result: SyncRunResult) => void)[] = [];
  /** Told the outcome of the next run that starts, as soon as it is decided (manual requests waiting for it). */
  private decidedListeners: ((report: SyncReport) => void)[] = [];
  private stopped = true;
  /** start() has not run yet: the session is still loading the sync engine. */
  private starting = true;
  /** Writes made before the first start(), each told once it starts or when the wait runs out. */
  private startWaiters: ((started: boolean) => void)[] = [];
  /** The highest revision hinted since the last run began; Infinity once a hint named none [S21]. */
  private hinted = -Infinity;
  private readonly opts: Required<
    Omit<SyncControllerOptions, 'notify' | 'locks' | 'windowTarget' | 'documentTarget' | 'pulledThrough'>
  > &
    Pick<SyncControllerOptions, 'notify' | 'locks' | 'windowTarget' | 'documentTarget' | 'pulledThrough'>;

  constructor(options: SyncControllerOptions) {
    this.opts = {
      isOnline: browserOnline,
      isVisible: browserVisible,
      now: () => new Date(),
      random: Math.random,
      debounceMs: 400,
      remoteDebounceMs: 50,
      intervalMs: 60_000,
      liveIntervalTicks: 5,
      startWaitMs: 15_000,
      backoff: SYNC_BACKOFF,
      ...options,
    };
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.starting = false;
    for (const proceed of this.startWaiters.splice(0)) proceed(true);
    const win =
      this.opts.windowTarget === undefined ? (typeof window === 'undefined' ? null : window) : this.opts.windowTarget;
    const doc =
      this.opts.documentTarget === undefined
        ? typeof document === 'undefined'
          ? null
          : document
        : this.opts.documentTarget;
    win?.addEventListener('online', this.onOnline);
    doc?.addEventListener('visibilitychange', this.onVisible);
    this.detach = () => {
      win?.removeEventListener('online', this.onOnline);
      doc?.removeEventListener('visibilitychange', this.onVisible);
    };
    this.intervalTimer = setInterval(() => {
      if (this.live && ++this.quietTicks < this.opts.liveIntervalTicks) return;
      this.quietTicks = 0;
      if (this.opts.isOnline() && this.opts.isVisible()) void this.schedule('interval');
    }, this.opts.intervalMs);
    void this.schedule('start');
  }

  stop(): void {
    this.stopped = true;
    this.detach();
    this.detach = () => undefined;
    for (const timer of [this.debounceTimer, this.retryTimer, this.remoteTimer]) if (timer) clearTimeout(timer);
    if (this.intervalTimer) clearInterval(this.intervalTimer);
    this.debounceTimer = this.retryTimer = this.intervalTimer = this.remoteTimer = null;
    for (const resolve of this.writeWaiters.splice(0)) resolve({ ok: false, offline: true });
    this.starting = false;
    for (const proceed of this.startWaiters.splice(0)) proceed(false);
  }

  private afterStart(): Promise<SyncRunResult> {
    return new Promise((resolve) => {
      const proceed = (started: boolean) => {
        clearTimeout(timer);
        resolve(started ? this.afterWrite() : { ok: false, offline: true });
      };
      const timer = setTimeout(() => {
        this.startWaiters = this.startWaiters.filter((waiter) => waiter !== proceed);
        proceed(false);
      }, this.opts.startWaitMs);
      this.startWaiters.push(proceed);
    });
  }

  /**
   * After a local write: a run soon, several quick writes sharing one. Resolves (never rejects) with
   * that run's outcome, or at once as offline when offline or stopped.
   */
  afterWrite(): Promise<SyncRunResult> {
    // A write made while the app starts (a shared text, a shortcut) comes before the session's first
    // start(): it waits for it, not to be told 'offline' while online.
    if (this.starting && this.opts.isOnline()) return this.afterStart();
    if (this.stopped || !this.opts.isOnline()) return Promise.resolve({ ok: false, offline: true });
    const promise = new Promise<SyncRunResult>((resolve) => this.writeWaiters.push(resolve));
    if (this.debounceTimer) clearTimeout(this.debounceTimer);
    this.debounceTimer = setTimeout(() => {
      this.debounceTimer = null;
      const waiters = this.writeWaiters.splice(0);
      void this.schedule('write').then((result) => waiters.forEach((resolve) => resolve(result)));
    }, this.opts.debounceMs);
    return promise;
  }

  /**
   * [S21] The server says this user's notes changed (on this or another device): a pull soon, a burst
   * of hints sharing one run. The hint carries no data; the run reads what is new by revision [S11].
   * `revision`, when the hint names one, lets the run be skipped when the device has pulled through it
   * already: the echo of its own push, which the pull never reads back.
   */
  remoteChanged(revision?: number): void {
    if (this.stopped) return;
    this.hinted = Math.max(this.hinted, revision ?? Infinity);
    if (this.remoteTimer) return;
    this.remoteTimer = setTimeout(() => {
      this.remoteTimer = null;
      void this.schedule('remote');
    }, this.opts.remoteDebounceMs);
  }

  /** [S21] Whether the change feed is subscribed: while it is, the interval runs five times less often. */
  setLive(live: boolean): void {
    this.live = live;
    this.quietTicks = 0;
  }

  /**
   * The manual Sync action: `{ pushed }` for the spec's toast; throws SyncOfflineError or the run's error.
   * A click during a run (one the app started, e.g. on a realtime hint) waits for it and then runs again;
   * what that run sent counts too, or the user who clicked to send 1,000 notes would read 'Everything
   * is up to date' because the run before theirs had just sent them.
   */
  async syncNow(options: { onDecided?: (result: { pushed: number }) => void } = {}): Promise<{ pushed: number }> {
    if (!this.opts.isOnline()) throw new SyncOfflineError();
    const inFlight = this.running;
    const { onDecided } = options;
    // `onDecided` hears the answer this call will return as soon as the run serving it has decided it
    // (see SyncObserver): the run's last writes may still be under way, and this call resolves after them.
    if (onDecided) {
      this.decidedListeners.push((report) => {
        void (async () => {
          const before = inFlight ? await inFlight : null;
          onDecided({ pushed: report.pushed + (before?.ok ? before.report.pushed : 0) });
        })();
      });
    }
    const result = await this.schedule('manual');
    if (result.ok) {
      const before = inFlight ? await inFlight : null;
      return { pushed: result.report.pushed + (before?.ok ? before.report.pushed : 0) };
    }
    if (result.offline) throw new SyncOfflineError();
    throw result.error;
  }

  getStatus(): SyncStatus {
    return this.status;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private detach: () => void = () => undefined;

  private readonly onOnline = () => void this.schedule('online');
  private readonly onVisible = () => {
    if (this.opts.isVisible() && this.opts.isOnline()) void this.afterWrite();
  };

  /** Runs now, or once after the current run (requests while one waits share it). */
  private schedule(trigger: SyncTrigger): Promise<SyncRunResult> {
    if (!this.running) {
      this.running = this.execute(trigger).finally(() => (this.running = null));
      return this.running;
    }
    if (this.queued) {
      if (trigger === 'manual') this.queued.trigger = 'manual';
      return this.queued.promise;
    }
    const queued = {
      trigger,
      promise: this.running.then(() => {
        const next = this.queued?.trigger ?? trigger;
        this.queued = null;
        return this.schedule(next);
      }),
    };
    this.queued = queued;
    return queued.promise;
  }

  private async execute(trigger: SyncTrigger): Promise<SyncRunResult> {
    // The manual requests this run serves (those made before it started) hear of its outcome; a run that
    // does not go ahead drops them with its answer.
    const listeners = this.decidedListeners.splice(0);
    if (this.stopped && trigger !== 'manual') return { ok: false, offline: true };
    if (!this.opts.isOnline()) return { ok: false, offline: true };
    // Every run pulls what is new by now: hints from here on are for the next one.
    const hinted = this.hinted;
    this.hinted = -Infinity;
    if (trigger === 'remote' && (await this.knows(hinted))) return { ok: true, report: { ...NOTHING_DONE } };
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.setStatus({ syncing: true });
    const observer: SyncObserver = {
      decided: (report) => {
        for (const listener of listeners) listener(report);
      },
    };
    try {
      const locks = this.opts.locks === undefined ? browserLocks() : this.opts.locks;
      // [S15] one tab at a time: the others wait for the lock, then run with what is new by then.
      const report = locks
        ? await locks.request(`sprout-sync-${this.opts.userId}`, () => this.opts.run(observer))
        : await this.opts.run(observer);
      this.notifiedThisStreak = false;
      this.setStatus({ syncing: false, lastSyncedAt: this.opts.now().toISOString(), lastError: null, failures: 0 });
      return { ok: true, report };
    } catch (error) {
      const failures = this.status.failures + 1;
      this.setStatus({ syncing: false, lastError: error instanceof Error ? error.message : String(error), failures });
      if (trigger !== 'manual' && !this.notifiedThisStreak && this.opts.notify) {
        this.notifiedThisStreak = true;
        this.opts.notify(trigger === 'start' ? NOTE_MESSAGES.fetchFailed : NOTE_MESSAGES.syncFailedAutomatic);
      }
      if (isRetryable(error) && !this.stopped) {
        const delay = exponentialBackoff(this.opts.backoff, failures - 1, this.opts.random);
        this.retryTimer = setTimeout(() => {
          this.retryTimer = null;
          void this.schedule('retry');
        }, delay);
      }
      return { ok: false, offline: false, error };
    }
  }

  /** Whether the device has pulled through `revision` already [S21]; false when it cannot tell. */
  private async knows(revision: number): Promise<boolean> {
    if (!this.opts.pulledThrough || revision === Infinity) return false;
    try {
      return revision <= (await this.opts.pulledThrough());
    } catch {
      return false;
    }
  }

  private setStatus(patch: Partial<SyncStatus>): void {
    this.status = { ...this.status, ...patch };
    for (const listener of this.listeners) listener();
  }
}
