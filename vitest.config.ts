// Vitest projects: pure core, client components (happy-dom), and server integration tests, which run
// on embedded PGlite and, when TEST_DATABASE_URL is set, once more on a PostgreSQL server.
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/** In every project: only loopback may be reached, and a console.error fails the test. */
const UNIT_SETUP = ['test/setup/loopback-only.ts', 'test/setup/fail-on-console-error.ts'];

const serverProject = (name: string, database: 'pglite' | 'postgres') => ({
  extends: true as const,
  test: {
    name,
    environment: 'node' as const,
    include: ['server/**/*.test.ts'],
    env: { SPROUT_TEST_DATABASE: database },
    setupFiles: UNIT_SETUP,
    // Generous limits: each file starts its own database and server, which takes seconds on a busy
    // 2-core machine. Nothing here asserts on time.
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        // Pure code, and the unit tests' own set-up.
        test: { name: 'core', environment: 'node', include: ['core/**/*.test.ts', 'test/**/*.test.ts'], setupFiles: UNIT_SETUP },
      },
      {
        extends: true,
        plugins: [react()],
        test: {
          name: 'client',
          environment: 'happy-dom',
          include: ['client/**/*.test.{ts,tsx}'],
          setupFiles: UNIT_SETUP,
          // Component tests render real screens; a loaded 2-core CI machine needs more than 5 s.
          testTimeout: 20_000,
        },
      },
      {
        // Notes sync against the real server in-process, over fake-indexeddb (docs/sync.md). The
        // suffix keeps these files out of the happy-dom client project.
        extends: true,
        test: {
          name: 'sync',
          environment: 'node',
          include: ['client/src/data/**/*.node-test.ts'],
          setupFiles: ['fake-indexeddb/auto', ...UNIT_SETUP],
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      serverProject('server', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server-postgres', 'postgres')] : []),
    ],
  },
});
