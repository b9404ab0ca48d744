// Which Chromium to drive: Playwright's own when installed, else Debian's. Of Debian's two builds the
// headless shell comes first: it is the same Chromium (same Blink and V8, same version) in the shell
// Playwright itself uses for headless runs, without the full browser's UI and GPU processes, which took
// much of the suite's CPU. E2E_CHROMIUM names another executable, e.g. /usr/bin/chromium to run the suite
// on the full browser.
import fs from 'node:fs';
import { chromium } from '@playwright/test';

const DEBIAN_CHROMIUMS = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];

export function chromiumExecutable(): string | undefined {
  if (process.env.E2E_CHROMIUM) return process.env.E2E_CHROMIUM;
  try {
    if (fs.existsSync(chromium.executablePath())) return undefined;
  } catch {
    // No Playwright browser registry entry: fall through to the system browser.
  }
  return DEBIAN_CHROMIUMS.find((file) => fs.existsSync(file)) ?? DEBIAN_CHROMIUMS.at(-1);
}

// Without the background-networking flags Chromium keeps trying to reach Google's hosts, which this
// machine's closed network refuses.
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
