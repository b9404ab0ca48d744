import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MEANING_DELAY_MS, MeaningScheduler } from './meaning-scheduler';

interface Call {
  query: string;
  signal: AbortSignal;
  resolve: (value: string) => void;
  reject: (error: unknown) => void;
}

function scheduler() {
  const calls: Call[] = [];
  const answers: [string, string][] = [];
  const errors: [string, unknown][] = [];
  const s = new MeaningScheduler<string>({
    run: (query, _context, signal) =>
      new Promise<string>((resolve, reject) => {
        calls.push({ query, signal, resolve, reject });
      }),
    onAnswer: (query, answer) => answers.push([query, answer]),
    onError: (query, error) => errors.push([query, error]),
  });
  return { s, calls, answers, errors };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('MeaningScheduler', () => {
  it('asks once typing pauses for 300 ms, with the last query typed', async () => {
    const { s, calls, answers } = scheduler();
    expect(MEANING_DELAY_MS).toBe(300);
    for (const typed of ['pod', 'podc', 'podca', 'podcast']) {
      s.ask(typed, undefined);
      vi.advanceTimersByTime(100);
    }
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(200);
    expect(calls.map((c) => c.query)).toEqual(['podcast']);
    calls[0]!.resolve('found');
    await vi.runAllTimersAsync();
    expect(answers).toEqual([['podcast', 'found']]);
  });

  it('asks nothing for fewer than three characters, and drops what waited', () => {
    const { s, calls } = scheduler();
    s.ask('podcast', undefined);
    s.ask(' po ', undefined);
    vi.advanceTimersByTime(1_000);
    expect(calls).toEqual([]);
  });

  it('aborts the request in flight when a newer query is typed, and never reports its answer', async () => {
    const { s, calls, answers, errors } = scheduler();
    s.ask('podcast', undefined);
    vi.advanceTimersByTime(300);
    s.ask('podcast plan', undefined);
    expect(calls[0]!.signal.aborted).toBe(true);
    calls[0]!.resolve('stale');
    vi.advanceTimersByTime(300);
    expect(calls.map((c) => c.query)).toEqual(['podcast', 'podcast plan']);
    expect(calls[1]!.signal.aborted).toBe(false);
    calls[1]!.resolve('fresh');
    await vi.runAllTimersAsync();
    expect(answers).toEqual([['podcast plan', 'fresh']]);
    expect(errors).toEqual([]);
  });

  it('reports a failure of the latest query only, and not an abort', async () => {
    const { s, calls, errors } = scheduler();
    s.ask('podcast', undefined);
    vi.advanceTimersByTime(300);
    s.ask('garden', undefined);
    calls[0]!.reject(new DOMException('aborted', 'AbortError'));
    vi.advanceTimersByTime(300);
    calls[1]!.reject(new Error('down'));
    await vi.runAllTimersAsync();
    expect(errors).toEqual([['garden', new Error('down')]]);
  });

  it('asks a query once, trailing spaces and all, until cancelled', () => {
    const { s, calls } = scheduler();
    s.ask('podcast', undefined);
    vi.advanceTimersByTime(300);
    s.ask('podcast ', undefined);
    vi.advanceTimersByTime(300);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.signal.aborted).toBe(false);
    // Offline and back: the same query is asked again.
    s.cancel();
    expect(calls[0]!.signal.aborted).toBe(true);
    s.ask('podcast', undefined);
    vi.advanceTimersByTime(300);
    expect(calls).toHaveLength(2);
  });

  it('asks nothing once cancelled before typing paused', () => {
    const { s, calls } = scheduler();
    s.ask('podcast', undefined);
    vi.advanceTimersByTime(200);
    s.cancel();
    vi.advanceTimersByTime(1_000);
    expect(calls).toEqual([]);
  });
});
