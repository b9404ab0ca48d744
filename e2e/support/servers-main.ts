// Starts the e2e servers (the fake AI provider and the app servers) side by side, for Playwright's
// webServer: its entries start one after another, and each app server spends most of its start-up on its
// database. Reads the list from SPROUT_E2E_SERVERS (JSON), prints READY_LINE once every health URL
// answers, and stops them all when stopped itself or when any of them exits.
import { spawn, type ChildProcess } from 'node:child_process';

const READY_LINE = 'e2e servers ready'; // playwright.config.ts waits for this line

interface ServerSpec {
  name: string;
  args: string[];
  env: Record<string, string>;
  healthUrl: string;
}

const specs = JSON.parse(process.env.SPROUT_E2E_SERVERS ?? '[]') as ServerSpec[];
if (specs.length === 0) throw new Error('SPROUT_E2E_SERVERS lists no servers');

let stopping = false;
const children: ChildProcess[] = specs.map((spec) => {
  const child = spawn(process.execPath, spec.args, { env: { ...process.env, ...spec.env }, stdio: ['ignore', 'ignore', 'inherit'] });
  child.once('exit', (code, signal) => {
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
  setTimeout(() => process.exit(code), 5_000).unref();
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
