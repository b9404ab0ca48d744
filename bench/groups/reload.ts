// Reload with 10,000 notes on the device (issue 10, goal 4): from navigation start to the dashboard's
// first page of cards, beside the floor page's first paint (a reload in the same browser) and the
// IndexedDB read of the notes those cards show.
import fs from 'node:fs';
import path from 'node:path';
import type { BenchGroup, GroupOptions } from '../lib/group';
import {
  launchBrowser,
  openApp,
  timeIndexedDbRead,
  timeReloadToCards,
  timeReloadToFirstPaint,
} from '../lib/app-browser';
import { buildFloorPage } from '../lib/floor-page';
import { freePort } from '../lib/processes';
import { interleave, toRow, type Row } from '../lib/row';
import { settings } from '../lib/settings';
import { serveStatic } from '../lib/static-server';
import { seedNotes, signUp, startSprout } from '../lib/sprout';

const NOTES = 10_000;
const FIRST_CARDS = 60; // the dashboard's first page

async function run(options: GroupOptions): Promise<Row[]> {
  const { rounds } = settings(options.smoke, { rounds: 5, seconds: 0 });
  const floorDir = await buildFloorPage();
  const floor = await serveStatic(floorDir, await freePort());
  const server = await startSprout();
  const browser = await launchBrowser();
  try {
    const user = await signUp(server.url);
    // The notes go to the server and reach the device by the app's own first sync (a full resync,
    // [S12]). They used to be written straight into IndexedDB as 'synced' while the server lacked them,
    // a state the app never makes: openApp returned before the first sync had ended (see pollPage),
    // and that sync's full resync then removed them ("only 0 notes in IndexedDB").
    await seedNotes(user, NOTES);
    const app = await openApp(browser, user, { timeoutMs: 180_000 });
    await timeIndexedDbRead(app, user.userId, FIRST_CARDS); // throws unless the device holds the notes
    const floorPage = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await floorPage.goto(`${floor.url}/login`);
    // Warm-up of both (caches, the service worker's install), not counted.
    await timeReloadToCards(app, FIRST_CARDS);
    await timeReloadToFirstPaint(floorPage);
    options.log(`${rounds} rounds`);
    const samples = await interleave(rounds, {
      app: () => timeReloadToCards(app, FIRST_CARDS),
      floor: () => timeReloadToFirstPaint(floorPage),
      read: () => timeIndexedDbRead(app, user.userId, FIRST_CARDS),
    });
    return [
      toRow({
        name: `Reload to cards, ${NOTES.toLocaleString('en-US')} notes on the device`,
        unit: 'ms',
        values: samples.app,
        floorName: "the floor page's first paint (reload)",
        floorValues: samples.floor,
        better: 'lower',
        goal: '< 2x the floor',
        meets: (v, f) => f !== null && v < 2 * f,
      }),
      toRow({
        name: 'Reload to cards, beside the data it shows',
        unit: 'ms',
        values: samples.app,
        floorName: `IndexedDB read of the ${FIRST_CARDS} newest notes`,
        floorValues: samples.read,
        better: 'lower',
      }),
    ];
  } finally {
    await browser.close();
    await server.stop();
    await floor.close();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
    fs.rmSync(path.dirname(floorDir), { recursive: true, force: true });
  }
}

export const group: BenchGroup = {
  name: 'reload',
  title: 'Reload with 10,000 notes',
  order: 40,
  smoke: false,
  method:
    `Chromium (Playwright, headless, 1280x800), signed in, ${NOTES} notes written through the API and brought to the device by the app's own first sync. A reload is timed ` +
    `from navigation start to ${FIRST_CARDS} cards on the dashboard (timed in the page: a MutationObserver from the document's start, at the frame after the last of them is in the DOM); the floor page (bench/floor-page) ` +
    `reloaded in the same browser to its first contentful paint; the IndexedDB read walks the [user_id+updated_at] index, newest first, ` +
    `for ${FIRST_CARDS} notes, in the app's page. One warm-up reload of each, then interleaved rounds.`,
  run,
};
