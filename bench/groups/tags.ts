// Tags with 20,000 notes on the device (issue 33, item 5): a reload of the Dashboard filtered by a tag to
// its first cards, beside the floor page's first paint; and a tag chosen in the sidebar to its cards on
// screen, beside the IndexedDB read of that tag's notes by the device's tag index (the data the list
// shows, read with no app around it).
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { BenchGroup, GroupOptions } from '../lib/group';
import {
  launchBrowser,
  openApp,
  settle,
  timeClickToText,
  timeIndexedDbRead,
  timeReloadToCards,
  timeReloadToFirstPaint,
} from '../lib/app-browser';
import { buildFloorPage } from '../lib/floor-page';
import { freePort } from '../lib/processes';
import { interleave, toRow, type Row } from '../lib/row';
import { settings } from '../lib/settings';
import { serveStatic } from '../lib/static-server';
import { benchNote, postNotes, signUp, startSprout, type BenchUser } from '../lib/sprout';

export const NOTES = 20_000;
const FIRST_CARDS = 60; // the dashboard's first page
/** The tag filtered by: on every fifth of the older half of the notes (2,000), none on the first page. */
export const TAG = 'work';
const tagged = (n: number) => n >= NOTES / 2 && n % 5 === 0;

/** The notes, tagged as a user would: own tags on some, `#tags` in the text of others. */
export async function seedTaggedNotes(user: BenchUser): Promise<number> {
  let count = 0;
  for (let done = 0; done < NOTES; done += 1000) {
    const rows = Array.from({ length: Math.min(1000, NOTES - done) }, (_, i) => {
      const n = done + i;
      const note = benchNote(user.userId, n);
      const tags = [n % 7 === 0 ? 'home' : null, n % 11 === 0 ? 'ideas/later' : null].filter(Boolean);
      if (tagged(n)) count += 1;
      return {
        ...note,
        tags: tagged(n) && n % 2 === 0 ? [...tags, `${TAG}/launch`] : tags.length ? tags : null,
        content: tagged(n) && n % 2 === 1 ? `${note.content}\nFor #${TAG}.` : note.content,
      };
    });
    await postNotes(user, rows);
  }
  return count;
}

/** Milliseconds the page takes to read the newest `count` notes tagged `tag` through the tag index (tag-index.ts's keys). */
function timeTagRead(page: Page, userId: string, tag: string, count: number): Promise<number> {
  const key = `${userId} ${tag}\u0000`;
  return timeIndexedDbRead(page, userId, count, { index: 'tag_keys', lower: key, upper: `${key}\uffff` });
}

async function run(options: GroupOptions): Promise<Row[]> {
  const { rounds } = settings(options.smoke, { rounds: 5, seconds: 0 });
  const floorDir = await buildFloorPage();
  const floor = await serveStatic(floorDir, await freePort());
  const server = await startSprout();
  const browser = await launchBrowser();
  try {
    const user = await signUp(server.url);
    const count = await seedTaggedNotes(user);
    const app = await openApp(browser, user, { timeoutMs: 240_000 });
    const firstTagged = NOTES / 2; // the newest tagged note (Note 10001), on no unfiltered first page
    const taggedTitle = new RegExp(`Note ${firstTagged + 1}: an idea`);
    // The oldest of the tag's first page: every fifth note is tagged, from the newest tagged one on.
    const lastTaggedTitle = new RegExp(`Note ${firstTagged + (FIRST_CARDS - 1) * 5 + 1}: an idea`);
    const sidebarTag = app.getByRole('link', { name: `#${TAG}, ${count.toLocaleString('en-US')} notes` });
    await sidebarTag.waitFor({ timeout: 240_000 });
    await timeTagRead(app, user.userId, TAG, FIRST_CARDS); // throws unless the device indexes them
    const floorPage = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await floorPage.goto(`${floor.url}/login`);

    // Choosing the tag in the sidebar, from the unfiltered Dashboard, each round. Back to it through the
    // sidebar, as a user goes from tag to list: a reload would time the tag against the start's own reads.
    const dashboard = app.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Dashboard' });
    const chooseTag = async (title: RegExp) => {
      await dashboard.click();
      await app.getByRole('heading', { name: 'Note 1: an idea worth keeping' }).waitFor();
      await settle(app);
      return timeClickToText(app, sidebarTag, title);
    };
    await chooseTag(taggedTitle); // warm-up
    const filter = await interleave(rounds, {
      app: () => chooseTag(taggedTitle),
      // The last card of the first page: the list draws a screenful first, the rest a frame or two later.
      all: () => chooseTag(lastTaggedTitle),
      read: () => timeTagRead(app, user.userId, TAG, FIRST_CARDS),
    });

    await app.goto(`/?tag=${TAG}`);
    await timeReloadToCards(app, FIRST_CARDS); // warm-up of both
    await timeReloadToFirstPaint(floorPage);
    options.log(`${rounds} rounds`);
    const reload = await interleave(rounds, {
      app: () => timeReloadToCards(app, FIRST_CARDS),
      floor: () => timeReloadToFirstPaint(floorPage),
    });
    const notes = NOTES.toLocaleString('en-US');
    return [
      toRow({
        name: `Reload to cards filtered by a tag (${count.toLocaleString('en-US')} of ${notes} notes)`,
        unit: 'ms',
        values: reload.app,
        floorName: "the floor page's first paint (reload)",
        floorValues: reload.floor,
        better: 'lower',
        goal: '< 2x the floor',
        meets: (v, f) => f !== null && v < 2 * f,
      }),
      toRow({
        name: `A tag chosen in the sidebar to its first cards (${notes} notes)`,
        unit: 'ms',
        values: filter.app,
        floorName: `IndexedDB read of the tag's ${FIRST_CARDS} newest notes by the tag index`,
        floorValues: filter.read,
        better: 'lower',
        goal: '< 50 ms',
        meets: (v) => v < 50,
      }),
      toRow({
        name: `A tag chosen in the sidebar to all ${FIRST_CARDS} cards of its first page (${notes} notes)`,
        unit: 'ms',
        values: filter.all,
        floorName: `IndexedDB read of the tag's ${FIRST_CARDS} newest notes by the tag index`,
        floorValues: filter.read,
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
  name: 'tags',
  title: 'Tags with 20,000 notes',
  order: 41,
  smoke: false,
  method:
    `Chromium (Playwright, headless, 1280x800), signed in, ${NOTES} notes written through the API (own tags on some, #tags in the text of others; ` +
    `2,000 tagged '${TAG}' directly or through '${TAG}/launch', all older than the first page) and brought to the device by the app's first sync. ` +
    `A reload of /?tag=${TAG} is timed from navigation start to ${FIRST_CARDS} cards, beside the floor page's reload to its first contentful paint. ` +
    `Choosing the tag is timed from the pointerdown on its sidebar link, on the unfiltered Dashboard reached through the sidebar's Dashboard link (no reload) and idle for two frames, to the frame after the newest tagged note's card is in the page, ` +
    `and, in rounds of their own, to the frame after the card of the page's oldest (the ${FIRST_CARDS}th) is in it, ` +
    `each beside the page's own IndexedDB read of the tag's ${FIRST_CARDS} newest notes through the 'tag_keys' index (a cursor, newest first). One warm-up of each, then interleaved rounds.`,
  run,
};
