// Where a 1,000-note sync's click-to-toast time goes: the bench's sync round (bench/groups/sync.ts)
// with a Chromium trace (timeline, CPU samples of every thread, network) around the click, summarised
// phase by phase. `node --import tsx bench/investigations/profile-sync.ts [rounds]`; traces are kept in
// $TMPDIR/sprout-sync-trace-<n>.json for DevTools' Performance panel.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  announceNotes,
  countPending,
  fillNotes,
  launchBrowser,
  openApp,
  timeClickToText,
  waitForSettledNotes,
} from '../lib/app-browser';
import { buildClientIfStale } from '../lib/client-build';
import { signUp, startSprout } from '../lib/sprout';
import { summariseTrace, TRACE_CATEGORIES } from '../lib/trace-summary';

const PENDING = 1000;
const rounds = Number(process.argv[2] ?? 2);
buildClientIfStale();
const server = await startSprout();
const browser = await launchBrowser();
try {
  for (let round = 0; round <= rounds; round++) {
    const user = await signUp(server.url);
    const page = await openApp(browser, user);
    await fillNotes(page, user.userId, PENDING, 'pending');
    await announceNotes(page);
    await waitForSettledNotes(page, user.userId);
    const pending = await countPending(page, user.userId);
    if (pending !== PENDING) throw new Error(`${pending} of ${PENDING} notes pending before the click`);
    // Marks for the summary: the click, and the toast's text in the DOM.
    await page.evaluate(() => {
      addEventListener('pointerdown', () => performance.mark('bench:click'), { capture: true, once: true });
      const observer = new MutationObserver(() => {
        if (!/Successfully synced/.test(document.body.textContent ?? '')) return;
        observer.disconnect();
        performance.mark('bench:toast');
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    const traced = round > 0; // round 0 warms up, as the bench's does
    if (traced) await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    const sync = page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: 'Sync' });
    const elapsed = await timeClickToText(page, sync, /Successfully synced \d+ notes to the cloud\./);
    if (!traced) {
      console.info(`warm-up: ${Math.round(elapsed)} ms`);
      await page.context().close();
      continue;
    }
    // What follows the toast (live queries, the search index) is part of the picture too.
    await page.waitForTimeout(1500);
    const trace = await browser.stopTracing();
    const file = path.join(os.tmpdir(), `sprout-sync-trace-${round}.json`);
    fs.writeFileSync(file, trace);
    console.info(`\nround ${round}: ${Math.round(elapsed)} ms click to toast (traced; ${file})`);
    console.info(
      summariseTrace(JSON.parse(trace.toString('utf8')), path.resolve(import.meta.dirname, '../../dist/client')),
    );
    await page.context().close();
  }
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}
