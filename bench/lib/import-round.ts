// One round of an import figure (issue 12's JSON import; issue 37's imports from other apps): a fresh user
// opens Settings > Your data offline, so that nothing syncs meanwhile, and picks `file`; timed in the page
// from the file picked to the 'Imported …' status. With `heap`, the page's JS heap is sampled every 25 ms
// through CDP meanwhile, and its peak is given above the heap before the pick.
import type { Browser, Page } from '@playwright/test';
import { openApp } from './app-browser';
import { signUp, type SproutServer } from './sprout';

export interface ImportRound {
  ms: number;
  page: Page;
  /** MiB the page's JS heap grew to above where it stood at the pick, when sampled. */
  heapPeakMiB: number | null;
}

const MIB = 1024 * 1024;

/** Signs up a fresh user, opens Settings offline (nothing syncs meanwhile) and imports `file`; ms from the file picked to 'Imported ...'. */
export async function timeImport(
  browser: Browser,
  server: SproutServer,
  file: string,
  { heap = false }: { heap?: boolean } = {},
): Promise<ImportRound> {
  const user = await signUp(server.url);
  const page = await openApp(browser, user);
  await page.goto('/settings?tab=sync');
  await page.getByRole('heading', { name: 'Your data' }).waitFor();
  // The export loads the file formats' code (fetched on first use): fetch it while online.
  await page.getByRole('button', { name: 'Export as JSON' }).click();
  await page
    .getByRole('status')
    .filter({ hasText: /^Exported / })
    .waitFor();
  // The import's own code (its planner, and what that imports) is fetched on first use too: an empty
  // import, online, fetches it.
  await page.locator('input[type="file"]:not([webkitdirectory])').setInputFiles({
    name: 'warm-up.json',
    mimeType: 'application/json',
    buffer: Buffer.from('[]'),
  });
  await page
    .getByRole('status')
    .filter({ hasText: /^Imported 0 notes\./ })
    .waitFor();
  await page.context().setOffline(true);
  await page.evaluate(() => {
    const input = document.querySelector<HTMLInputElement>('input[type="file"]:not([webkitdirectory])')!;
    input.addEventListener(
      'change',
      () => ((window as unknown as { __benchPick: number }).__benchPick = performance.now()),
      { capture: true },
    );
  });
  const cdp = heap ? await page.context().newCDPSession(page) : null;
  const used = async () => ((await cdp!.send('Runtime.getHeapUsage')) as { usedSize: number }).usedSize;
  await cdp?.send('HeapProfiler.collectGarbage');
  const base = cdp ? await used() : 0;
  let peak = base;
  let sampling = cdp !== null;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, await used().catch(() => peak));
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  })();
  await page.locator('input[type="file"]:not([webkitdirectory])').setInputFiles(file, { timeout: 120_000 });
  const statuses = () =>
    page.evaluate(() => [...document.querySelectorAll('[role="status"]')].map((s) => s.textContent).join(' | '));
  const timer = setInterval(
    () =>
      void statuses().then(
        (text) => console.error(`[bench] import status: ${text}`),
        () => undefined,
      ),
    15_000,
  );
  const handle = await page
    .waitForFunction(
      () => {
        const texts = [...document.querySelectorAll('[role="status"]')].map((s) => s.textContent ?? '');
        if (texts.some((t) => t.startsWith('Import failed'))) return -1;
        return (
          texts.some((t) => /^Imported [\d,]+ notes?\./.test(t)) &&
          performance.now() - (window as unknown as { __benchPick: number }).__benchPick
        );
      },
      undefined,
      { polling: 20, timeout: 600_000 },
    )
    .finally(() => {
      clearInterval(timer);
      sampling = false;
    });
  await sampler;
  await cdp?.detach();
  const ms = (await handle.jsonValue()) as number;
  if (ms < 0) throw new Error(`the import failed: ${await statuses()}`);
  return { ms, page, heapPeakMiB: heap ? (peak - base) / MIB : null };
}
