// Which Chromium to drive: Playwright's own when installed, else Debian's /usr/bin/chromium.
import fs from 'node:fs';
import { chromium } from '@playwright/test';

export function chromiumExecutable(): string | undefined {
  try {
    if (fs.existsSync(chromium.executablePath())) return undefined;
  } catch {
    // No Playwright browser registry entry: fall through to the system browser.
  }
  return '/usr/bin/chromium';
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
