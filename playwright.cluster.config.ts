// `npm run test:cluster`: Sprout as in production (README): a PostgreSQL database made for the run, three
// servers on it and nginx in front with round-robin, driven by Chromium through nginx. The cluster is
// started by the spec itself (test/kit/cluster.ts), since the test kills and reloads parts of it.
import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumExecutable } from './test/kit/browser';

/** nginx listens here; the servers take the next ports. */
export const CLUSTER_PORT = Number(
  process.env.CLUSTER_PORT ?? (process.env.E2E_PORT ? Number(process.env.E2E_PORT) + 3 : 4363),
);

export default defineConfig({
  testDir: 'e2e/cluster',
  outputDir: 'test-results/cluster',
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${CLUSTER_PORT}`,
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: chromiumExecutable(), args: chromiumArgs },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } }],
});
