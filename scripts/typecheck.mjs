// `npm run typecheck`: every TypeScript project of the repository, checked by the native compiler of
// TypeScript 7 (the `typescript-native` alias), a few times faster than TypeScript 6, which stays
// installed as `typescript` because typescript-eslint's parser needs its JavaScript API.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsc = path.join(root, 'node_modules', 'typescript-native', 'bin', 'tsc');
const PROJECTS = ['tsconfig.json', 'core', 'server', 'client', 'test', 'e2e'];

function check(project) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', project, '--pretty'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ project, ok: code === 0, output }));
  });
}

// A few projects at a time: each checker is itself parallel, and all at once would only compete.
const queue = [...PROJECTS];
const results = [];
const workers = Array.from({ length: Math.min(PROJECTS.length, Math.max(2, os.availableParallelism())) }, async () => {
  for (let project = queue.shift(); project; project = queue.shift()) results.push(await check(project));
});
await Promise.all(workers);

const failed = results.filter((result) => !result.ok);
for (const { project, output } of failed) console.error(`\n${project}:\n${output.trimEnd()}`);
console.info(
  failed.length === 0
    ? `Type-checked ${PROJECTS.length} projects.`
    : `\n${failed.length} of ${PROJECTS.length} projects have type errors.`,
);
process.exit(failed.length === 0 ? 0 : 1);
