// The fallback's retry schedule (spec section 9): at most 3 attempts, waiting 1000 ms x 2^attempt plus
// up to 1000 ms of jitter between them, checked with an injected clock and with Vitest's fake timers.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { abortableSleep, runWithFallbackSchedule, type FallbackClock } from '../src/ai/fallback';
import { ProviderError } from '../src/ai/provider';

const serverError = () => new ProviderError('status', 'provider answered 500', { status: 500, body: 'oops' });

function recordingClock(random: number): FallbackClock & { delays: number[] } {
  const delays: number[] = [];
  return { delays, sleep: async (ms) => void delays.push(ms), random: () => random };
}

function failingAttempts(errors: unknown[], result = 'answer') {
  const calls: number[] = [];
  const attempt = async (index: number) => {
    calls.push(index);
    const error = errors[index];
    if (error) throw error;
    return result;
  };
  return { attempt, calls };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('runWithFallbackSchedule', () => {
  it.each([
    [0, [1000, 2000]],
    [0.5, [1500, 2500]],
    [0.999, [1999, 2999]],
  ])('waits 1000-2000 ms, then 2000-3000 ms (random %s), and makes exactly 3 attempts', async (random, expected) => {
    const clock = recordingClock(random);
    const { attempt, calls } = failingAttempts([serverError(), serverError(), serverError(), serverError()]);
    await expect(
      runWithFallbackSchedule(attempt, { signal: new AbortController().signal, clock }),
    ).rejects.toMatchObject({
      kind: 'status',
    });
    expect(calls).toEqual([0, 1, 2]);
    expect(clock.delays).toEqual(expected);
  });

  it('returns the first success without waiting further', async () => {
    const clock = recordingClock(0);
    const { attempt, calls } = failingAttempts([serverError()], 'second time lucky');
    await expect(runWithFallbackSchedule(attempt, { signal: new AbortController().signal, clock })).resolves.toBe(
      'second time lucky',
    );
    expect(calls).toEqual([0, 1]);
    expect(clock.delays).toEqual([1000]);
  });

  it.each([
    ['timeout', new ProviderError('timeout', 'slow')],
    ['connection', new ProviderError('connection', 'refused')],
    ['invalid response', new ProviderError('invalid_response', 'garbage')],
    ['empty reply', new ProviderError('empty', 'nothing')],
  ])('retries after a %s', async (_name, error) => {
    const clock = recordingClock(0);
    const { attempt, calls } = failingAttempts([error]);
    await runWithFallbackSchedule(attempt, { signal: new AbortController().signal, clock });
    expect(calls).toEqual([0, 1]);
  });

  it.each([401, 403, 429])('stops at once on a %s', async (status) => {
    const clock = recordingClock(0);
    const { attempt, calls } = failingAttempts([new ProviderError('status', 'no', { status })]);
    await expect(
      runWithFallbackSchedule(attempt, { signal: new AbortController().signal, clock }),
    ).rejects.toMatchObject({
      details: { status },
    });
    expect(calls).toEqual([0]);
    expect(clock.delays).toEqual([]);
  });

  it('runs on real timers: nothing happens before each delay has passed (fake clock)', async () => {
    vi.useFakeTimers();
    const { attempt, calls } = failingAttempts([serverError(), serverError(), serverError()]);
    const clock: FallbackClock = { sleep: abortableSleep, random: () => 0.25 };
    const outcome = runWithFallbackSchedule(attempt, { signal: new AbortController().signal, clock }).catch(
      (e: unknown) => e,
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([0]);
    await vi.advanceTimersByTimeAsync(1249);
    expect(calls).toEqual([0]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual([0, 1]);
    await vi.advanceTimersByTimeAsync(2249);
    expect(calls).toEqual([0, 1]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual([0, 1, 2]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toEqual([0, 1, 2]);
    expect(await outcome).toBeInstanceOf(ProviderError);
  });

  it('stops waiting when the browser goes away', async () => {
    vi.useFakeTimers();
    const abort = new AbortController();
    const { attempt, calls } = failingAttempts([serverError(), serverError()]);
    const outcome = runWithFallbackSchedule(attempt, {
      signal: abort.signal,
      clock: { sleep: abortableSleep, random: () => 0 },
    }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(500);
    abort.abort();
    expect(await outcome).toMatchObject({ kind: 'aborted' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toEqual([0]);
  });
});
