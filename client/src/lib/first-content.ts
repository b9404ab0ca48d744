// When the page has shown its first screen's content, and the start-up work that waits for it (issue 10).
// A signed-in start is judged by when the user sees their notes. The rest of the start (the auth client's
// code, the sync's first run and change feed, the account's AI preferences, the service worker) only
// competes with that for a phone's network and main thread, so it begins once the content is on screen:
// a screen that shows notes says when it has them (useContentShown; the sidebar's Recent Ideas do not
// count), on any other screen a second after the first ask.

import { useEffect } from 'react';
import { nextTask } from './next-task';

/** How long start-up work waits for a screen to say its content is shown. */
export const CONTENT_WAIT_MS = 1000;

/**
 * The `elementtiming` identifier of the text that shows a screen's content (a card's title, an empty
 * screen's message): the browser says when the frame drawing it was presented, not only painted.
 */
export const CONTENT_TIMING = 'content';

/** How long, after the content's frame is painted, the work waits for the browser to say it is on screen. */
export const PRESENT_WAIT_MS = 250;

export interface FirstContent {
  /** A screen has rendered its content (the first call counts). */
  markShown(): void;
  /**
   * Resolves once the first content's frame is on screen, or CONTENT_WAIT_MS after the first ask; each
   * later ask a task after the one before it.
   */
  afterShown(): Promise<void>;
}

/**
 * One page's signal; `nextPaint` resolves once the content's frame is on screen, `waitTurn` after the
 * main thread has run other tasks.
 *
 * The work waiting for the content is let go one waiter per task, in the order they asked (on a signed-in
 * start the service worker's, the auth client's, then the sync's, a few milliseconds apart): released
 * together, their starts ran as one long task on a phone's CPU, all of it blocking (docs/decisions.md,
 * 'Start-up work is let go one task at a time'); one at a time, each is a short task, and input or a frame can come between them.
 */
export function createFirstContent(
  nextPaint: () => Promise<void> = afterContentOnScreen,
  waitMs = CONTENT_WAIT_MS,
  waitTurn: () => Promise<void> = nextTask,
): FirstContent {
  let markShown = () => {};
  const shown = new Promise<void>((resolve) => {
    markShown = resolve;
  });
  let settled: Promise<void> | null = null;
  /** The last waiter's turn: each waiter's comes a task after the one before. */
  let lastTurn: Promise<void> | null = null;
  return {
    markShown: () => markShown(),
    afterShown: () => {
      settled ??= Promise.race([shown.then(nextPaint), new Promise<void>((resolve) => setTimeout(resolve, waitMs))]);
      lastTurn = lastTurn ? lastTurn.then(waitTurn) : settled;
      return lastTurn;
    },
  };
}

/**
 * After the frame that shows the content is on screen: once it is painted (below), and then, where the
 * browser has Element Timing (Chromium), once an element marked CONTENT_TIMING is presented, or
 * PRESENT_WAIT_MS later. On a busy phone the frame reaches the screen 50-150 ms after the main thread
 * painted it (raster and the GPU process share the cores); work let go in between delays it, and
 * Lighthouse counts every request that ends before it toward the LCP (docs/decisions.md, 'The start-up
 * work waits until the content is on screen').
 */
function afterContentOnScreen(): Promise<void> {
  const visible = typeof document !== 'undefined' && document.visibilityState !== 'hidden';
  return whenOnScreen(afterNextPaint(), visible ? contentPresented : null);
}

/**
 * Resolves once `painted` has, then once `presented` has or `waitMs` after the paint; right after the
 * paint when there is no `presented` to wait for.
 */
export function whenOnScreen(
  painted: Promise<void>,
  presented: Promise<void> | null,
  waitMs = PRESENT_WAIT_MS,
): Promise<void> {
  return painted.then(() =>
    presented ? Promise.race([presented, new Promise<void>((resolve) => setTimeout(resolve, waitMs))]) : undefined,
  );
}

/** Resolves once an element marked CONTENT_TIMING has been presented; null without Element Timing. */
const contentPresented: Promise<void> | null =
  typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('element')
    ? new Promise((resolve) => {
        const observer = new PerformanceObserver((list) => {
          if (list.getEntries().some((entry) => 'identifier' in entry && entry.identifier === CONTENT_TIMING)) {
            observer.disconnect();
            resolve();
          }
        });
        observer.observe({ type: 'element', buffered: true });
      })
    : null;

/**
 * After the next frame: a task queued from requestAnimationFrame runs once that frame is painted. A
 * hidden page paints no frames, so there it resolves at once.
 */
function afterNextPaint(): Promise<void> {
  if (
    typeof document === 'undefined' ||
    document.visibilityState === 'hidden' ||
    typeof requestAnimationFrame !== 'function'
  ) {
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    requestAnimationFrame(() => void nextTask().then(resolve));
  });
}

const page = createFirstContent();

/** For a screen: its content is rendered once `shown` is true (the first time counts, for the page). */
export function useContentShown(shown: boolean): void {
  useEffect(() => {
    if (shown) page.markShown();
  }, [shown]);
}

/** Resolves once this page's first content is on screen (or CONTENT_WAIT_MS after the first ask). */
export const afterContentShown: () => Promise<void> = page.afterShown;

/** How long work that waits for an idle page waits at most after the content. */
export const IDLE_WAIT_MS = 3000;

/**
 * Resolves once this page's first content is on screen and then the page is idle (requestIdleCallback,
 * at most IDLE_WAIT_MS later): for start-up work nothing on screen needs, whose CPU (a worker's, the
 * service worker's) would otherwise compete with the start's own tasks on a phone's few cores.
 */
export function afterContentIdle(): Promise<void> {
  return afterContentShown().then(
    () =>
      new Promise<void>((resolve) => {
        if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: IDLE_WAIT_MS });
        else setTimeout(resolve, 0);
      }),
  );
}
