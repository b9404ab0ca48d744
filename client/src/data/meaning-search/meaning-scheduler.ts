// When the search by meaning asks the server, as the user types: once typing pauses, for a query of a
// few characters at least, one request at a time. Each key would otherwise cost an embedding at the
// provider and a place in the user's allowance (RATE_LIMIT_SEARCH) for an answer nobody reads.

/** How long typing must pause before the query is asked (the instant word results show meanwhile). */
export const MEANING_DELAY_MS = 300;
/** The shortest query asked: one or two letters mean nothing yet. */
export const MEANING_MIN_CHARS = 3;

export interface MeaningSchedulerOptions<T, C> {
  /** Asks the server, with what `ask` was given; `signal` aborts when a newer query replaces this one. */
  run: (query: string, context: C, signal: AbortSignal) => Promise<T>;
  /** The answer to the latest query asked (trimmed), never one replaced since. */
  onAnswer: (query: string, answer: T) => void;
  /** The latest query failed (an abort is no failure and is not reported). */
  onError: (query: string, error: unknown) => void;
  delayMs?: number;
  minChars?: number;
}

export class MeaningScheduler<T, C = undefined> {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private inFlight: AbortController | null = null;
  /** The query waiting, in flight or answered: asking it again (a space typed after it) asks nothing. */
  private asked: string | null = null;

  constructor(private readonly options: MeaningSchedulerOptions<T, C>) {}

  /**
   * The user typed `query`: it is asked once typing pauses (with `context`: who asks, how many), and what
   * was waiting or in flight is dropped.
   */
  ask(query: string, context: C): void {
    const trimmed = query.trim();
    if (trimmed === this.asked) return;
    this.cancel();
    if (trimmed.length < (this.options.minChars ?? MEANING_MIN_CHARS)) return;
    this.asked = trimmed;
    this.timer = setTimeout(() => this.start(trimmed, context), this.options.delayMs ?? MEANING_DELAY_MS);
  }

  /** Drops what is waiting or in flight; the next ask asks again, even the same query. */
  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.inFlight?.abort();
    this.inFlight = null;
    this.asked = null;
  }

  private start(query: string, context: C): void {
    this.timer = null;
    const controller = new AbortController();
    this.inFlight = controller;
    const current = () => this.inFlight === controller && !controller.signal.aborted;
    let answer: Promise<T>;
    try {
      answer = this.options.run(query, context, controller.signal);
    } catch (error) {
      answer = Promise.reject(error);
    }
    answer.then(
      (value) => {
        if (!current()) return;
        this.inFlight = null;
        this.options.onAnswer(query, value);
      },
      (error: unknown) => {
        if (!current()) return;
        this.inFlight = null;
        this.options.onError(query, error);
      },
    );
  }
}
