// The network as a test controls it: offline and back (once the page's own first sync is over), requests
// held until the test lets them go, and the service worker that lets the app load without a network.
import { expect, type Page } from '@playwright/test';
import { sidebar } from './layout';

/**
 * Waits until the page's first sync since it loaded has finished: a pull has answered and no sync run
 * holds the app's Web Lock. A test that cuts the network should do so after this, or the pull the page
 * started on load fails in flight (Chromium logs it), which is not what the test is about.
 */
export async function waitForSyncIdle(page: Page): Promise<void> {
  await page.waitForFunction(
    async () => {
      const pulled = performance
        .getEntriesByType('resource')
        .some(
          (entry) => entry.name.includes('/rest/v1/notes?') && (entry as PerformanceResourceTiming).responseEnd > 0,
        );
      const held = (await navigator.locks.query()).held ?? [];
      return pulled && !held.some((lock) => lock.name?.startsWith('sprout-sync-'));
    },
    undefined,
    { polling: 100, timeout: 30_000 },
  );
}

/** Cuts the network of the page's device (its browser context) once the page's own first sync is over. */
export async function goOfflineWhenIdle(page: Page): Promise<void> {
  await waitForSyncIdle(page);
  await page.context().setOffline(true);
}

/** goOfflineWhenIdle, then waits for the sidebar (desktop) to say Offline. */
export async function goOffline(page: Page): Promise<void> {
  await goOfflineWhenIdle(page);
  await expect(sidebar(page).getByText('Offline', { exact: true })).toBeVisible();
}

/** Gives the page's device its network back and waits for the sidebar (desktop) to say Online. */
export async function goOnline(page: Page): Promise<void> {
  await page.context().setOffline(false);
  await expect(sidebar(page).getByText('Online', { exact: true })).toBeVisible();
}

/** Holds every request `pattern` matches until the returned release is called (then they go on as sent). */
export async function holdRequests(page: Page, pattern: string): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Waits until the app's service worker has precached the app and controls the page (it claims the
 * first visit as soon as it activates), so later loads and route changes work offline. The spec
 * must allow service workers: test.use({ serviceWorkers: 'allow' }).
 */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker?.controller)), { timeout: 30_000 })
    .toBe(true);
  // The chunks outside the precached shell are fetched once the worker is active (sw-warm.js): a user
  // who goes offline before that finishes has the shell only, so the tests wait for all of them.
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const script = await (await fetch('/sw-warm.js')).text();
          const urls = JSON.parse(/const urls = (\[.*?\]);/.exec(script)?.[1] ?? '[]') as string[];
          const cached = await Promise.all(urls.map((url) => caches.match(url)));
          return cached.every(Boolean);
        }),
      { timeout: 30_000 },
    )
    .toBe(true);
}
