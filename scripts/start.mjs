// `npm start`: builds the client and the server bundle (build/server-bundle.mjs) when they are missing
// or older than their sources, then runs the compiled server in this process, so signals reach the
// server's graceful shutdown directly. SPROUT_SKIP_BUILD=1 skips the client build only: the server
// bundle takes a fraction of a second and must never run stale.
import module from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildServer, serverEntry, serverIsStale } from '../build/server-bundle.mjs';

// Memory settings that can only be given at start, so the process replaces itself once with them (same
// PID, so signals and the caller's pipes are unchanged). Each was measured with 50 concurrent reads of
// 100 notes on PGlite (RSS idle after a restart / peak under the load / requests per second):
// - V8 let the young generation grow to 128 MiB (a 64 MiB semi-space) under load and kept it: a third of
//   the server's RSS (356 -> 226 MiB with 4 MiB, 254-274 MiB with 8, throughput within the noise).
// - V8 grows the old generation by up to 4x its live size between full collections, and keeps the pages:
//   20 % growth held the peak at 255 MiB instead of 336 for a few more mark-compacts.
// - glibc kept the freed memory of V8's compilers (PGlite's WebAssembly tiering up) and of the response
//   buffers in up to 16 arenas, raising its mmap threshold as large blocks were freed: 700 MiB idle at
//   times after a restart, 261 at best. Two arenas and a fixed 64 KiB threshold, so large blocks go back
//   to the system when freed: 202-214 MiB idle, throughput within the noise (451 vs 478 req/s).
// --optimize-for-size reached 189 MiB idle but cost a third of the throughput; --liftoff-only (no
// optimising WebAssembly compiler) 205 MiB idle but a seventh of the throughput.
// On PostgreSQL (DATABASE_URL) there is no PGlite heap to keep small, and those two settings cost the
// reads their CPU: under 50 concurrent reads of 100 notes V8 ran a major GC every few hundred requests
// (concurrent marking was a fifth of the process's CPU). A 32 MiB semi-space and 100 % growth took the
// server's CPU per read from 1.3-1.8 ms to 0.8-1.0 ms (2-3 interleaved rounds each, beside the raw SELECT:
// 0.60-0.69x -> 0.77-1.0x), RSS under that load 160-170 -> 210-238 MiB.
const ON_POSTGRES = Boolean(process.env.DATABASE_URL);
const NODE_FLAGS = ON_POSTGRES ? ['--max-semi-space-size=32', '--heap-growing-percent=100'] : ['--max-semi-space-size=8', '--heap-growing-percent=20'];
const MALLOC_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '65536' };
const missingEnv = Object.entries(MALLOC_ENV).filter(([name]) => process.env[name] === undefined);
const missingFlags = NODE_FLAGS.filter((flag) => !process.execArgv.some((given) => given.split('=')[0] === flag.split('=')[0]));
if (typeof process.execve === 'function' && (missingFlags.length > 0 || missingEnv.length > 0)) {
  // The caller's own values win: flags given on the command line stay, and set variables are kept.
  process.execve(process.execPath, [process.execPath, ...missingFlags, ...process.execArgv, ...process.argv.slice(1)], {
    ...Object.fromEntries(missingEnv),
    ...process.env,
  });
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
  // Loaded only here: both processes of a start (before and after the re-execution) loaded it for nothing.
  const { spawnSync } = await import('node:child_process');
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
