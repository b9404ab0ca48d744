// `npm test`: the whole suite, in three steps. First the checks that run no code (types, lint) side by
// side with the client build the browser tests need: each of them leaves a core idle most of the time,
// and one after another they were a fifth of the suite. Then the unit and integration tests, then the
// browser tests on that build. Each step's output is printed whole when it ends, so that lines of
// parallel steps never interleave; the first failing step stops the suite, as `a && b && c` would.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

/** Runs one command; resolves with its exit code and, when `capture`, its output. */
function run(label, command, args, { capture }) {
  const began = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: process.env });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => (output += `${error.message}\n`));
    child.on('close', (code, signal) => resolve({ label, ok: code === 0, code: code ?? (signal ? 1 : 0), output, seconds: (performance.now() - began) / 1000 }));
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

const node = process.execPath;
// The package.json scripts themselves, through the npm that runs this one.
const npmRun = (script) => (process.env.npm_execpath ? [node, process.env.npm_execpath, 'run', '--silent', script] : ['npm', 'run', '--silent', script]);
const checks = await Promise.all([
  lane('npm run typecheck', [npmRun('typecheck')]),
  lane('npm run lint', [npmRun('lint')]),
  lane('client build and size budget', [[node, path.join(root, 'node_modules/vite/bin/vite.js'), 'build'], [node, '--import', 'tsx', 'build/size-budget.ts']]),
]);
checks.forEach(report);
const failed = checks.find((result) => !result.ok);
if (failed) process.exit(failed.code || 1);

for (const [label, command, args] of [
  ['npm run test:unit', bin('vitest'), ['run']],
  ['browser tests (playwright test)', bin('playwright'), ['test']],
]) {
  console.info(`\n== ${label}`);
  const result = await run(label, command, args, { capture: false });
  console.info(`== ${label}: ${result.seconds.toFixed(0)} s${result.ok ? '' : ', FAILED'}`);
  if (!result.ok) process.exit(result.code || 1);
}
