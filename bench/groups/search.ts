/// <reference lib="dom" />
// Search, its index and export/import with 10,000 notes on the device (issue 12, "Tests and figures"),
// in Chromium: the time from a key typed in the dashboard's search field to the cards updated, beside a
// plain Array.filter over the same notes in the same page; the index build after a reload, beside
// reading those notes from IndexedDB; the JSON and Markdown exports beside JSON.stringify of the notes;
// the import of the JSON export into a fresh account beside JSON.parse of the file and one IndexedDB
// transaction putting its notes.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { EMPTY_CONTENT } from '#core/note-fields';
import type { LocalNote } from '#core/sync-rules';
import { launchBrowser, openApp } from '../lib/app-browser';
import type { BenchGroup, GroupOptions } from '../lib/group';
import { interleave, median, quantile, toRow, type Row } from '../lib/row';
import { settings } from '../lib/settings';
import { timeImport } from '../lib/import-round';
import { signUp, startSprout } from '../lib/sprout';

// BENCH_SEARCH_NOTES: a smaller collection for a quick try of the script.
const NOTES = Number(process.env.BENCH_SEARCH_NOTES) || 10_000;
/** The word typed letter by letter; about 1 note in 100 has it. */
const WORD = 'binoculars';
/** A `#tag` query with words (issue 33): about 1 note in 10 is tagged work, as a chip or as `#work` in its text. */
const TAG_QUERY = '#work binoc';
const INDEX_BUILD_MEASURE = 'sprout:search-index-build'; // client/src/data/search/search-client.ts
const SETTLE_MS = 150;

// A small deterministic generator, so every run indexes the same text.
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES =
  'ba be bo da de di do fa fe fi ga go ka ke ki ko la le li lo ma me mi mo na ne no pa pe pi po ra re ri ro sa se si so ta te ti to va ve vi wa ya za'.split(
    ' ',
  );
const COMMON =
  'the idea plan garden kitchen trip call write buy book read meeting project money week friday list notes work home family weekend morning'.split(
    ' ',
  );

/** Notes with a varied vocabulary (4,000 made-up words, a few frequent ones), like a real collection's spread of words. */
function variedNotes(userId: string, count: number): LocalNote[] {
  const next = random(12);
  const vocabulary = Array.from({ length: 4_000 }, () => {
    const parts = 2 + Math.floor(next() * 3);
    return Array.from({ length: parts }, () => SYLLABLES[Math.floor(next() * SYLLABLES.length)]).join('');
  });
  // Zipf-like: low indexes much more often.
  const word = () =>
    next() < 0.2
      ? COMMON[Math.floor(next() * COMMON.length)]!
      : vocabulary[Math.floor(vocabulary.length * next() ** 3)]!;
  const words = (n: number) => Array.from({ length: n }, word).join(' ');
  const now = Date.now();
  return Array.from({ length: count }, (_, n) => {
    const at = new Date(now - n * 60_000).toISOString();
    const checklist = n % 5 === 0;
    const planted = n % 97 === 0;
    return {
      // Content fields the bench does not vary keep their empty value, so a new field needs no edit here.
      ...EMPTY_CONTENT,
      id: randomUUID(),
      user_id: userId,
      title: words(3 + (n % 4)),
      content: `${words(20 + (n % 30))}${planted && !checklist ? ` ${WORD}` : ''}${n % 20 === 10 ? ' #work' : ''}`,
      tags: n % 20 === 0 ? ['work', 'work/launch'] : null,
      expanded_content: n % 3 === 0 ? `${words(60)}\n\nAction Steps:\n1. ${words(6)}\n2. ${words(6)}` : null,
      is_checklist: checklist,
      checklist_items: checklist
        ? Array.from({ length: 4 }, (_, i) => ({
            id: `c${n}-${i}`,
            text: planted && i === 0 ? `Pack the ${WORD}` : words(4),
            completed: i % 2 === 0,
          }))
        : null,
      chat_history: null,
      created_at: at,
      updated_at: at,
      deleted_at: null,
      revision: n + 1,
      base_revision: null,
      mutation_id: null,
      sent_mutation_ids: [],
      sync_state: 'synced',
      sync_error: null,
      conflict_of: null,
      base_content: null,
      history_reason: null,
    };
  });
}

/** Writes local-format notes into the app's IndexedDB (its names are client/src/data/notes/local-db.ts's). */
async function putNotes(page: Page, notes: LocalNote[]): Promise<void> {
  for (let start = 0; start < notes.length; start += 2_000) {
    await page.evaluate(
      (rows) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('sprout');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const db = open.result;
            const tx = db.transaction('notes', 'readwrite');
            for (const row of rows) tx.objectStore('notes').put(row);
            tx.oncomplete = () => {
              db.close();
              resolve();
            };
            tx.onerror = () => reject(tx.error);
          };
        }),
      notes.slice(start, start + 2_000),
    );
  }
}

/** Reads every note of the user from IndexedDB into `window.__benchNotes`; resolves with the ms the read took. */
function readNotesIntoPage(page: Page, userId: string): Promise<number> {
  return page.evaluate(
    (userId) =>
      new Promise<number>((resolve, reject) => {
        const began = performance.now();
        const open = indexedDB.open('sprout');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const range = IDBKeyRange.bound([userId, ''], [userId, '\uffff']);
          const get = db.transaction('notes').objectStore('notes').index('[user_id+updated_at]').getAll(range);
          get.onerror = () => reject(get.error);
          get.onsuccess = () => {
            const elapsed = performance.now() - began;
            (window as unknown as { __benchNotes: unknown[] }).__benchNotes = get.result;
            db.close();
            resolve(elapsed);
          };
        };
      }),
    userId,
  );
}

/** Types WORD into the dashboard's empty search field a letter at a time; ms from each key to the page's last DOM change after it. */
async function typeWord(page: Page, text: string = WORD): Promise<number[]> {
  const field = page.locator('#note-search');
  await field.fill('');
  await page.waitForSelector('ul[aria-label="Notes"] article');
  await field.focus();
  await page.evaluate(() => {
    const scope = window as unknown as { __benchKeys?: { key: number; last: number } };
    if (scope.__benchKeys) return;
    const state = { key: 0, last: 0 };
    scope.__benchKeys = state;
    const onKey = () => {
      state.key = performance.now();
      state.last = 0;
    };
    window.addEventListener('keydown', onKey, { capture: true });
    new MutationObserver(() => {
      state.last = performance.now();
    }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  const latencies: number[] = [];
  for (const letter of text) {
    await page.keyboard.press(letter === ' ' ? 'Space' : letter);
    const handle = await page.waitForFunction(
      (settle) => {
        const s = (window as unknown as { __benchKeys: { key: number; last: number } }).__benchKeys;
        const now = performance.now();
        if (s.last > 0 && now - s.last > settle) return s.last - s.key;
        return now - s.key > 2_000 ? -1 : false;
      },
      SETTLE_MS,
      { polling: 20, timeout: 10_000 },
    );
    const ms = (await handle.jsonValue()) as number;
    if (ms >= 0) latencies.push(ms);
  }
  return latencies;
}

/** A plain Array.filter over the notes in the page for each prefix of WORD: ms per prefix. */
function filterFloor(page: Page): Promise<number[]> {
  return page.evaluate((word) => {
    const notes = (
      window as unknown as {
        __benchNotes: {
          title: string;
          content: string;
          expanded_content: string | null;
          checklist_items: { text: string }[] | null;
        }[];
      }
    ).__benchNotes;
    const times: number[] = [];
    for (let i = 1; i <= word.length; i++) {
      const prefix = word.slice(0, i);
      const began = performance.now();
      const found = notes.filter((n) =>
        `${n.title}\n${n.content}\n${n.expanded_content ?? ''}\n${(n.checklist_items ?? []).map((c) => c.text).join('\n')}`
          .toLowerCase()
          .includes(prefix),
      );
      times.push(performance.now() - began + found.length * 0);
    }
    return times;
  }, WORD);
}

/** Reloads the dashboard; ms from the search client's start to its first complete index. */
async function reloadToIndex(page: Page): Promise<number> {
  await page.reload({ waitUntil: 'commit' });
  const handle = await page.waitForFunction(
    (name) => performance.getEntriesByName(name)[0]?.duration ?? false,
    INDEX_BUILD_MEASURE,
    { polling: 20, timeout: 60_000 },
  );
  return (await handle.jsonValue()) as number;
}

/** Clicks an export button on Settings; ms from the click to the 'Exported ...' status. Returns the download's path too. */
async function timeExport(page: Page, button: string): Promise<{ ms: number; file: string }> {
  await page.evaluate(() => {
    for (const status of document.querySelectorAll('[role="status"]')) status.textContent = '';
  });
  const [download, ms] = await Promise.all([
    page.waitForEvent('download', { timeout: 120_000 }),
    (async () => {
      await page.evaluate((name) => {
        const target = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === name);
        (window as unknown as { __benchClick: number }).__benchClick = performance.now();
        target!.click();
      }, button);
      const handle = await page.waitForFunction(
        () =>
          [...document.querySelectorAll('[role="status"]')].some((s) => s.textContent?.startsWith('Exported ')) &&
          performance.now() - (window as unknown as { __benchClick: number }).__benchClick,
        undefined,
        { polling: 20, timeout: 120_000 },
      );
      return (await handle.jsonValue()) as number;
    })(),
  ]);
  const file = path.join(os.tmpdir(), `sprout-bench-${randomUUID()}-${download.suggestedFilename()}`);
  await download.saveAs(file);
  return { ms, file };
}

/** JSON.stringify of the notes read into the page. */
function stringifyFloor(page: Page): Promise<number> {
  return page.evaluate(() => {
    const began = performance.now();
    const text = JSON.stringify((window as unknown as { __benchNotes: unknown[] }).__benchNotes);
    return performance.now() - began + text.length * 0;
  });
}

/** JSON.parse of the export and one IndexedDB transaction putting its notes into a scratch database. */
function parseAndPutFloor(page: Page, text: string): Promise<number> {
  return page.evaluate(
    (text) =>
      new Promise<number>((resolve, reject) => {
        const name = `bench-floor-${Math.random()}`;
        const began = performance.now();
        const parsed = JSON.parse(text) as { notes?: { id: string }[] } | { id: string }[];
        const notes = Array.isArray(parsed) ? parsed : (parsed.notes ?? []);
        const open = indexedDB.open(name, 1);
        open.onupgradeneeded = () => open.result.createObjectStore('notes', { keyPath: 'id' });
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction('notes', 'readwrite');
          for (const note of notes) tx.objectStore('notes').put(note);
          tx.oncomplete = () => {
            const elapsed = performance.now() - began;
            db.close();
            indexedDB.deleteDatabase(name);
            resolve(notes.length > 0 ? elapsed : NaN);
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    text,
  );
}

const count = NOTES.toLocaleString('en-US');

async function run(options: GroupOptions): Promise<Row[]> {
  const { rounds } = settings(options.smoke, { rounds: 5, seconds: 0 });
  const server = await startSprout();
  const browser = await launchBrowser();
  const files: string[] = [];
  try {
    const user = await signUp(server.url);
    const app = await openApp(browser, user);
    await putNotes(app, variedNotes(user.userId, NOTES));
    await app.reload();
    await app.waitForFunction((name) => performance.getEntriesByName(name).length > 0, INDEX_BUILD_MEASURE, {
      timeout: 120_000,
    });
    await readNotesIntoPage(app, user.userId);
    options.log(`search: ${rounds} rounds`);
    await typeWord(app); // warm-up
    const keys: number[][] = [];
    const filters: number[][] = [];
    const typing = await interleave(rounds, {
      search: async () => {
        const round = await typeWord(app);
        keys.push(round);
        return quantile(round, 0.95);
      },
      filter: async () => {
        const round = await filterFloor(app);
        filters.push(round);
        return quantile(round, 0.95);
      },
      tagged: async () => quantile(await typeWord(app, TAG_QUERY), 0.95),
    });
    const build = await interleave(rounds, {
      build: () => reloadToIndex(app),
      read: () => readNotesIntoPage(app, user.userId),
    });

    // Printed as they come, so that a failure later in the run leaves these figures behind.
    options.log(
      `typing p95 ${median(typing.search).toFixed(1)} ms (filter ${median(typing.filter).toFixed(1)}); build ${median(build.build).toFixed(0)} ms (read ${median(build.read).toFixed(0)})`,
    );
    options.log('export');
    await app.goto('/settings?tab=sync');
    await app.getByRole('heading', { name: 'Your data' }).waitFor();
    await readNotesIntoPage(app, user.userId);
    const exports = await interleave(rounds, {
      json: async () => {
        const { ms, file } = await timeExport(app, 'Export as JSON');
        files.push(file);
        return ms;
      },
      zip: async () => {
        const { ms, file } = await timeExport(app, 'Export as Markdown (.zip)');
        files.push(file);
        return ms;
      },
      stringify: () => stringifyFloor(app),
    });

    options.log(
      `export json ${median(exports.json).toFixed(0)} ms, zip ${median(exports.zip).toFixed(0)} ms (stringify ${median(exports.stringify).toFixed(1)})`,
    );
    const importRounds = Math.min(rounds, 2);
    options.log(`import: ${importRounds} rounds`);
    const json = files.find((file) => file.endsWith('.json'))!;
    const text = fs.readFileSync(json, 'utf8');
    const imports = await interleave(importRounds, {
      import: async () => {
        const { ms, page } = await timeImport(browser, server, json);
        await page.context().close();
        return ms;
      },
      floor: () => parseAndPutFloor(app, text),
    });

    const p50 = (rows: number[][]) => rows.map((round) => median(round));
    return [
      toRow({
        name: `Search, key to cards updated, p95 of the ${WORD.length} keys typing '${WORD}', ${count} notes`,
        unit: 'ms',
        values: typing.search,
        floorName: 'Array.filter over the same notes for each prefix, p95',
        floorValues: typing.filter,
        better: 'lower',
        goal: 'p95 < 16 ms',
        meets: (v) => v < 16,
      }),
      toRow({
        name: 'Search, key to cards updated, p50',
        unit: 'ms',
        values: p50(keys),
        floorName: 'Array.filter, p50',
        floorValues: p50(filters),
        better: 'lower',
      }),
      toRow({
        name: `Search with a tag, key to cards updated, p95 of the ${TAG_QUERY.length} keys typing '${TAG_QUERY}'`,
        unit: 'ms',
        values: typing.tagged,
        floorName: `Array.filter, p95 of the prefixes of '${WORD}'`,
        floorValues: typing.filter,
        better: 'lower',
      }),
      toRow({
        name: `Search index build after a reload, ${count} notes`,
        unit: 'ms',
        values: build.build,
        floorName: 'reading those notes from IndexedDB (one getAll)',
        floorValues: build.read,
        better: 'lower',
        goal: '< 300 ms (or persisted)',
        meets: (v) => v < 300,
      }),
      toRow({
        name: `Export of ${count} notes as JSON, click to file`,
        unit: 'ms',
        values: exports.json,
        floorName: 'JSON.stringify of the notes',
        floorValues: exports.stringify,
        better: 'lower',
        goal: '< 5 s',
        meets: (v) => v < 5_000,
      }),
      toRow({
        name: `Export of ${count} notes as a Markdown zip, click to file`,
        unit: 'ms',
        values: exports.zip,
        floorName: 'JSON.stringify of the notes',
        floorValues: exports.stringify,
        better: 'lower',
        goal: '< 5 s',
        meets: (v) => v < 5_000,
      }),
      toRow({
        name: `Import of the JSON export (${count} notes) into a fresh account, file picked to result`,
        unit: 'ms',
        values: imports.import,
        floorName: 'JSON.parse of the file + one IndexedDB transaction putting its notes',
        floorValues: imports.floor,
        better: 'lower',
        goal: '< 5 s',
        meets: (v) => v < 5_000,
      }),
    ];
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
    for (const file of files) fs.rmSync(file, { force: true });
  }
}

export const group: BenchGroup = {
  name: 'search',
  title: 'Search, index and export/import with 10,000 notes',
  order: 45,
  smoke: false,
  method:
    `Chromium (Playwright, headless, 1280x800), signed in, ${NOTES} synced notes with a varied vocabulary (4,000 made-up words, ` +
    `Zipf-like, one note in 97 with '${WORD}') written into the app's IndexedDB. Search: '${WORD}' typed into the dashboard's ` +
    `empty search field one key at a time; each key is timed from its keydown to the page's last DOM change after it (no change ` +
    `for ${SETTLE_MS} ms), p95 and p50 of the keys of a round, median of the rounds; the floor runs a plain Array.filter (lower-cased ` +
    `text includes the prefix) over the same notes in the same page for each prefix. '${TAG_QUERY}' is typed the same way, in the same ` +
    `interleaved rounds (one note in 10 is tagged work, half by chip, half by #work in its text). Index build: the dashboard reloaded, the ` +
    `user timing measure '${INDEX_BUILD_MEASURE}' (search client start to first complete index: the index saved on the last ` +
    `visit restored in the search worker and found current by the notes' count, latest change and pulled revision; every ` +
    `note's version is compared after that); floor: one IndexedDB getAll of those notes in the page. Export: click to the 'Exported' status (the file handed to the browser); floor: JSON.stringify of the ` +
    `notes in the page. Import: the JSON export picked on Settings of a fresh account, offline so that nothing syncs meanwhile, to ` +
    `the 'Imported' status; floor: JSON.parse of the file and one IndexedDB transaction putting its notes into a scratch database. ` +
    `Interleaved rounds, after a warm-up of the typing.`,
  run,
};
