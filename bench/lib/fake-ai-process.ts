// The fake AI provider (test/kit) in a Node process of its own, for the ai group: a real provider is
// never in the client's process, and one that shared the client's event loop made the direct read
// skip the process hop that every call to a provider (and the server's own call) pays. The process
// notes when it writes each content chunk, on the clock every process of the machine shares
// (CLOCK_MONOTONIC, process.hrtime), so the client can time each chunk's trip from the write.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { stop } from './processes';

/** Milliseconds on the monotonic clock shared by every process of the machine. */
export const monotonicMs = (): number => Number(process.hrtime.bigint()) / 1e6;

export interface FakeAiProcess {
  /** Base URL for an OpenAI client, ending in /v1. */
  url: string;
  /** When each content chunk of the last streamed chat completion was written (monotonicMs). */
  lastStreamWrites(): Promise<number[]>;
  close(): Promise<void>;
}

type FromChild = { kind: 'listening'; url: string } | { kind: 'writes'; writes: number[] };

/** Starts the fake in a child process; every streamed chat answers `deltas`, `chunkDelayMs` apart. */
export async function startFakeAiProcess(deltas: string[], chunkDelayMs: number): Promise<FakeAiProcess> {
  const child = fork(fileURLToPath(import.meta.url), ['--child'], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, FAKE_DELTAS: JSON.stringify(deltas), FAKE_CHUNK_DELAY_MS: String(chunkDelayMs) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = <K extends FromChild['kind']>(kind: K) =>
    new Promise<Extract<FromChild, { kind: K }>>((resolve, reject) => {
      const onMessage = (message: FromChild) => {
        if (message.kind !== kind) return;
        child.off('exit', onExit);
        child.off('message', onMessage);
        resolve(message as Extract<FromChild, { kind: K }>);
      };
      const onExit = (code: number | null) => reject(new Error(`the fake AI provider exited (${code})`));
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  const { url } = await next('listening');
  return {
    url,
    async lastStreamWrites() {
      const reply = next('writes');
      child.send({ kind: 'writes' });
      return (await reply).writes;
    },
    close: () => stop(child as ChildProcess),
  };
}

async function runChild(): Promise<void> {
  const { startFakeAiProvider } = await import('../../test/kit/fake-ai-provider');
  const fake = await startFakeAiProvider();
  const deltas = JSON.parse(process.env.FAKE_DELTAS ?? '[]') as string[];
  fake.respondWith(() => ({ kind: 'text', deltas, chunkDelayMs: Number(process.env.FAKE_CHUNK_DELAY_MS) }));
  // The fake notifies its watchers right after writing each delta: note the time of every new one.
  const writes = new Map<number, number[]>();
  let last: number | undefined;
  /** Requests before this index have ended: their writes are all noted. */
  let open = 0;
  const watch = (): Promise<void> =>
    fake
      .waitFor(
        (requests) => {
          while (open < requests.length && (requests[open]!.completed || requests[open]!.closedEarly)) open++;
          for (let i = open; i < requests.length; i++) {
            const request = requests[i]!;
            if (request.endpoint !== 'chat' || !request.stream) continue;
            const stamps = writes.get(request.id) ?? [];
            writes.set(request.id, stamps);
            last = request.id;
            while (stamps.length < request.deltasSent) stamps.push(monotonicMs());
          }
          return false;
        },
        2 ** 31 - 1,
      )
      .catch(watch);
  void watch();
  process.on('message', (message: { kind: string }) => {
    if (message.kind !== 'writes') return;
    process.send?.({ kind: 'writes', writes: last === undefined ? [] : (writes.get(last) ?? []) });
    // Older streams are not asked for again.
    for (const id of writes.keys()) if (id !== last) writes.delete(id);
  });
  process.on('SIGTERM', () => void fake.close().then(() => process.exit(0)));
  process.send?.({ kind: 'listening', url: fake.url });
}

if (process.argv.includes('--child')) await runChild();
