// `npm test`: the whole suite, in two steps. First the checks that run no code (types, lint), the client
// build the browser tests need, and the unit and integration tests, all side by side: the checks leave a
// core idle most of the time, and one step after another they were a fifth of the suite. Then the browser
// tests on that build, alone, since they keep both cores busy and wait on the clock. Playwright itself
// starts as soon as the build is done: it loads the specs and starts its servers in the cores the unit
// tests' last minutes leave idle, then waits at its global set-up (e2e/support/start-gate.ts) until the
// first step has passed. The unit tests' output streams as it comes; each check's output is printed whole
// when it ends, so its lines never interleave with another's. The first failure stops the suite, as
// `a && b && c` would.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const running = new Set();

/** Runs one command; resolves with its exit code and, when `capture`, its output. */
function run(label, command, args, { capture, env = process.env, onSpawn }) {
  const began = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env,
    });
    onSpawn?.(child);
    running.add(child);
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => (output += `${error.message}\n`));
    child.on('close', (code, signal) => {
      running.delete(child);
      resolve({
        label,
        ok: code === 0,
        code: code ?? (signal ? 1 : 0),
        output,
        seconds: (performance.now() - began) / 1000,
      });
    });
  });
}

/** Commands run one after another in a lane; the lane stops at the first failure. */
async function lane(label, commands) {
  let output = '';
  const began = performance.now();
  for (const [command, ...args] of commands) {
    const result = await run(label, command, args, { capture: true });
    output += result.output;
    if (!result.ok) return { ...result, output, seconds: (performance.now() - began) / 1000 };
  }
  return { label, ok: true, code: 0, output, seconds: (performance.now() - began) / 1000 };
}

function report(result) {
  console.info(`\n== ${result.label} (${result.seconds.toFixed(0)} s)${result.ok ? '' : ': FAILED'}`);
  if (result.output.trim()) console.info(result.output.trimEnd());
}

// The file the waiting browser tests read: 'go' once the first step has passed, 'stop' if it failed.
const gate = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sprout-test-')), 'gate');
process.on('exit', () => fs.rmSync(path.dirname(gate), { recursive: true, force: true }));
const openGate = (word) => {
  fs.writeFileSync(`${gate}.partial`, word);
  fs.renameSync(`${gate}.partial`, gate);
};
/** The browser tests' run, once started: its process and its result. */
let browserRun = null;
const startBrowserTests = () => {
  const started = { child: null, done: null };
  started.done = run('browser tests (playwright test)', bin('playwright'), ['test'], {
    capture: false,
    env: { ...process.env, SPROUT_E2E_GATE: gate },
    onSpawn: (child) => (started.child = child),
  });
  browserRun = started;
};

/**
 * Stops what still runs and exits with the failure's code. The browser tests, waiting at their gate, are
 * told to stop, so that Playwright stops its servers and removes their data itself.
 */
async function fail(result) {
  for (const child of running) if (child !== browserRun?.child) child.kill('SIGTERM');
  if (browserRun) {
    openGate('stop');
    await Promise.race([browserRun.done, new Promise((resolve) => setTimeout(resolve, 30_000))]);
    browserRun.child?.kill('SIGTERM');
  }
  process.exit(result.code || 1);
}

const node = process.execPath;
// The package.json scripts themselves, through the npm that runs this one.
const npmRun = (script) =>
  process.env.npm_execpath
    ? [node, process.env.npm_execpath, 'run', '--silent', script]
    : ['npm', 'run', '--silent', script];
const began = performance.now();
const step = (promise) =>
  promise.then(async (result) => {
    report(result);
    // fail() ends the process: nothing after it in the chain runs.
    if (!result.ok) await fail(result);
    return result;
  });
console.info('== npm run typecheck, npm run lint, the client build and npm run test:unit, side by side');
await Promise.all([
  step(lane('npm run typecheck', [npmRun('typecheck')])),
  step(lane('npm run lint', [npmRun('lint')])),
  step(
    lane('client build and size budget', [
      [node, path.join(root, 'node_modules/vite/bin/vite.js'), 'build'],
      [node, '--import', 'tsx', 'build/size-budget.ts'],
    ]),
  ).then(startBrowserTests),
  run('npm run test:unit', bin('vitest'), ['run'], { capture: false }).then(async (result) => {
    console.info(`\n== npm run test:unit: ${result.seconds.toFixed(0)} s${result.ok ? '' : ', FAILED'}`);
    if (!result.ok) await fail(result);
  }),
]);
console.info(`== first step: ${((performance.now() - began) / 1000).toFixed(0)} s`);

console.info('\n== browser tests (playwright test), started after the build, now let through');
const gateOpened = performance.now();
openGate('go');
const browser = await browserRun.done;
const browserSeconds = (performance.now() - gateOpened) / 1000;
console.info(`== browser tests (playwright test): ${browserSeconds.toFixed(0)} s${browser.ok ? '' : ', FAILED'}`);
console.info(`== npm test: ${((performance.now() - began) / 1000).toFixed(0)} s`);
if (!browser.ok) process.exit(browser.code || 1);
