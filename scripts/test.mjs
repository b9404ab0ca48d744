// `npm test`: the whole suite, in two steps. First the checks that run no code (types, lint), the client
// build the browser tests need, and the unit and integration tests, all side by side: the checks leave a
// core idle most of the time, and one step after another they were a fifth of the suite. Then the browser
// tests on that build, alone, since they keep both cores busy and wait on the clock. The unit tests' output
// streams as it comes; each check's output is printed whole when it ends, so its lines never interleave
// with another's. The first failure stops the suite, as `a && b && c` would.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const running = new Set();

/** Runs one command; resolves with its exit code and, when `capture`, its output. */
function run(label, command, args, { capture }) {
  const began = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: process.env,
    });
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

/** Stops what still runs and exits with the failure's code. */
function fail(result) {
  for (const child of running) child.kill('SIGTERM');
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
  promise.then((result) => {
    report(result);
    if (!result.ok) fail(result);
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
  ),
  run('npm run test:unit', bin('vitest'), ['run'], { capture: false }).then((result) => {
    console.info(`\n== npm run test:unit: ${result.seconds.toFixed(0)} s${result.ok ? '' : ', FAILED'}`);
    if (!result.ok) fail(result);
  }),
]);
console.info(`== first step: ${((performance.now() - began) / 1000).toFixed(0)} s`);

console.info('\n== browser tests (playwright test)');
const browser = await run('browser tests (playwright test)', bin('playwright'), ['test'], { capture: false });
console.info(`== browser tests (playwright test): ${browser.seconds.toFixed(0)} s${browser.ok ? '' : ', FAILED'}`);
console.info(`== npm test: ${((performance.now() - began) / 1000).toFixed(0)} s`);
if (!browser.ok) process.exit(browser.code || 1);
