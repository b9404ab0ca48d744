// The spec's fallback completion (section 9): up to 3 attempts, waiting fallbackDelayMs(attempt) between
// them (1000 ms x 2^attempt + up to 1000 ms jitter, capped at 10 s). The clock is injectable so tests
// can check the schedule without waiting for it.
import { FALLBACK_MAX_ATTEMPTS, fallbackDelayMs } from '#core/backoff';
import { ProviderError } from './provider';

export interface FallbackClock {
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  random(): number;
}

/** Resolves after ms, or rejects with an 'aborted' ProviderError as soon as the signal aborts. */
export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const aborted = () => new ProviderError('aborted', 'the request was cancelled');
    if (signal.aborted) return reject(aborted());
    const onAbort = () => {
      clearTimeout(timer);
      reject(aborted());
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** The clock the server uses. Tests may replace its members (vi.spyOn) to run the schedule instantly. */
export const fallbackClock: FallbackClock = {
  sleep: abortableSleep,
  random: () => Math.random(),
};

/** Worth another attempt: the same failures that allow the fallback, plus odd or empty replies. */
function worthRetrying(error: unknown): boolean {
  if (!(error instanceof ProviderError)) return false;
  if (error.kind === 'status') return (error.details.status ?? 0) >= 500;
  return (
    error.kind === 'timeout' ||
    error.kind === 'connection' ||
    error.kind === 'invalid_response' ||
    error.kind === 'empty'
  );
}

/**
 * Runs `attempt` until it succeeds, at most maxAttempts times; rethrows the last failure. A 4xx (an
 * invalid key, a rate limit) ends the attempts at once, as does the signal.
 */
export async function runWithFallbackSchedule<T>(
  attempt: (index: number) => Promise<T>,
  options: { signal: AbortSignal; clock?: FallbackClock; maxAttempts?: number },
): Promise<T> {
  const clock = options.clock ?? fallbackClock;
  const maxAttempts = options.maxAttempts ?? FALLBACK_MAX_ATTEMPTS;
  let lastError: unknown = new ProviderError('unexpected', 'no fallback attempt was made');
  for (let index = 0; index < maxAttempts; index++) {
    if (options.signal.aborted) throw new ProviderError('aborted', 'the request was cancelled');
    try {
      return await attempt(index);
    } catch (error) {
      lastError = error;
      if (!worthRetrying(error) || index === maxAttempts - 1) break;
      await clock.sleep(
        fallbackDelayMs(index, () => clock.random()),
        options.signal,
      );
    }
  }
  throw lastError;
}
