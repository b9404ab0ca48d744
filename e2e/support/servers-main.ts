// Starts the e2e servers (the fake AI provider and the app servers) side by side, for Playwright's
// webServer: its entries start one after another, and each app server spends most of its start-up on its
// database. Reads the list from SPROUT_E2E_SERVERS (JSON), prints READY_LINE once every health URL
// answers, and stops them all when stopped itself or when any of them exits. An app server whose spec asks
// for a temporary DATA_DIR gets one, removed again once the servers have stopped, so a run leaves no
// database behind. An empty DATA_DIR is first given the migrated database of the test runs
// (test/kit/pglite-image-cache.ts): two initdb runs at once were most of the suite's start-up. The
// server's own first start on an empty DATA_DIR has its test in server/test/process.test.ts.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cachedMigratedImage, seedDataDir } from '../../test/kit/pglite-image-cache';

const READY_LINE = 'e2e servers ready'; // playwright.config.ts waits for this line

interface ServerSpec {
  name: string;
  args: string[];
  env: Record<string, string>;
  healthUrl: string;
  /** A prefix: the server gets a new DATA_DIR under the system's temporary directory, removed at the end. */
  tempDataDir?: string;
}

const specs = JSON.parse(process.env.SPROUT_E2E_SERVERS ?? '[]') as ServerSpec[];
if (specs.length === 0) throw new Error('SPROUT_E2E_SERVERS lists no servers');

const tempDirs = specs
  .filter((spec) => spec.tempDataDir)
  .map((spec) => (spec.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), spec.tempDataDir!))));
const removeTempDirs = () => {
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
};

const unseeded = specs.filter(
  ({ env }) => env.DATA_DIR && !fs.existsSync(path.join(env.DATA_DIR, 'pglite', 'PG_VERSION')),
);
if (unseeded.length > 0) {
  const image = await cachedMigratedImage();
  await Promise.all(unseeded.map(({ env }) => seedDataDir(env.DATA_DIR!, image)));
}

let stopping = false;
let running = specs.length;
const children: ChildProcess[] = specs.map((spec) => {
  const child = spawn(process.execPath, spec.args, {
    env: { ...process.env, ...spec.env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  child.once('exit', (code, signal) => {
    running -= 1;
    // The data directories go once no server writes to them any more.
    if (running === 0) removeTempDirs();
    if (stopping) return;
    console.error(`${spec.name} exited (${signal ?? code}) before the run ended`);
    stop(1);
  });
  return child;
});

function stop(code: number): void {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  process.exitCode = code;
  setTimeout(() => {
    removeTempDirs();
    process.exit(code);
  }, 5_000).unref();
}
process.once('SIGINT', () => stop(0));
process.once('SIGTERM', () => stop(0));

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

await Promise.all(
  specs.map(async (spec) => {
    while (!stopping && !(await answers(spec.healthUrl))) await new Promise((resolve) => setTimeout(resolve, 100));
  }),
);
if (!stopping) console.info(READY_LINE);
