// When the page has shown its first screen's content, and the start-up work that waits for it (issue 10).
// A signed-in start is judged by when the user sees their notes. The rest of the start (the auth client's
// code, the sync's first run and change feed, the account's AI preferences, the service worker) only
// competes with that for a phone's network and main thread, so it begins once the content is painted:
// a screen that shows notes says when it has them (useContentShown; the sidebar's Recent Ideas do not
// count), on any other screen a second after the first ask.

import { useEffect } from 'react';
import { nextTask } from './next-task';

/** How long start-up work waits for a screen to say its content is shown. */
export const CONTENT_WAIT_MS = 1000;

export interface FirstContent {
  /** A screen has rendered its content (the first call counts). */
  markShown(): void;
  /**
   * Resolves after the first content's frame is painted, or CONTENT_WAIT_MS after the first ask; each
   * later ask a task after the one before it.
   */
  afterShown(): Promise<void>;
}

/**
 * One page's signal; `nextPaint` resolves after the next frame has been painted, `waitTurn` after the
 * main thread has run other tasks.
 *
 * The work waiting for the content is let go one waiter per task, in the order they asked (on a signed-in
 * start the service worker's, the auth client's, then the sync's, a few milliseconds apart): released
 * together, their starts ran as one long task on a phone's CPU, all of it blocking (docs/decisions.md,
 * 'Start-up work is let go one task at a time'); one at a time, each is a short task, and input or a frame can come between them.
 */
export function createFirstContent(
  nextPaint: () => Promise<void> = afterNextPaint,
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

/** Resolves once this page's first content is painted (or CONTENT_WAIT_MS after the first ask). */
export const afterContentShown: () => Promise<void> = page.afterShown;
