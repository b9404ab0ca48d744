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

  it('answers every later ask at once, and a mark before the first ask counts', async () => {
    const content = createFirstContent(() => Promise.resolve());
    content.markShown();
    const first = watch(content.afterShown());
    await vi.advanceTimersByTimeAsync(0);
    expect(first.done).toBe(true);
    const later = watch(content.afterShown());
    await vi.advanceTimersByTimeAsync(0);
    expect(later.done).toBe(true);
  });
});
