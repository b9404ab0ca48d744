// The request thread's handle on the worker that owns PGlite (pglite-worker.ts): queries are posted to
// it and answered by id. Only this thread's driver decides the order of queries (pglite-driver.ts).
import { Worker } from 'node:worker_threads';
import {
  deserializeError,
  type PGliteSource,
  type QueryOutcome,
  type WorkerMessage,
  type WorkerRequest,
  type WorkerStart,
} from './pglite-worker-protocol';
import { siblingScript } from './sibling-script';
import type { LocalSettings } from './set-config';

type Pending = { resolve: (value: QueryOutcome | null) => void; reject: (error: Error) => void };
type RequestBody = WorkerRequest extends infer R ? (R extends WorkerRequest ? Omit<R, 'id'> : never) : never;

/**
 * Starts a worker thread that waits to be told what to open (PGliteThread.open): its isolate boots and
 * PGlite's code loads meanwhile. Opens nothing by itself, so it may start before the data-dir lock is held.
 */
export function spawnPGliteWorker(): Worker {
  const { url, execArgv } = siblingScript('pglite-worker');
  const worker = new Worker(url, { execArgv });
  // A worker that dies before open() listens (its code failed to load) fails that open, not the process.
  worker.on('error', (error) => earlyFailures.set(worker, error));
  worker.on('exit', (code) => {
    if (!earlyFailures.has(worker)) earlyFailures.set(worker, new Error(`the database worker exited (code ${code})`));
  });
  return worker;
}

const earlyFailures = new WeakMap<Worker, Error>();

let earlyWorker: Worker | undefined;

/** Starts a worker before the server's code loads (boot.ts), for main.ts to take. */
export function startEarlyWorker(): void {
  earlyWorker ??= spawnPGliteWorker();
}

/** The worker boot.ts started, once; undefined when none was. */
export function takeEarlyWorker(): Worker | undefined {
  const worker = earlyWorker;
  earlyWorker = undefined;
  return worker;
}

export class PGliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();
  #nextId = 1;
  #failure: Error | null = null;
  #closed = false;
  #onLost: ((error: Error) => void) | null = null;

  private constructor(worker: Worker) {
    this.#worker = worker;
  }

  /**
   * Tells a worker (a new one unless given one from spawnPGliteWorker) what to open; resolves once PGlite
   * is open and migrated there.
   */
  static open(
    source: PGliteSource,
    settings: Record<string, string> = {},
    worker = spawnPGliteWorker(),
  ): Promise<PGliteThread> {
    const failure = earlyFailures.get(worker);
    if (failure) return Promise.reject(failure);
    const start: WorkerStart = { source, settings };
    worker.postMessage(start, source.kind === 'memory' && source.image ? [source.image] : []);
    const thread = new PGliteThread(worker);
    return new Promise((resolve, reject) => {
      const onStartMessage = (message: WorkerMessage) => {
        if (message.kind === 'ready') {
          worker.off('message', onStartMessage);
          worker.on('message', (next: WorkerMessage) => thread.#receive(next));
          resolve(thread);
        } else if (message.kind === 'failed') {
          worker.off('message', onStartMessage);
          void worker.terminate();
          reject(deserializeError(message.error));
        }
      };
      worker.on('message', onStartMessage);
      worker.once('error', reject);
      worker.on('error', (error) => thread.#fail(error));
      worker.on('exit', (code) => thread.#fail(new Error(`the database worker exited (code ${code})`)));
    });
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** Requests posted to the worker and not answered yet: its queue, the running one included. */
  get pending(): number {
    return this.#pending.size;
  }

  /** One statement; with `settings`, in a transaction of its own that sets them first (the worker's). */
  query(sql: string, params: readonly unknown[] = [], settings?: LocalSettings): Promise<QueryOutcome> {
    return this.#send(
      settings ? { kind: 'query', sql, params, settings } : { kind: 'query', sql, params },
    ) as Promise<QueryOutcome>;
  }

  async exec(sql: string): Promise<void> {
    await this.#send({ kind: 'exec', sql });
  }

  /** NOTIFY payloads of a channel; resolves once the worker listens. Returns the unsubscribe. */
  async listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>> {
    const handlers = this.#listeners.get(channel) ?? new Set();
    this.#listeners.set(channel, handlers);
    handlers.add(handler);
    if (handlers.size === 1) await this.#send({ kind: 'listen', channel });
    return async () => {
      handlers.delete(handler);
      if (handlers.size === 0 && this.#listeners.get(channel) === handlers) {
        this.#listeners.delete(channel);
        if (!this.#closed) await this.#send({ kind: 'unlisten', channel });
      }
    };
  }

  /** Called once if the worker dies while open (a crash in PGlite, not a close()). */
  onLost(callback: (error: Error) => void): void {
    this.#onLost = callback;
  }

  /** Ends the worker thread abruptly, as a crash would: for tests of what the server does then. */
  async crashForTests(): Promise<void> {
    await this.#worker.terminate();
  }

  /** Closes PGlite (flushing it to disk) and ends the worker. */
  async close(): Promise<void> {
    if (this.#closed) return;
    // A dead worker has nothing to flush, and no 'exit' left to wait for.
    if (this.#failure) {
      this.#closed = true;
      return;
    }
    const exited = new Promise((resolve) => this.#worker.once('exit', resolve));
    await this.#send({ kind: 'close' }).catch(() => undefined);
    this.#closed = true;
    await exited;
  }

  #send(body: RequestBody): Promise<QueryOutcome | null> {
    if (this.#failure) return Promise.reject(this.#failure);
    if (this.#closed) return Promise.reject(new Error('the database is closed'));
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...body, id } as WorkerRequest);
    });
  }

  #receive(message: WorkerMessage): void {
    if (message.kind === 'notify') {
      for (const handler of this.#listeners.get(message.channel) ?? []) handler(message.payload);
      return;
    }
    if (message.kind !== 'result' && message.kind !== 'error') return;
    const pending = this.#pending.get(message.id);
    this.#pending.delete(message.id);
    if (message.kind === 'result') pending?.resolve(message.value);
    else pending?.reject(deserializeError(message.error));
  }

  /** A worker that died takes every waiting query with it; later queries fail at once. */
  #fail(error: Error): void {
    if (this.#closed && this.#pending.size === 0) return;
    const first = this.#failure === null;
    this.#failure ??= error;
    if (first && !this.#closed) this.#onLost?.(error);
    for (const pending of this.#pending.values()) pending.reject(error);
    this.#pending.clear();
  }
}
