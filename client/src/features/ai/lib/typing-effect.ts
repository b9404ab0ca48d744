// The typing effect of AI replies (spec sections 4 and 9): 40 more characters every 50 ms until the
// whole text shows. Pure, so the schedule is tested without timers.

export const TYPING_STEP_CHARS = 40;
export const TYPING_INTERVAL_MS = 50;

/** How many characters show after the next tick. */
export function nextRevealLength(shown: number, total: number, step: number = TYPING_STEP_CHARS): number {
  if (shown >= total) return total;
  return Math.min(total, Math.max(0, shown) + step);
}

/**
 * Every tick of the effect from `from` characters: when (ms after the text arrived) and how many then
 * show. The first tick is at once; the pace then is one tick per interval.
 */
export function typingSchedule(
  total: number,
  from = 0,
  step: number = TYPING_STEP_CHARS,
  intervalMs: number = TYPING_INTERVAL_MS,
): { atMs: number; length: number }[] {
  const ticks: { atMs: number; length: number }[] = [];
  let shown = Math.min(from, total);
  while (shown < total) {
    shown = nextRevealLength(shown, total, step);
    ticks.push({ atMs: ticks.length * intervalMs, length: shown });
  }
  return ticks;
}

/** The first `length` characters, never ending inside a surrogate pair (an emoji split in half). */
export function revealText(text: string, length: number): string {
  if (length >= text.length) return text;
  if (length <= 0) return '';
  const code = text.charCodeAt(length - 1);
  const end = code >= 0xd800 && code <= 0xdbff ? length + 1 : length;
  return text.slice(0, end);
}
