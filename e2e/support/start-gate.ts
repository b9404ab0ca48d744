// Playwright's global set-up, which runs once its web servers answer: when `npm test` starts the browser
// tests while the unit tests still run (scripts/test.mjs), it names a file in SPROUT_E2E_GATE and the tests
// wait here until that file says 'go'; any other word means the first step failed and nothing runs. So
// loading the specs and starting the servers fill the cores the unit tests' last minutes leave idle,
// without the browser tests competing with them. Without the variable (npm run test:e2e, playwright test)
// nothing waits.
import fs from 'node:fs';

const POLL_MS = 200;

export default async function waitForTheGate(): Promise<void> {
  const gate = process.env.SPROUT_E2E_GATE;
  if (!gate) return;
  for (;;) {
    const word = fs.existsSync(gate) ? fs.readFileSync(gate, 'utf8').trim() : '';
    if (word === 'go') return;
    if (word) throw new Error(`browser tests not run: the first step of npm test ended with '${word}'`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
