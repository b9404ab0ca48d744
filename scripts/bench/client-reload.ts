/// <reference lib="dom" />
// Reload to cards with 10,000 notes on the device (issue 10, goal 4): from navigation start to the
// dashboard's first 60 cards, beside its floor, the first paint of a bare page at the same origin (one
// paragraph, no script), interleaved round by round.
import type { Browser } from '@playwright/test';
import { benchNotes, median, openApp, putNotes, signUp } from './client-pages';

const FIRST_CARDS = 60;

export interface ClientReloadResult {
  /** Navigation start to 60 cards on the dashboard, ms per round. */
  cardsMs: number[];
  /** Navigation start to the bare page's first contentful paint, ms per round. */
  floorMs: number[];
  /** median(cards) / median(floor). */
  ratio: number;
}

export async function measureClientReload(browser: Browser, baseURL: string, rounds = 5, notes = 10_000): Promise<ClientReloadResult> {
  const user = await signUp(baseURL);
  const page = await openApp(browser, baseURL, user);
  for (let offset = 0; offset < notes; offset += 2_000) await putNotes(page, benchNotes(user.session.user.id, Math.min(2_000, notes - offset), 'synced', offset));
  // The floor page is answered by the browser's own routing at the same origin: no server work at all.
  await page.route('**/__bare', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>bare</title><p>Bare page</p>' }));
  const cardsMs: number[] = [];
  const floorMs: number[] = [];
  const reloadToCards = async () => {
    await page.goto('/', { waitUntil: 'commit' });
    const handle = await page.waitForFunction(
      (n) => document.querySelectorAll('ul[aria-label="Notes"] article').length >= n && performance.now(),
      FIRST_CARDS,
      { polling: 10, timeout: 60_000 },
    );
    return (await handle.jsonValue()) as number;
  };
  const bareFirstPaint = async () => {
    await page.goto('/__bare', { waitUntil: 'load' });
    const handle = await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? false, undefined, { polling: 10 });
    return (await handle.jsonValue()) as number;
  };
  await reloadToCards(); // warm-up
  for (let round = 0; round < rounds; round++) {
    floorMs.push(await bareFirstPaint());
    cardsMs.push(await reloadToCards());
  }
  await page.context().close();
  return { cardsMs, floorMs, ratio: median(cardsMs) / median(floorMs) };
}
