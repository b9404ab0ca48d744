// Retry delays: the AI fallback's schedule (spec section 9) and a general exponential back-off.

export interface BackoffOptions {
  /** Delay before jitter for attempt 0. */
  baseMs: number;
  /** Growth per attempt. */
  factor: number;
  /** Cap on the whole delay, jitter included. */
  maxMs: number;
  /** Up to this much random delay is added, so clients that failed together do not retry together. */
  jitterMs: number;
}

/** The fallback completion is tried at most this many times. */
export const FALLBACK_MAX_ATTEMPTS = 3;

export const FALLBACK_BACKOFF: Readonly<BackoffOptions> = Object.freeze({
  baseMs: 1000,
  factor: 2,
  maxMs: 10_000,
  jitterMs: 1000,
});

// A misbehaving random source must not produce negative or unbounded delays.
function unitRandom(random: () => number): number {
  const r = random();
  return Number.isFinite(r) ? Math.min(Math.max(r, 0), 1) : 0;
}

/**
 * Whole milliseconds to wait after attempt `attempt` (0-based) failed:
 * min(baseMs * factor^attempt + random() * jitterMs, maxMs).
 */
export function exponentialBackoff(
  options: BackoffOptions,
  attempt: number,
  random: () => number = Math.random,
): number {
  const n = Number.isNaN(attempt) ? 0 : Math.max(0, Math.floor(attempt));
  const delay = options.baseMs * options.factor ** n + unitRandom(random) * options.jitterMs;
  return Math.max(0, Math.floor(Math.min(delay, options.maxMs)));
}

/** The fallback's wait after attempt `attempt` (0-based) failed: 1-2 s, 2-3 s, 4-5 s, ... capped at 10 s. */
export function fallbackDelayMs(attempt: number, random: () => number = Math.random): number {
  return exponentialBackoff(FALLBACK_BACKOFF, attempt, random);
}
