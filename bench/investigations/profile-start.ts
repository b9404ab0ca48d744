// Where the signed-in start's main-thread time goes on a slow phone (issue 33: Lighthouse mobile on /
// signed in falls from 95 to 77 when the machine is busy): a reload of / with Chromium's CPU 4x slower,
// under a trace, summarised by `bench/lib/trace-summary.ts` from navigation to 6 s later, with the long
// tasks (over 50 ms) listed. `node --import tsx bench/investigations/profile-start.ts [notes]`; the
// trace is kept in $TMPDIR/sprout-start-trace.json for DevTools' Performance panel.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchNote, postNotes, signUp, startSprout } from '../lib/sprout';
import { launchBrowser, openApp } from '../lib/app-browser';
import { buildClientIfStale } from '../lib/client-build';
import { summariseTrace, TRACE_CATEGORIES } from '../lib/trace-summary';

const notes = Number(process.argv[2] ?? 20);
buildClientIfStale();
const server = await startSprout();
const browser = await launchBrowser();
try {
  const user = await signUp(server.url);
  if (notes > 0)
    await postNotes(
      user,
      Array.from({ length: notes }, (_, n) => benchNote(user.userId, n)),
    );
  const page = await openApp(browser, user);
  await page.waitForTimeout(3000);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  // Marks the summary reads: the start of the navigation and 6 s after it.
  await page.addInitScript(() => {
    performance.mark('bench:click');
    setTimeout(() => performance.mark('bench:toast'), 6000);
  });
  await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  await page.reload();
  await page.waitForTimeout(7000);
  const trace = await browser.stopTracing();
  const file = path.join(os.tmpdir(), 'sprout-start-trace.json');
  fs.writeFileSync(file, trace);
  const parsed = JSON.parse(trace.toString('utf8')) as {
    traceEvents: {
      name: string;
      ph: string;
      ts: number;
      dur?: number;
      tid: number;
      pid: number;
      args?: { data?: { url?: string } };
    }[];
  };
  const start = parsed.traceEvents.find((e) => e.name === 'bench:click');
  if (start) {
    const long = parsed.traceEvents.filter(
      (e) =>
        e.ph === 'X' &&
        e.name === 'RunTask' &&
        e.tid === start.tid &&
        e.pid === start.pid &&
        (e.dur ?? 0) > 50_000 &&
        e.ts >= start.ts,
    );
    console.info(`long tasks on the main thread (CPU 4x slower), ms from navigation: ${long.length}`);
    for (const task of long)
      console.info(`  at ${((task.ts - start.ts) / 1000).toFixed(0)} ms: ${((task.dur ?? 0) / 1000).toFixed(0)} ms`);
  }
  console.info(summariseTrace(parsed, path.resolve(import.meta.dirname, '../../dist/client')));
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}
