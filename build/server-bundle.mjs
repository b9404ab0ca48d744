// Compiles the server ahead of time: server/src/boot.ts (which loads main.ts), the PGlite worker and the
// process that creates a new PGlite data directory, bundled by esbuild into dist/server/ with the
// packages they use (all but those in EXTERNAL), the SQL migrations copied beside them. `npm start`
// runs the bundle, so no TypeScript is compiled at start-up.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverOutDir = path.join(root, 'dist/server');
export const serverEntry = path.join(serverOutDir, 'main.js');
const ENTRY_POINTS = {
  main: 'server/src/boot.ts',
  'pglite-worker': 'server/src/db/pglite-worker.ts',
  'pglite-create-main': 'server/src/db/pglite-create-main.ts',
  // `npm run admin` (scripts/admin.mjs).
  admin: 'server/src/ops/admin-main.ts',
};
const MIGRATIONS = path.join(root, 'server/src/db/migrations');
const SOURCES = ['server/src', 'core', 'package.json', 'package-lock.json', 'build/server-bundle.mjs'];

function newestMtime(target) {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules' || entry.endsWith('.test.ts')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** True when the bundle is missing or older than any of its sources. */
export function serverIsStale() {
  const built = fs.statSync(serverEntry, { throwIfNoEntry: false });
  if (!built) return true;
  return SOURCES.some((source) => newestMtime(path.join(root, source)) > built.mtimeMs);
}

/** Writes a file through a temporary name: several servers starting at once may build side by side. */
function writeAtomically(file, contents) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, contents);
  fs.renameSync(temporary, file);
}

/**
 * Packages loaded from node_modules at run time rather than bundled: native code (argon2), PGlite (its
 * WebAssembly and data files sit beside its modules) and pino (its transports run its own files in
 * worker threads). Bundling the rest (Fastify, Kysely, zod, jose, ws...) made restarts faster
 * (docs/decisions.md, 'The server runs compiled, its packages bundled'): Node resolved and read each of
 * their hundreds of files one by one, and Kysely's and zod's whole indexes were loaded where the server
 * uses a fraction of them.
 */
const EXTERNAL = [
  '@electric-sql/pglite',
  '@electric-sql/pglite/*',
  '@node-rs/argon2',
  'pino',
  'pino-pretty',
  'pg-native',
];

// The bundle is ESM, and the CommonJS packages in it `require()` Node's built-ins and the external
// packages: esbuild's shim for that needs a real `require`.
const REQUIRE_SHIM =
  "import { createRequire as __sproutCreateRequire } from 'node:module'; const require = __sproutCreateRequire(import.meta.url);";

export async function buildServer() {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: ENTRY_POINTS,
    outdir: serverOutDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    // boot.ts imports main.ts, and main.ts the web server's code, dynamically: each its own chunk, whose
    // packages load only then (the worker, then the database's opening, start first). The drivers of
    // the mode not in use (pg, ioredis) are chunks of their own that never load.
    splitting: true,
    target: 'node24',
    external: EXTERNAL,
    banner: { js: REQUIRE_SHIM },
    sourcemap: 'linked',
    logLevel: 'warning',
    write: false,
  });
  for (const file of fs.readdirSync(MIGRATIONS)) {
    writeAtomically(path.join(serverOutDir, 'migrations', file), fs.readFileSync(path.join(MIGRATIONS, file)));
  }
  // main.js last: its mtime marks the whole bundle as built.
  const outputs = [...result.outputFiles].sort(
    (a, b) => Number(a.path === serverEntry) - Number(b.path === serverEntry),
  );
  for (const output of outputs) writeAtomically(output.path, output.contents);
  // Chunks are named by their content: drop those of earlier builds.
  const current = new Set(outputs.map((output) => path.basename(output.path)));
  for (const file of fs.readdirSync(serverOutDir)) {
    if (/\.js(\.map)?$/.test(file) && !current.has(file)) fs.rmSync(path.join(serverOutDir, file), { force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
