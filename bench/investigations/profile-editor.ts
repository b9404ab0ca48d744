// Where a key press's time goes in the Markdown editor on a 10,000-word note (issue 33): the `editor`
// group's note opened on its edit screen, 20 key presses at the end of the text under a Chromium trace,
// the CPU at 1x (CPU=4 slows it as the group does), summarised by `bench/lib/trace-summary.ts` from the
// first key's press to the frame after the last. Trace kept in $TMPDIR/sprout-editor-trace.json.
// `node --import tsx bench/investigations/profile-editor.ts`; run `npx vite build` first.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchBrowser, openApp } from '../lib/app-browser';
import { buildClientIfStale } from '../lib/client-build';
import { signUp, startSprout } from '../lib/sprout';
import { summariseTrace, TRACE_CATEGORIES } from '../lib/trace-summary';
import { postLongNote } from '../groups/editor';

const KEYS = 20;
buildClientIfStale();
const server = await startSprout();
const browser = await launchBrowser();
try {
  const user = await signUp(server.url);
  const id = await postLongNote(user);
  const page = await openApp(browser, user, { timeoutMs: 120_000 });
  await page.goto(`/edit/${id}`);
  const editor = page.locator('.cm-content[contenteditable="true"]');
  await editor.waitFor({ timeout: 60_000 });
  if (process.env.CPU)
    await (
      await page.context().newCDPSession(page)
    ).send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.CPU) });
  await editor.focus();
  await page.keyboard.press('ControlOrMeta+End');
  for (let i = 0; i < 5; i++) await page.keyboard.press('a'); // warm-up
  await page.waitForTimeout(1000);
  // Each press timed to the frame after it; the first one marks where the summary starts.
  await page.evaluate(() => {
    const times: number[] = [];
    (globalThis as { __keys?: number[] }).__keys = times;
    let marked = false;
    addEventListener(
      'keydown',
      () => {
        if (!marked) performance.mark('bench:click');
        marked = true;
        const began = performance.now();
        requestAnimationFrame(() => setTimeout(() => times.push(performance.now() - began), 0));
      },
      { capture: true },
    );
  });
  await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  for (let i = 0; i < KEYS; i++) await page.keyboard.press(i % 6 === 5 ? 'Space' : 'a');
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => setTimeout(() => (performance.mark('bench:toast'), resolve()), 0)),
      ),
  );
  await page.waitForTimeout(300);
  const trace = await browser.stopTracing();
  const file = path.join(os.tmpdir(), 'sprout-editor-trace.json');
  fs.writeFileSync(file, trace);
  const times = await page.evaluate(() => (globalThis as { __keys?: number[] }).__keys ?? []);
  console.info(`${KEYS} keys traced (${file}); each, key press to the frame after it (ms, traced):`);
  console.info(`  ${times.map((t) => t.toFixed(0)).join(' ')}`);
  console.info(
    summariseTrace(JSON.parse(trace.toString('utf8')), path.resolve(import.meta.dirname, '../../dist/client')),
  );
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}
