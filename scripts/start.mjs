// `npm start`: builds the client and the server bundle (scripts/build-server.mjs) when they are missing
// or older than their sources, then runs the compiled server in this process, so signals reach the
// server's graceful shutdown directly. SPROUT_SKIP_BUILD=1 skips the client build only: the server
// bundle takes a fraction of a second and must never run stale.
import { spawnSync } from 'node:child_process';
import module from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildServer, serverEntry, serverIsStale } from './build-server.mjs';

// V8 lets the young generation grow to 128 MiB (a 64 MiB semi-space) under load, and the process keeps
// that memory: it was a third of the server's RSS under 50 concurrent reads (356 -> 226 MiB with 4 MiB,
// 254-274 MiB with 8, throughput within the noise). The flag can only be given at start, so the process
// replaces itself once with it (same PID, so signals and the caller's pipes are unchanged).
const NODE_FLAGS = ['--max-semi-space-size=8'];
if (typeof process.execve === 'function' && !NODE_FLAGS.every((flag) => process.execArgv.includes(flag))) {
  process.execve(process.execPath, [process.execPath, ...NODE_FLAGS, ...process.execArgv, ...process.argv.slice(1)], process.env);
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'dist/client/index.html');
const sources = ['client', 'core', 'vite.config.ts', 'package-lock.json'];

function newestMtime(target) {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules' || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

function clientIsStale() {
  const built = fs.statSync(builtIndex, { throwIfNoEntry: false });
  if (!built) return true;
  return sources.some((s) => newestMtime(path.join(root, s)) > built.mtimeMs);
}

if (process.env.SPROUT_SKIP_BUILD !== '1' && clientIsStale()) {
  console.info('Building the client (first start or sources changed)...');
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (serverIsStale()) await buildServer();
// V8's code cache on disk for every module loaded from here on (the server and its packages): compiling
// them was most of a restart's CPU time.
module.enableCompileCache?.();
await import(pathToFileURL(serverEntry).href);
