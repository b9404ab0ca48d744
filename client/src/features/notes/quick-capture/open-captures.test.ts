// Quick notes written down while their page holds them, and swept by a later start once no page does. The
// Web Locks API is this file's stand-in (happy-dom has none): exclusive locks by name, queued, a `signal`
// that drops a waiting request, and a page's end letting go of its locks. Each page has its own device
// (its locks and what it holds).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { keepOpenCapture, settleOpenCapture, sweepOpenCaptures, type OpenCapturesDevice } from './open-captures';

const USER = 'u1';
const KEY = `sprout.openCaptures:${USER}`;

class PageLocks {
  constructor(
    private readonly held: Map<string, PageLocks>,
    private readonly queues: Map<string, (() => void)[]>,
  ) {}

  request(name: string, ...args: unknown[]): Promise<unknown> {
    const [options, callback] = (args.length === 1 ? [{}, args[0]] : args) as [
      { signal?: AbortSignal },
      (lock: { name: string }) => Promise<unknown> | unknown,
    ];
    const run = () => {
      this.held.set(name, this);
      return Promise.resolve(callback({ name })).finally(() => {
        if (this.held.get(name) === this) this.release(name);
      });
    };
    if (!this.held.has(name)) return run();
    return new Promise((resolve, reject) => {
      const queue = this.queues.get(name) ?? [];
      this.queues.set(name, queue);
      const grant = () => {
        options.signal?.removeEventListener('abort', abort);
        run().then(resolve, reject);
      };
      const abort = () => {
        queue.splice(queue.indexOf(grant), 1);
        reject(new DOMException('The request was aborted.', 'AbortError'));
      };
      options.signal?.addEventListener('abort', abort, { once: true });
      queue.push(grant);
    });
  }

  private release(name: string): void {
    this.held.delete(name);
    this.queues.get(name)?.shift()?.();
  }

  /** The page ends: its locks go, whatever its callbacks were waiting for. */
  end(): void {
    for (const [name, page] of [...this.held]) if (page === this) this.release(name);
  }
}

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

let heldLocks: Map<string, PageLocks>;
let lockQueues: Map<string, (() => void)[]>;
let storage: ReturnType<typeof memoryStorage>;

const module = { keepOpenCapture, settleOpenCapture, sweepOpenCaptures };

function openPage() {
  const locks = new PageLocks(heldLocks, lockQueues);
  const device: OpenCapturesDevice = {
    locks: locks as unknown as OpenCapturesDevice['locks'],
    storage,
    held: new Map(),
  };
  return { module, locks, device };
}

const written = () => JSON.parse(storage.getItem(KEY) ?? '[]') as unknown[];

beforeEach(() => {
  heldLocks = new Map();
  lockQueues = new Map();
  storage = memoryStorage();
});

describe('open captures', () => {
  it('writes a capture down once its page holds it, and forgets it when its editor settles it', async () => {
    const page = openPage();
    await page.module.keepOpenCapture(USER, { id: 'a', mutationId: 'm1' }, page.device);
    expect(written()).toEqual([{ id: 'a', mutationId: 'm1' }]);
    expect(heldLocks.has('sprout.capture:a')).toBe(true);
    page.module.settleOpenCapture(USER, 'a', page.device);
    expect(written()).toEqual([]);
    await vi.waitFor(() => expect(heldLocks.has('sprout.capture:a')).toBe(false));
  });

  it('a later start removes the captures of pages that ended, and those of living pages once they end', async () => {
    const ended = openPage();
    await ended.module.keepOpenCapture(USER, { id: 'left', mutationId: 'm1' }, ended.device);
    const living = openPage();
    await living.module.keepOpenCapture(USER, { id: 'open', mutationId: 'm2' }, living.device);
    ended.locks.end();

    const start = openPage();
    const discard = vi.fn(async () => ({ discarded: true }));
    let swept = false;
    const sweep = start.module.sweepOpenCaptures(USER, discard, start.device).then(() => (swept = true));
    await vi.waitFor(() => expect(discard.mock.calls).toEqual([[{ id: 'left', mutationId: 'm1' }]]));
    expect(written()).toEqual([{ id: 'open', mutationId: 'm2' }]);
    // The living page's capture is left to it while it lives, and removed once it ends.
    expect(swept).toBe(false);
    living.locks.end();
    await sweep;
    expect(discard.mock.calls).toEqual([[{ id: 'left', mutationId: 'm1' }], [{ id: 'open', mutationId: 'm2' }]]);
    expect(written()).toEqual([]);
  });

  it('a capture its own editor settles while the sweep waits is not removed; a page never sweeps its own', async () => {
    const living = openPage();
    await living.module.keepOpenCapture(USER, { id: 'open', mutationId: 'm2' }, living.device);
    const start = openPage();
    const discard = vi.fn(async () => ({ discarded: true }));
    const sweep = start.module.sweepOpenCaptures(USER, discard, start.device);
    living.module.settleOpenCapture(USER, 'open', living.device);
    await sweep;
    expect(discard).not.toHaveBeenCalled();

    await living.module.keepOpenCapture(USER, { id: 'again', mutationId: 'm3' }, living.device);
    heldLocks.clear();
    await living.module.sweepOpenCaptures(USER, discard, living.device);
    expect(discard).not.toHaveBeenCalled();
  });

  it('ends its waits when the signal aborts, without an error', async () => {
    const living = openPage();
    await living.module.keepOpenCapture(USER, { id: 'open', mutationId: 'm2' }, living.device);
    const start = openPage();
    const discard = vi.fn(async () => ({ discarded: true }));
    const ended = new AbortController();
    const sweep = start.module.sweepOpenCaptures(USER, discard, start.device, ended.signal);
    ended.abort();
    await expect(sweep).resolves.toBeUndefined();
    living.locks.end();
    expect(discard).not.toHaveBeenCalled();
    expect(written()).toEqual([{ id: 'open', mutationId: 'm2' }]);
  });

  it('keeps a capture written down when its removal fails, for the next start to try again', async () => {
    const ended = openPage();
    await ended.module.keepOpenCapture(USER, { id: 'left', mutationId: null }, ended.device);
    ended.locks.end();
    const start = openPage();
    await expect(
      start.module.sweepOpenCaptures(USER, () => Promise.reject(new Error('database closed')), start.device),
    ).rejects.toThrow('database closed');
    expect(written()).toEqual([{ id: 'left', mutationId: null }]);
  });

  it('without Web Locks or storage writes nothing down and sweeps nothing; what is not a capture is ignored', async () => {
    const page = openPage();
    await page.module.keepOpenCapture(USER, { id: 'a', mutationId: 'm1' }, { ...page.device, locks: null });
    expect(written()).toEqual([]);
    storage.setItem(KEY, JSON.stringify([{ id: 7 }, 'x', { id: 'b', mutationId: 'm' }]));
    const discard = vi.fn(async () => undefined);
    await page.module.sweepOpenCaptures(USER, discard, { ...page.device, locks: null });
    expect(discard).not.toHaveBeenCalled();
    await page.module.sweepOpenCaptures(USER, discard, page.device);
    expect(discard.mock.calls).toEqual([[{ id: 'b', mutationId: 'm' }]]);
  });
});
