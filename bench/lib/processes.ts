// Child processes of a benchmark: ports, spawning until the first answer, memory of a process tree,
// and stopping what was started (only what this run started, by its pid).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

let nextPort = Number(process.env.BENCH_PORT_BASE ?? 0);
const portEnd = nextPort + 10;

/** A port for a child server: from BENCH_PORT_BASE..+9 in turn when set (shared machines), else any free one. */
export async function freePort(): Promise<number> {
  if (nextPort > 0) {
    const port = nextPort;
    nextPort = nextPort + 1 >= portEnd ? portEnd - 10 : nextPort + 1;
    return port;
  }
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `url` every 10 ms until it answers 2xx; rejects when `child` exits first or after `timeoutMs`. */
export async function waitForAnswer(url: string, child: ChildProcess | null, timeoutMs = 120_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    if (child && child.exitCode !== null)
      throw new Error(`${url}: the process exited (${child.exitCode}) before answering`);
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    if (performance.now() > deadline) throw new Error(`${url} did not answer in ${timeoutMs} ms`);
    await sleep(10);
  }
}

export interface Started {
  child: ChildProcess;
  /** Milliseconds from spawn to the first 2xx answer of `readyUrl`. */
  startMs: number;
}

/** Spawns a Node script and times it from spawn to its first answer on `readyUrl`. */
export async function spawnUntilAnswer(
  args: string[],
  env: NodeJS.ProcessEnv,
  readyUrl: string,
  cwd: string,
): Promise<Started> {
  const began = performance.now();
  const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  try {
    await waitForAnswer(readyUrl, child);
  } catch (error) {
    await stop(child);
    throw new Error(`${(error as Error).message}\n${stderr}`, { cause: error });
  }
  return { child, startMs: performance.now() - began };
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves when the process has exited. */
export async function stop(child: ChildProcess, graceMs = 15_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

function childrenOf(pid: number): number[] {
  const ids: number[] = [];
  for (const task of safeReaddir(`/proc/${pid}/task`)) {
    const text = safeRead(`/proc/${pid}/task/${task}/children`);
    for (const id of text.split(/\s+/)) if (id) ids.push(Number(id));
  }
  return ids;
}

/** Resident memory of a process and all its descendants, in MiB (Linux /proc). */
export function treeRssMiB(pid: number): number {
  let kib = 0;
  const queue = [pid];
  for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
    const match = /VmRSS:\s+(\d+)\s+kB/.exec(safeRead(`/proc/${id}/status`));
    if (match) kib += Number(match[1]);
    queue.push(...childrenOf(id));
  }
  return kib / 1024;
}

/**
 * Waits at least `ms` for the process to settle (timers, GC), then until its RSS holds within 2 MiB for
 * two seconds (at most 30 s more), and reports it. On a loaded machine V8 may still be compiling
 * PGlite's hot WebAssembly functions seconds after the first answer, with hundreds of MiB in flight for
 * it: that is start-up, not rest, for the figure and its floor alike.
 */
export async function settledRssMiB(pid: number, ms = 2000): Promise<number> {
  await sleep(ms);
  const stableMs = 2000;
  const everyMs = 250;
  const giveUp = performance.now() + 30_000;
  let window: number[] = [treeRssMiB(pid)];
  while (performance.now() < giveUp) {
    await sleep(everyMs);
    window = [...window, treeRssMiB(pid)].slice(-(stableMs / everyMs + 1));
    if (window.length > stableMs / everyMs && Math.max(...window) - Math.min(...window) <= 2) break;
  }
  return window.at(-1)!;
}

function safeRead(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

function safeReaddir(dir: string): string[] {
  try {
    return fs.readdirSync(dir);
  } catch {
    return [];
  }
}
