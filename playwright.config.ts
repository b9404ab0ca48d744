// End-to-end tests in Chromium against the built app served by the real server on a fresh database.
import { defineConfig, devices } from '@playwright/test';
import { chromiumExecutable, chromiumArgs } from './test/kit/browser';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 4310);
/** A second app server that has its own provider key (the "server secret" case). */
export const E2E_KEYED_PORT = E2E_PORT + 2;
export const FAKE_AI_PORT = E2E_PORT + 1;
const baseURL = `http://127.0.0.1:${E2E_PORT}`;

const appEnv = (port: number, extra: Record<string, string> = {}) => ({
  PORT: String(port),
  HOST: '127.0.0.1',
  SPROUT_SKIP_BUILD: '1',
  LOG_LEVEL: 'warn',
  AI_BASE_URL: `http://127.0.0.1:${FAKE_AI_PORT}/v1`,
  // Keep the fallback's back-off short enough for browser tests; its schedule is unit-tested.
  AI_TIMEOUT_MS: '5000',
  RATE_LIMIT_TOKEN: '100000',
  RATE_LIMIT_TOKEN_REFRESH: '100000',
  RATE_LIMIT_SIGNUP: '100000',
  RATE_LIMIT_AI: '100000',
  RATE_LIMIT_VERIFY: '100000',
  RATE_LIMIT_WRITE: '100000',
  // Chromium shares these two cores: a stall of the whole machine is not the server's overload.
  LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS: '0',
  // The assistant's indexer looks for notes to embed often, so a note is searchable by meaning at once.
  ASSISTANT_INDEX_INTERVAL_MS: '500',
  ...extra,
});

export default defineConfig({
  testDir: 'e2e',
  // The multi-server test has its own config and servers (npm run test:cluster).
  testIgnore: ['cluster/**'],
  outputDir: 'test-results',
  // Waits, once the servers answer, for `npm test`'s first step to end (e2e/support/start-gate.ts).
  globalSetup: './e2e/support/start-gate.ts',
  fullyParallel: true,
  // Two workers, one Chromium per core, everywhere: Playwright's default is half the cores (one worker on
  // a 2-core machine), and more workers than cores only queue behind the three servers for the CPU.
  workers: 2,
  // One retry in CI, where the 2-core machine's load varies; a test that passes only on retry is still
  // listed as flaky in the report.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL,
    // Recorded on the retry of a failed test, not for every test: a trace records the page after every
    // action, and recording them all to keep only the failures' was a large share of the suite's time.
    trace: 'on-first-retry',
    // The service worker precaches the whole app in every new context; only the offline specs need it
    // and opt in with test.use({ serviceWorkers: 'allow' }).
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: chromiumExecutable(), args: chromiumArgs },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } }],
  // One webServer entry that starts all three side by side (e2e/support/servers-main.ts): Playwright
  // starts its entries one after another, and each app server spends most of its start-up on its database.
  // The client is built once, before the run (`npm run test:e2e`); the servers skip their own build. Each
  // app server gets a temporary DATA_DIR, removed when the run ends: stopped with SIGTERM (not Playwright's
  // default SIGKILL), the servers close their databases and servers-main.ts removes the directories.
  webServer: {
    command: 'node --import tsx e2e/support/servers-main.ts',
    url: `${baseURL}/api/health`,
    wait: { stdout: /e2e servers ready/ },
    reuseExistingServer: false,
    timeout: 120_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      SPROUT_E2E_SERVERS: JSON.stringify([
        {
          name: 'fake AI provider',
          args: ['--import', 'tsx', 'test/kit/fake-ai-provider-main.ts'],
          env: { FAKE_AI_PORT: String(FAKE_AI_PORT) },
          healthUrl: `http://127.0.0.1:${FAKE_AI_PORT}/__health`,
        },
        {
          name: 'app server',
          args: ['scripts/start.mjs'],
          env: appEnv(E2E_PORT),
          tempDataDir: 'sprout-e2e-',
          healthUrl: `${baseURL}/api/health`,
        },
        {
          name: 'keyed app server',
          args: ['scripts/start.mjs'],
          env: appEnv(E2E_KEYED_PORT, { OPENROUTER_API_KEY: 'e2e-server-key-1234' }),
          tempDataDir: 'sprout-e2e-keyed-',
          healthUrl: `http://127.0.0.1:${E2E_KEYED_PORT}/api/health`,
        },
      ]),
    },
  },
});
