import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOTE_MESSAGES, type ToastMessage } from './messages';
import { RemoteError } from './remote-notes';
import { SyncController, SyncOfflineError, type SyncControllerOptions } from './sync-controller';
import type { SyncObserver, SyncReport } from './sync/sync-run';

const REPORT: SyncReport = { pushed: 2, pulled: 0, conflicts: 0, merged: 0, rejected: 0, fullResync: false };

class FakeTarget {
  readonly listeners = new Map<string, Set<() => void>>();
  addEventListener(type: string, listener: () => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(listener);
  }
  removeEventListener(type: string, listener: () => void) {
    this.listeners.get(type)?.delete(listener);
  }
  fire(type: string) {
    for (const listener of this.listeners.get(type) ?? []) listener();
  }
}

function setup(overrides: Partial<SyncControllerOptions> = {}) {
  const win = new FakeTarget();
  const doc = new FakeTarget();
  const toasts: ToastMessage[] = [];
  const state = { online: true, visible: true };
  const run = vi.fn(async (_observer?: SyncObserver): Promise<SyncReport> => REPORT);
  const controller = new SyncController({
    userId: 'u1',
    run,
    isOnline: () => state.online,
    isVisible: () => state.visible,
    locks: null,
    windowTarget: win,
    documentTarget: doc,
    notify: (message) => toasts.push(message),
    random: () => 0,
    debounceMs: 400,
    intervalMs: 60_000,
    ...overrides,
  });
  return { controller, run, win, doc, toasts, state };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('SyncController', () => {
  it('[S14] syncs at start', async () => {
    const { controller, run } = setup();
    controller.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(1);
    controller.stop();
  });

  it('[S14] a burst of writes shares one debounced run, whose outcome each write receives', async () => {
    const { controller, run } = setup();
    controller.start();
    await vi.advanceTimersByTimeAsync(0);
    run.mockClear();
    const outcomes = [controller.afterWrite(), controller.afterWrite(), controller.afterWrite()];
    await vi.advanceTimersByTimeAsync(399);
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
    for (const outcome of await Promise.all(outcomes)) expect(outcome).toEqual({ ok: true, report: REPORT });
    controller.stop();
  });

  it('[S14] a write while offline resolves at once as offline and starts nothing', async () => {
    const { controller, run, state } = setup();
    controller.start();
    await vi.advanceTimersByTimeAsync(0);
    run.mockClear();
    state.online = false;
    expect(await controller.afterWrite()).toEqual({ ok: false, offline: true });
    await vi.advanceTimersByTimeAsync(1000);
    expect(run).not.toHaveBeenCalled();
    controller.stop();
  });

  it('[S14] a write made before the first start waits for it: the start run reports it, not "offline"', async () => {
    const { controller, run } = setup();
    const early = controller.afterWrite();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(run).not.toHaveBeenCalled();
    controller.start();
    await vi.advanceTimersByTimeAsync(400);
    expect(await early).toEqual({ ok: true, report: REPORT });
    controller.stop();
  });

  it('[S14] a write made before a start that never comes, or before a stop, counts as offline', async () => {
    const never = setup({ startWaitMs: 15_000 });
    const waiting = never.controller.afterWrite();
    await vi.advanceTimersByTimeAsync(15_000);
    expect(await waiting).toEqual({ ok: false, offline: true });
    const stopped = setup();
    const beforeStop = stopped.controller.afterWrite();
    stopped.controller.stop();
    expect(await beforeStop).toEqual({ ok: false, offline: true });
    expect(await stopped.controller.afterWrite()).toEqual({ ok: false, offline: true });
  });

  it('[S14] syncs on the online event and on the interval only while online and visible', async () => {
    const { controller, run, win, state } = setup();
    controller.start();
    await vi.advanceTimersByTimeAsync(0);
    run.mockClear();
    win.fire('online');
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(run).toHaveBeenCalledTimes(2);
    state.visible = false;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(run).toHaveBeenCalledTimes(2);
    controller.stop();
    state.visible = true;
    await vi.advanceTimersByTimeAsync(120_000);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('[S14] one run at a time: requests during a run share one more run after it', async () => {
    let release: () => void = () => undefined;
    const { controller, run } = setup();
    run.mockImplementation(() => new Promise<SyncReport>((resolve) => (release = () => resolve(REPORT))));
    controller.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(1);
    const a = controller.syncNow();
    const b = controller.syncNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(1);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(2);
    release();
    // What the run in flight sent counts for the clicks that waited for it.
    expect(await a).toEqual({ pushed: 4 });
    expect(await b).toEqual({ pushed: 4 });
    controller.stop();
  });

  it('[S14] a click during a run that sends everything reports what that run sent, not an empty sync', async () => {
    let release: () => void = () => undefined;
    const { controller, run } = setup();
    run.mockImplementationOnce(
      () => new Promise<SyncReport>((resolve) => (release = () => resolve({ ...REPORT, pushed: 1000 }))),
    );
    run.mockImplementationOnce(async () => ({ ...REPORT, pushed: 0 }));
    controller.start();
    await vi.advanceTimersByTimeAsync(0);
    const clicked = controller.syncNow();
    release();
    expect(await clicked).toEqual({ pushed: 1000 });
    expect(run).toHaveBeenCalledTimes(2);
    controller.stop();
  });

  it('[S14] the manual sync hears its answer as soon as the run serving it has decided it, before the run is over', async () => {
    let finish: () => void = () => undefined;
    const { controller, run } = setup();
    controller.start();
    await vi.advanceTimersByTimeAsync(0);
    // The run decides (its last writes under way), then ends later.
    run.mockImplementationOnce(
      (observer) =>
        new Promise<SyncReport>((resolve) => {
          observer?.decided?.({ ...REPORT, pushed: 5 });
          finish = () => resolve({ ...REPORT, pushed: 5 });
        }),
    );
    const decided: { pushed: number }[] = [];
    let over = false;
    const clicked = controller.syncNow({ onDecided: (result) => decided.push(result) }).then((result) => {
      over = true;
      return result;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(decided).toEqual([{ pushed: 5 }]);
    expect(over).toBe(false);
    finish();
    expect(await clicked).toEqual({ pushed: 5 });
    expect(decided).toHaveLength(1);
    controller.stop();
  });

  it('[S14] a click during a run hears the answer of the run after it, with what the run in flight sent', async () => {
    let release: () => void = () => undefined;
    const { controller, run } = setup();
    controller.start();
    await vi.advanceTimersByTimeAsync(0);
    run.mockImplementationOnce(
      () => new Promise<SyncReport>((resolve) => (release = () => resolve({ ...REPORT, pushed: 3 }))),
    );
    run.mockImplementationOnce(async (observer) => {
      observer?.decided?.({ ...REPORT, pushed: 4 });
      return { ...REPORT, pushed: 4 };
    });
    void controller.afterWrite();
    await vi.advanceTimersByTimeAsync(400);
    const decided: { pushed: number }[] = [];
    const clicked = controller.syncNow({ onDecided: (result) => decided.push(result) });
    await vi.advanceTimersByTimeAsync(0);
    // The run in flight deciding is not this click's answer.
    expect(decided).toEqual([]);
    release();
    expect(await clicked).toEqual({ pushed: 7 });
    expect(decided).toEqual([{ pushed: 7 }]);
    controller.stop();
  });

  it('[S14] a manual sync whose run does not go ahead (offline by then) leaves nothing for a later run to report', async () => {
    let release: () => void = () => undefined;
    const { controller, run, state } = setup();
    controller.start();
    await vi.advanceTimersByTimeAsync(0);
    run.mockImplementationOnce(() => new Promise<SyncReport>((resolve) => (release = () => resolve(REPORT))));
    void controller.afterWrite();
    await vi.advanceTimersByTimeAsync(400);
    const decided: { pushed: number }[] = [];
    const clicked = controller.syncNow({ onDecided: (result) => decided.push(result) });
    state.online = false;
    release();
    await expect(clicked).rejects.toBeInstanceOf(SyncOfflineError);
    state.online = true;
    run.mockImplementationOnce(async (observer) => {
      observer?.decided?.(REPORT);
      return REPORT;
    });
    const later = controller.afterWrite();
    await vi.advanceTimersByTimeAsync(400);
    expect(await later).toEqual({ ok: true, report: REPORT });
    expect(decided).toEqual([]);
    controller.stop();
  });

  it('[S14] the manual sync returns the pushed count, throws SyncOfflineError offline and the error on failure', async () => {
    const { controller, run, state, toasts } = setup();
    controller.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(await controller.syncNow()).toEqual({ pushed: 2 });
    state.online = false;
    await expect(controller.syncNow()).rejects.toBeInstanceOf(SyncOfflineError);
    state.online = true;
    run.mockRejectedValueOnce(new RemoteError('server', 'boom', { status: 500 }));
    await expect(controller.syncNow()).rejects.toThrow('boom');
    // The manual action shows its own toast; the automatic failure toast is not used for it.
    expect(toasts).toEqual([]);
    controller.stop();
  });

  it('[S13] [S14] failures retry with back-off and show one toast per failure streak', async () => {
    const { controller, run, toasts } = setup();
    run.mockRejectedValue(new RemoteError('network', 'fetch failed'));
    controller.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(toasts).toEqual([NOTE_MESSAGES.fetchFailed]);
    // Back-off: 2 s, then 4 s, then 8 s (random() = 0 here).
    await vi.advanceTimersByTimeAsync(2000);
    expect(run).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(4000);
    expect(run).toHaveBeenCalledTimes(3);
    expect(toasts).toHaveLength(1);
    expect(controller.getStatus()).toMatchObject({ failures: 3, lastError: 'fetch failed' });
    run.mockResolvedValue(REPORT);
    await vi.advanceTimersByTimeAsync(8000);
    expect(run).toHaveBeenCalledTimes(4);
    expect(controller.getStatus()).toMatchObject({ failures: 0, lastError: null });
    // A new streak of automatic failures shows the automatic toast once more.
    run.mockRejectedValue(new RemoteError('server', 'down', { status: 503 }));
    void controller.afterWrite();
    await vi.advanceTimersByTimeAsync(400);
    expect(toasts).toEqual([NOTE_MESSAGES.fetchFailed, NOTE_MESSAGES.syncFailedAutomatic]);
    controller.stop();
  });

  it('[S13] a failure that retrying cannot fix is not retried automatically', async () => {
    const { controller, run } = setup();
    run.mockRejectedValue(new RemoteError('rejected', 'bad', { status: 400 }));
    controller.start();
    await vi.advanceTimersByTimeAsync(60_000 - 1);
    expect(run).toHaveBeenCalledTimes(1);
    controller.stop();
  });

  it('[S15] each run holds the Web Lock sprout-sync-<userId>', async () => {
    const names: string[] = [];
    const locks = {
      request: async <T>(name: string, callback: () => Promise<T>): Promise<T> => {
        names.push(name);
        return callback();
      },
    };
    const { controller, run } = setup({ locks });
    controller.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(1);
    expect(names).toEqual(['sprout-sync-u1']);
    controller.stop();
  });

  it('[S14] status subscribers hear when a run starts and ends', async () => {
    const { controller } = setup();
    const seen: boolean[] = [];
    controller.subscribe(() => seen.push(controller.getStatus().syncing));
    controller.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual([true, false]);
    expect(controller.getStatus().lastSyncedAt).not.toBeNull();
    controller.stop();
  });

  it('[S14] stop() settles pending write outcomes as offline', async () => {
    const { controller } = setup();
    controller.start();
    const outcome = controller.afterWrite();
    controller.stop();
    expect(await outcome).toEqual({ ok: false, offline: true });
  });

  it('[S21] pulls once shortly after a burst of change hints', async () => {
    const { controller, run } = setup({ remoteDebounceMs: 50 });
    controller.start();
    await vi.advanceTimersByTimeAsync(0);
    run.mockClear();
    controller.remoteChanged();
    controller.remoteChanged();
    await vi.advanceTimersByTimeAsync(20);
    controller.remoteChanged();
    await vi.advanceTimersByTimeAsync(30);
    expect(run).toHaveBeenCalledTimes(1);
    controller.stop();
    controller.remoteChanged();
    await vi.advanceTimersByTimeAsync(100);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('[S21] runs nothing for hints of revisions the device has pulled through (the echo of its own push), and runs for a newer one or one without a revision', async () => {
    let through = 100;
    const { controller, run } = setup({ remoteDebounceMs: 50, pulledThrough: async () => through });
    controller.start();
    await vi.advanceTimersByTimeAsync(0);
    run.mockClear();
    controller.remoteChanged(99);
    controller.remoteChanged(100);
    await vi.advanceTimersByTimeAsync(50);
    expect(run).not.toHaveBeenCalled();
    controller.remoteChanged(100);
    controller.remoteChanged(101);
    await vi.advanceTimersByTimeAsync(50);
    expect(run).toHaveBeenCalledTimes(1);
    controller.remoteChanged(); // a (re)subscription, or an event without a revision: anything may be new
    await vi.advanceTimersByTimeAsync(50);
    expect(run).toHaveBeenCalledTimes(2);
    through = Number.NaN; // a device that cannot tell pulls
    controller.remoteChanged(5);
    await vi.advanceTimersByTimeAsync(50);
    expect(run).toHaveBeenCalledTimes(3);
    controller.stop();
  });

  it('[S21] judges hints that came during a run by what that run pulled', async () => {
    let through = 100;
    let finish: () => void = () => undefined;
    const run = vi.fn(
      () =>
        new Promise<SyncReport>((resolve) => {
          finish = () => {
            through = 300;
            resolve(REPORT);
          };
        }),
    );
    const { controller } = setup({ remoteDebounceMs: 50, pulledThrough: async () => through, run });
    controller.start();
    await vi.advanceTimersByTimeAsync(0);
    controller.remoteChanged(250); // its own push's echo, before the run's pull answered
    await vi.advanceTimersByTimeAsync(50);
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(1);
    controller.remoteChanged(301);
    await vi.advanceTimersByTimeAsync(50);
    expect(run).toHaveBeenCalledTimes(2);
    controller.stop();
  });

  it('[S21] keeps the interval as a safety net, five times slower while the change feed is healthy', async () => {
    const { controller, run } = setup({ liveIntervalTicks: 5 });
    controller.start();
    await vi.advanceTimersByTimeAsync(0);
    run.mockClear();
    controller.setLive(true);
    await vi.advanceTimersByTimeAsync(4 * 60_000);
    expect(run).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(run).toHaveBeenCalledTimes(1);
    controller.setLive(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(run).toHaveBeenCalledTimes(2);
    controller.stop();
  });
});
