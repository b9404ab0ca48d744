// Sync (issue 10, goal 3): 1,000 notes pending on the device, from the click on Sync to the 'Notes
// synced' toast, in Chromium through the UI, beside one 1,000-row POST to the same server and one
// INSERT of 1,000 rows on the same data.
import fs from 'node:fs';
import type { NoteWritable } from '#core/note';
import type { BenchGroup, GroupOptions } from '../lib/group';
import { launchBrowser } from '../lib/app-browser';
import { openPgliteCopy, type Sql } from '../lib/databases';
import { interleave, toRow, type Row } from '../lib/row';
import { settings } from '../lib/settings';
import { timeSyncRound } from '../lib/sync-round';
import { benchNote, postNotes, signUp, startSprout, type SproutServer } from '../lib/sprout';

const PENDING = 1000;
const COLUMNS = [
  'id',
  'user_id',
  'title',
  'content',
  'expanded_content',
  'tags',
  'created_at',
  'updated_at',
  'last_mutation_id',
] as const satisfies readonly (keyof NoteWritable)[];

/**
 * One INSERT of `count` rows, the rows passed as one JSON parameter (the quickest single statement for
 * a batch: thousands of bound parameters cost PGlite more than the insert); resolves with its time.
 */
async function insertRows(sql: Sql, userId: string, count: number): Promise<number> {
  const rows = Array.from({ length: count }, (_, i) => benchNote(userId, i));
  const columns = COLUMNS.join(', ');
  const began = performance.now();
  await sql.query(
    `insert into notes (${columns}) select ${columns} from jsonb_populate_recordset(null::notes, $1::jsonb)`,
    [JSON.stringify(rows)],
  );
  return performance.now() - began;
}

async function run(options: GroupOptions): Promise<Row[]> {
  const { rounds } = settings(options.smoke);
  let server: SproutServer = await startSprout();
  let sql: Sql | null = null;
  const browser = await launchBrowser();
  try {
    const floorUser = await signUp(server.url);
    await server.stop();
    sql = await openPgliteCopy(server.dataDir);
    server = await startSprout({ dataDir: server.dataDir });
    await insertRows(sql, floorUser.userId, PENDING); // warm-up: PGlite's first statements are slow
    const url = server.url;
    const syncRound = async (): Promise<number> => {
      const { ms, toast } = await timeSyncRound(browser, url, PENDING);
      options.log(`UI sync: ${Math.round(ms)} ms (${toast})`);
      return ms;
    };
    const postRound = async (): Promise<number> => {
      const user = await signUp(url);
      return postNotes(
        user,
        Array.from({ length: PENDING }, (_, i) => benchNote(user.userId, i)),
      );
    };
    // A warm-up of each, untimed: the first 1,000-row upsert and the first sync of a page run on cold code
    // (the server's JIT, the browser's caches), which no user's everyday sync does.
    options.log('warm-up round');
    await syncRound();
    await postRound();
    options.log(`${rounds} rounds`);
    const samples = await interleave(rounds, {
      ui: syncRound,
      post: postRound,
      insert: () => insertRows(sql!, floorUser.userId, PENDING),
    });
    return [
      toRow({
        name: `Sync ${PENDING.toLocaleString('en-US')} pending notes, click to 'synced' toast`,
        unit: 'ms',
        values: samples.ui,
        floorName: `one ${PENDING.toLocaleString('en-US')}-row POST to the same server`,
        floorValues: samples.post,
        better: 'lower',
        goal: '< 1 s and <= 3x the POST',
        meets: (v, f) => f !== null && v < 1000 && v <= 3 * f,
      }),
      toRow({
        name: 'Sync click to toast, beside the database alone',
        unit: 'ms',
        values: samples.ui,
        floorName: `one INSERT of ${PENDING.toLocaleString('en-US')} rows (PGlite, in process)`,
        floorValues: samples.insert,
        better: 'lower',
      }),
      toRow({
        name: `One ${PENDING.toLocaleString('en-US')}-row POST, beside the INSERT`,
        unit: 'ms',
        values: samples.post,
        floorName: 'one INSERT of the same rows',
        floorValues: samples.insert,
        better: 'lower',
      }),
    ];
  } finally {
    await browser.close();
    await sql?.close();
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
}

export const group: BenchGroup = {
  name: 'sync',
  title: 'Sync',
  order: 30,
  smoke: false,
  method:
    'Chromium (Playwright, headless, 1280x800) on the app from `node scripts/start.mjs` (file-backed PGlite). Each round a new user: ' +
    `${PENDING} pending notes written into the app's IndexedDB as another tab would (announced on Dexie's cross-tab channel), the ` +
    "dashboard showing them and the search index saved with them, then the sidebar's Sync clicked; timed in the page from the " +
    "click's pointerdown to the frame after the 'Notes synced' toast's text is in the DOM (push and pull; a MutationObserver " +
    "watches for it, not Playwright's per-frame text polling). Floors: one POST of 1,000 rows (`Prefer: return=minimal`) for " +
    "another new user, and one INSERT of the 1,000 rows (one JSON parameter) on a copy of the server's PGlite data in the bench process. " +
    'One untimed warm-up of the sync and of the POST first (the first of each runs on cold code), then interleaved rounds.',
  run,
};
