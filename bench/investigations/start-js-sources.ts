// Where a cold signed-in start's JavaScript time goes, by original source: a V8 CPU profile of / (20 notes,
// a phone-sized viewport, a new browser context each round, the CPU not slowed) from the navigation to 3 s
// after the dashboard's heading, each sample's self time attributed through the build's hidden source maps
// to an npm package or an app file, averaged over the rounds. Native work (parsing, style, layout) shows as
// '(program)'. `ROUNDS=3 TOP=40 [FN=1] node --import tsx bench/investigations/start-js-sources.ts`; FN=1
// splits each source by function. Run `npx vite build` first: it reads dist/client.
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumExecutable } from '../../test/kit/browser';
import { originalSource } from '../lib/built-sources';
import { benchNote, postNotes, returningDevice, signUp, startSprout } from '../lib/sprout';

const server = await startSprout();
const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: chromiumArgs });
const totals = new Map<string, number>();
try {
  const user = await signUp(server.url);
  await postNotes(
    user,
    Array.from({ length: 20 }, (_, n) => benchNote(user.userId, n)),
  );
  for (let round = 0; round < Number(process.env.ROUNDS ?? 3); round++) {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 412, height: 823 } });
    // Stored before the first load only: the app's own writes stand on a reload.
    await context.addInitScript((entries) => {
      if (localStorage.length === 0) for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
    }, returningDevice(user));
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Your Notes' }).waitFor();
    await page.waitForTimeout(3000);
    const { profile } = await cdp.send('Profiler.stop');
    await context.close();
    const samples = profile.samples ?? [];
    const deltas = profile.timeDeltas ?? [];
    // A sample's node ran until the next sample.
    const dt = new Map<number, number>();
    for (let i = 0; i < samples.length; i++) dt.set(samples[i]!, (dt.get(samples[i]!) ?? 0) + (deltas[i + 1] ?? 0));
    for (const n of profile.nodes) {
      const t = (dt.get(n.id) ?? 0) / 1000;
      if (!t) continue;
      const cf = n.callFrame;
      let k = (cf.url ? cf.url.split('/').pop() : cf.functionName) ?? '(unknown)';
      if (cf.url.includes('/assets/')) k = (await originalSource(cf, Boolean(process.env.FN))) ?? k;
      totals.set(k, (totals.get(k) ?? 0) + t);
    }
  }
  const rounds = Number(process.env.ROUNDS ?? 3);
  for (const [k, v] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 40)))
    console.info((v / rounds).toFixed(1).padStart(8), k);
} finally {
  await browser.close();
  await server.stop();
}
