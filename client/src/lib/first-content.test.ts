// The start-up work's wait for the first screen's content (issue 10): it begins after the content's frame,
// or after CONTENT_WAIT_MS on a screen that never says its content is shown.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTENT_WAIT_MS, createFirstContent } from './first-content';

describe('createFirstContent', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function watch(promise: Promise<void>): { done: boolean } {
    const state = { done: false };
    void promise.then(() => {
      state.done = true;
    });
    return state;
  }

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
