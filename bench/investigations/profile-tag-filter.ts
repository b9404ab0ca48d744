// Where the time of a tag chosen in the sidebar goes (issue 33, the 50 ms goal of `npm run bench -- tags`):
// the bench's round with a Chromium trace around the click, summarised by phase and by function.
// `node --import tsx bench/investigations/profile-tag-filter.ts [rounds]`; traces are kept in
// $TMPDIR/sprout-tag-trace-<n>.json for DevTools' Performance panel.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchBrowser, openApp, settle, timeClickToText } from '../lib/app-browser';
import { buildClientIfStale } from '../lib/client-build';
import { signUp, startSprout } from '../lib/sprout';
import { summariseTrace, TRACE_CATEGORIES } from '../lib/trace-summary';
import { NOTES, seedTaggedNotes, TAG } from '../groups/tags';

const rounds = Number(process.argv[2] ?? 2);
buildClientIfStale();
const server = await startSprout();
const browser = await launchBrowser();
try {
  const user = await signUp(server.url);
  const count = await seedTaggedNotes(user);
  const page = await openApp(browser, user, { timeoutMs: 240_000 });
  const link = page.getByRole('link', { name: `#${TAG}, ${count.toLocaleString('en-US')} notes` });
  await link.waitFor({ timeout: 240_000 });
  const newestTagged = new RegExp(`Note ${NOTES / 2 + 1}: an idea`);
  const dashboard = page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Dashboard' });
  for (let round = 0; round <= rounds; round++) {
    // As the bench does: back to the list through the sidebar, idle, then the tag.
    await dashboard.click();
    await page.getByRole('heading', { name: 'Note 1: an idea worth keeping' }).waitFor();
    await settle(page);
    await page.evaluate((title) => {
      addEventListener('pointerdown', () => performance.mark('bench:click'), { capture: true, once: true });
      const observer = new MutationObserver(() => {
        if (!new RegExp(title).test(document.body.textContent ?? '')) return;
        observer.disconnect();
        performance.mark('bench:toast');
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    }, newestTagged.source);
    const traced = round > 0; // round 0 warms up, as the bench's does
    if (traced) await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    const elapsed = await timeClickToText(page, link, newestTagged);
    if (!traced) {
      console.info(`warm-up: ${Math.round(elapsed)} ms`);
      continue;
    }
    await page.waitForTimeout(500);
    const trace = await browser.stopTracing();
    const file = path.join(os.tmpdir(), `sprout-tag-trace-${round}.json`);
    fs.writeFileSync(file, trace);
    console.info(`\nround ${round}: ${Math.round(elapsed)} ms click to the tag's first card (traced; ${file})`);
    console.info(
      summariseTrace(JSON.parse(trace.toString('utf8')), path.resolve(import.meta.dirname, '../../dist/client')),
    );
  }
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}
