// Today (issue 35, item 2) with 1,000 dated items on 300 notes: a reload of /today to its first rows,
// beside the dashboard's own reload to its first cards, on the same device and data, interleaved.
import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { BenchGroup, GroupOptions } from '../lib/group';
import { launchBrowser, openApp, timeReloadToCards, timeReloadToElements } from '../lib/app-browser';
import { interleave, toRow, type Row } from '../lib/row';
import { settings } from '../lib/settings';
import { postNotes, signUp, startSprout, type BenchUser } from '../lib/sprout';

const NOTES = 300;
const DATED = 1000;
/** A screenful: the first rows of Today and the first cards of the dashboard. */
const FIRST = 12;
const TODAY_ROW = 'main article li';

/** 300 checklist notes, 1,000 unticked items due from ten days ago to a week ahead, and undated ones. */
async function seedDatedNotes(user: BenchUser): Promise<void> {
  const dayMs = 86_400_000;
  const rows = Array.from({ length: NOTES }, (_, n) => {
    const dated = Math.floor((DATED * (n + 1)) / NOTES) - Math.floor((DATED * n) / NOTES);
    const at = new Date(Date.now() - n * 60_000).toISOString();
    return {
      id: randomUUID(),
      user_id: user.userId,
      title: `Plan ${n + 1}`,
      content: 'A plan with dated steps.',
      is_checklist: true,
      checklist_items: [
        ...Array.from({ length: dated }, (_, i) => {
          const k = n * 7 + i;
          const day = new Date(Date.now() + ((k % 18) - 10) * dayMs);
          return {
            id: `step-${i}`,
            text: `Step ${i + 1} of plan ${n + 1}`,
            completed: false,
            due: k % 3 === 0 ? day.toISOString() : day.toISOString().slice(0, 10),
          };
        }),
        { id: 'undated', text: 'Think it over', completed: false },
      ],
      created_at: at,
      updated_at: at,
      last_mutation_id: randomUUID(),
    };
  });
  await postNotes(user, rows);
}

async function run(options: GroupOptions): Promise<Row[]> {
  const { rounds } = settings(options.smoke, { rounds: 5, seconds: 0 });
  const server = await startSprout();
  const browser = await launchBrowser();
  try {
    const user = await signUp(server.url);
    await seedDatedNotes(user);
    const dashboard = await openApp(browser, user, { timeoutMs: 120_000 });
    // The same device (context) in a second tab: the two reloads read one IndexedDB.
    const today = await dashboard.context().newPage();
    await today.goto('/today');
    await today
      .locator(TODAY_ROW)
      .nth(FIRST - 1)
      .waitFor({ timeout: 60_000 });
    // Warm-up of both, not counted.
    await timeReloadToCards(dashboard, FIRST);
    await timeReloadToElements(today, TODAY_ROW, FIRST);
    options.log(`${rounds} rounds`);
    const samples = await interleave(rounds, {
      today: () => timeReloadToElements(today, TODAY_ROW, FIRST),
      dashboard: () => timeReloadToCards(dashboard, FIRST),
    });
    return [
      toRow({
        name: `Reload of Today to its first ${FIRST} rows (${DATED.toLocaleString('en-US')} dated items on ${NOTES} notes)`,
        unit: 'ms',
        values: samples.today,
        floorName: `the dashboard's reload to its first ${FIRST} cards, same device`,
        floorValues: samples.dashboard,
        better: 'lower',
        goal: '<= 1.2x the dashboard',
        meets: (v, f) => f !== null && v <= 1.2 * f,
      }),
    ];
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
}

export const group: BenchGroup = {
  name: 'today',
  title: 'Today with 1,000 dated items (`npm run bench -- today`)',
  order: 41,
  smoke: false,
  method: `Chromium (Playwright, headless, 1280x800), signed in, ${NOTES} checklist notes holding ${DATED} unticked items due from ten days ago to a week ahead (a third with a time) written through the API and brought to the device by the app's first sync. Two tabs of one device: /today reloaded to its first ${FIRST} rows and the dashboard reloaded to its first ${FIRST} cards, each timed in the page from navigation start (a MutationObserver, at the frame after the last of them is in the DOM). One warm-up reload of each, then interleaved rounds.`,
  run,
};
