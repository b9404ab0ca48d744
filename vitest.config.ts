// Vitest projects: pure core, client components (happy-dom), and server integration tests, which run
// on embedded PGlite and, when TEST_DATABASE_URL is set, once more on a PostgreSQL server.
import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/** In every project: only loopback may be reached, and a console.error fails the test. */
const UNIT_SETUP = ['test/setup/loopback-only.ts', 'test/setup/fail-on-console-error.ts'];

/** Made once per run: a migrated PGlite image that each file's in-memory database starts from. */
const PGLITE_IMAGE = 'test/setup/pglite-image.ts';

/**
 * Integration tests whose subject is not the database: the AI proxy's wire format, failures and timeouts,
 * the built client's files, the event loop's overload. PGlite is PostgreSQL itself, so what a second run
 * on a PostgreSQL server adds is the driver, the pool and the roles; these files would run the same code
 * again, and they run once, on PGlite.
 */
const DATABASE_AGNOSTIC = [
  'server/test/ai-endpoints.test.ts',
  'server/test/ai-failures.test.ts',
  'server/test/ai-timeouts.test.ts',
  'server/test/load-shedding.test.ts',
  'server/test/static-files.test.ts',
];

/**
 * The pool of the projects that run PGlite (WebAssembly) in the test process: child processes. In worker
 * threads, PGlite instances in two threads share one process's V8 registry of JIT pages, and freeing one's
 * compiled code while the other compiles aborts the whole run ('Fatal error ... Check failed:
 * jit_page.has_value()', seen in a fresh-clone `npm test` on 2026-12-04; docs/decisions.md, 'PGlite runs in
 * child processes'). The other projects keep the cheaper threads.
 */
const PGLITE_POOL = 'forks' as const;

const serverProject = (name: string, database: 'pglite' | 'postgres') => ({
  extends: true as const,
  test: {
    name,
    environment: 'node' as const,
    // The pure unit tests beside the server's code do not touch a database: they run once, here.
    include: database === 'pglite' ? ['server/**/*.test.ts'] : ['server/test/**/*.test.ts'],
    exclude: database === 'pglite' ? configDefaults.exclude : [...configDefaults.exclude, ...DATABASE_AGNOSTIC],
    env: { SPROUT_TEST_DATABASE: database },
    // The PostgreSQL project needs the image too, for the embedded instances it moves to PostgreSQL and back.
    globalSetup: [PGLITE_IMAGE],
    setupFiles: UNIT_SETUP,
    // Child processes, not threads: see PGLITE_POOL.
    pool: PGLITE_POOL,
    // Each file starts its own server on its own database; nothing else is shared, so the files may
    // share a worker's module cache.
    isolate: false,
    // Generous limits: each file starts its own database and server, which takes seconds on a busy
    // 2-core machine. Nothing here asserts on time.
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one file at a time on these 2-core
    // machines, while most server and sync files spend their time waiting on sockets.
    maxWorkers: 2,
    // Worker threads rather than child processes: the files share one process's memory and talk to the
    // runner without serialising through a pipe, for less CPU (docs/decisions.md, 'The suite's second
    // pass'). Nothing here needs a process of its own: no test changes directory, and the servers it
    // checks as processes it spawns itself.
    pool: 'threads',
    projects: [
      {
        extends: true,
        // Pure code, and the unit tests' own set-up.
        test: {
          name: 'core',
          environment: 'node',
          include: [
            'core/**/*.test.ts',
            'test/setup/**/*.test.ts',
            'test/kit/**/*.test.ts',
            'scripts/**/*.test.ts',
            'build/**/*.test.ts',
            'bench/**/*.test.ts',
            'evals/**/*.test.ts',
          ],
          setupFiles: UNIT_SETUP,
          // Pure code with no mocks or stubbed globals: the files share a worker's module cache. Isolated,
          // re-importing the modules for every file was most of this project's time (docs/decisions.md).
          isolate: false,
        },
      },
      {
        extends: true,
        plugins: [react()],
        test: {
          name: 'client',
          environment: 'happy-dom',
          include: ['client/**/*.test.{ts,tsx}'],
          // IndexedDB before any file loads Dexie, which looks for it once, when first imported: the
          // files share a worker's modules, so the first file's import decides for all of them.
          setupFiles: ['fake-indexeddb/auto', ...UNIT_SETUP, 'test/setup/client-dom.ts'],
          // One happy-dom window per worker instead of one per file: the window's set-up was most of
          // this project's time. client-dom.ts resets the page after every test.
          isolate: false,
          // Component tests render real screens; a loaded 2-core CI machine needs more than 5 s.
          testTimeout: 20_000,
        },
      },
      {
        // Notes sync across the stack (docs/sync.md): the client's data layer over fake-indexeddb against
        // the in-memory server and the real one, in-process.
        extends: true,
        test: {
          name: 'sync',
          environment: 'node',
          include: ['test/sync/**/*.test.ts'],
          setupFiles: ['fake-indexeddb/auto', ...UNIT_SETUP],
          globalSetup: [PGLITE_IMAGE],
          pool: PGLITE_POOL,
          // Each file signs up its own users on its own server and names its own IndexedDB databases.
          isolate: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      serverProject('server', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server-postgres', 'postgres')] : []),
    ],
  },
});
