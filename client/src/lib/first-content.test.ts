// The start-up work's wait for the first screen's content (issue 10): it begins after the content's frame,
// or after CONTENT_WAIT_MS on a screen that never says its content is shown; the frame on screen, where the
// browser says when it is.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTENT_WAIT_MS, createFirstContent, PRESENT_WAIT_MS, whenOnScreen } from './first-content';

/** Whether `promise` has resolved yet, read after the fake timers have run. */
function watch(promise: Promise<void>): { done: boolean } {
  const state = { done: false };
  void promise.then(() => {
    state.done = true;
  });
  return state;
}

describe('createFirstContent', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lets the work start once the shown content has been painted', async () => {
    let paint = () => {};
    const content = createFirstContent(() => new Promise((resolve) => (paint = resolve)));
    const work = watch(content.afterShown());
    content.markShown();
    await vi.advanceTimersByTimeAsync(10);
    expect(work.done).toBe(false);
    paint();
    await vi.advanceTimersByTimeAsync(0);
    expect(work.done).toBe(true);
  });

  it('lets the work start after the wait when no screen says its content is shown', async () => {
    const content = createFirstContent(() => Promise.resolve());
    const work = watch(content.afterShown());
    await vi.advanceTimersByTimeAsync(CONTENT_WAIT_MS - 1);
    expect(work.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(work.done).toBe(true);
  });

  it('lets each later ask go a task after the one before, and a mark before the first ask counts', async () => {
    // Each turn waits for a task the test runs by hand.
    const tasks: (() => void)[] = [];
    const runTask = async () => {
      await vi.advanceTimersByTimeAsync(0);
      tasks.shift()?.();
      await vi.advanceTimersByTimeAsync(0);
    };
    const content = createFirstContent(
      () => Promise.resolve(),
      CONTENT_WAIT_MS,
      () => new Promise((resolve) => tasks.push(resolve)),
    );
    content.markShown();
    const order: string[] = [];
    void content.afterShown().then(() => order.push('sync'));
    void content.afterShown().then(() => order.push('auth'));
    void content.afterShown().then(() => order.push('service worker'));
    await vi.advanceTimersByTimeAsync(0);
    expect(order).toEqual(['sync']);
    await runTask();
    expect(order).toEqual(['sync', 'auth']);
    await runTask();
    expect(order).toEqual(['sync', 'auth', 'service worker']);
    const later = watch(content.afterShown());
    await runTask();
    expect(later.done).toBe(true);
  });
});

describe('whenOnScreen', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function later(): { promise: Promise<void>; resolve: () => void } {
    let resolve = () => {};
    const promise = new Promise<void>((done) => (resolve = done));
    return { promise, resolve };
  }

  it('waits for the paint, then for the browser to say the content was presented', async () => {
    const paint = later();
    const presented = later();
    const onScreen = watch(whenOnScreen(paint.promise, presented.promise));
    presented.resolve();
    await vi.advanceTimersByTimeAsync(PRESENT_WAIT_MS);
    expect(onScreen.done).toBe(false);
    paint.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(onScreen.done).toBe(true);
  });

  it('stops waiting for the presentation PRESENT_WAIT_MS after the paint', async () => {
    const onScreen = watch(whenOnScreen(Promise.resolve(), new Promise(() => {})));
    await vi.advanceTimersByTimeAsync(PRESENT_WAIT_MS - 1);
    expect(onScreen.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(onScreen.done).toBe(true);
  });

  it('goes right after the paint where the browser cannot say (no Element Timing, a hidden page)', async () => {
    const onScreen = watch(whenOnScreen(Promise.resolve(), null));
    await vi.advanceTimersByTimeAsync(0);
    expect(onScreen.done).toBe(true);
  });
});
