// `npm run test:adversarial` (CI runs it after `npm test`): the standing adversarial suite, loopback only
// and bounded (about 1-2 minutes): the seeded fuzzer, the cross-user matrix and forged tokens, the log
// scan, DATA_DIR's file modes and kill -9 mid-write. Kept out of `npm test` by its file suffix.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'adversarial',
    environment: 'node',
    include: ['server/test/adversarial/**/*.adversarial.ts', 'test/sync/**/*.adversarial.ts'],
    setupFiles: ['test/setup/loopback-only.ts', 'test/setup/fail-on-console-error.ts'],
    globalSetup: ['test/setup/pglite-image.ts'],
    maxWorkers: 2,
    isolate: false,
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
