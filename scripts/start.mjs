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
// PID, so signals and the caller's pipes are unchanged). Their measurements are in docs/decisions.md,
// 'Memory settings at start':
// - on PGlite, a small young generation: V8 otherwise grew it under load and kept it, a large share of
//   the server's memory, for no throughput;
// - on PGlite, slow old-generation growth: V8 otherwise lets it reach several times its live size
//   between full collections and keeps the pages;
// - two malloc arenas and a fixed mmap threshold, so that the freed memory of V8's compilers (PGlite's
//   WebAssembly tiering up) and of response buffers goes back to the system.
// On PostgreSQL (DATABASE_URL) there is no PGlite heap to keep small, and the first two settings cost the
// reads their CPU (frequent major collections under load): a larger young generation and faster growth
// instead.
const ON_POSTGRES = Boolean(process.env.DATABASE_URL);
const NODE_FLAGS = ON_POSTGRES
  ? ['--max-semi-space-size=32', '--heap-growing-percent=100']
  : ['--max-semi-space-size=8', '--heap-growing-percent=20'];
const MALLOC_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '65536' };
const missingEnv = Object.entries(MALLOC_ENV).filter(([name]) => process.env[name] === undefined);
const missingFlags = NODE_FLAGS.filter(
  (flag) => !process.execArgv.some((given) => given.split('=')[0] === flag.split('=')[0]),
);
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

const viteBin = path.join(root, 'node_modules/vite/bin/vite.js');
// After `npm run build`, a production install (`npm ci --omit=dev`) has no compiler: it serves the build
// it has, whatever the file times say, and only a missing build stops it.
const canBuildClient = fs.existsSync(viteBin);
if (process.env.SPROUT_SKIP_BUILD !== '1' && !canBuildClient && !fs.existsSync(builtIndex)) {
  console.error(
    'The client is not built, and this install has no Vite to build it (npm ci --omit=dev). ' +
      'Run `npm run build` where the dev dependencies are installed, then copy dist/ here.',
  );
  process.exit(1);
}
if (process.env.SPROUT_SKIP_BUILD !== '1' && canBuildClient && clientIsStale()) {
  console.info('Building the client (first start or sources changed)...');
  // Loaded only here: both processes of a start (before and after the re-execution) loaded it for nothing.
  const { spawnSync } = await import('node:child_process');
  const result = spawnSync(process.execPath, [viteBin, 'build', '--logLevel', 'warn'], {
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
