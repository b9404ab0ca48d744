// Imports from other apps (issue 37): the same 5,000 notes as a Google Keep Takeout and as an Obsidian
// vault, each imported into a fresh account, beside the import of the same notes as Sprout's JSON export,
// in interleaved rounds; with the page's JS heap at its highest during each import.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import type { BenchGroup, GroupOptions } from '../lib/group';
import { launchBrowser } from '../lib/app-browser';
import { timeImport } from '../lib/import-round';
import { interleave, median, toRow, type Row } from '../lib/row';
import { settings } from '../lib/settings';
import { startSprout } from '../lib/sprout';

const NOTES = 5000;
const BASE = Date.UTC(2025, 0, 1);

interface Note {
  title: string;
  text: string;
  items: { text: string; done: boolean }[] | null;
  labels: string[];
  created: number;
  updated: number;
  pinned: boolean;
}

/** The n-th note: some lists, some labels, a link to the note before it in one of five. */
function note(n: number): Note {
  const created = BASE + n * 3_600_000;
  return {
    title: `Note ${n + 1}: an idea worth keeping`,
    text: `The idea number ${n + 1}, written down quickly.\nA second line of detail.\nA third line.`,
    items: n % 4 === 0 ? [0, 1, 2].map((i) => ({ text: `Step ${i + 1} of note ${n + 1}`, done: i === 0 })) : null,
    labels: n % 3 === 0 ? ['Work', `Project ${n % 7}`] : [],
    created,
    updated: created + 60_000,
    pinned: n % 100 === 0,
  };
}

function sproutJson(notes: readonly Note[]): string {
  const iso = (ms: number) => new Date(ms).toISOString();
  return JSON.stringify({
    format: 'sprout-notes',
    version: 1,
    exported_at: iso(BASE),
    notes: notes.map((n) => ({
      title: n.title,
      content: n.text,
      is_checklist: n.items !== null,
      checklist_items:
        n.items?.map((item, i) => ({ id: `item-${i + 1}`, text: item.text, completed: item.done })) ?? null,
      tags: n.labels.length ? n.labels.map((label) => label.toLowerCase().replace(/\s+/g, '-')) : null,
      pinned_at: n.pinned ? iso(n.updated) : null,
      created_at: iso(n.created),
      updated_at: iso(n.updated),
    })),
  });
}

function keepTakeout(notes: readonly Note[]): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  notes.forEach((n) => {
    const json = {
      color: 'DEFAULT',
      isTrashed: false,
      isPinned: n.pinned,
      isArchived: false,
      title: n.title,
      ...(n.items ? { listContent: n.items.map((item) => ({ text: item.text, isChecked: item.done })) } : {}),
      textContent: n.items ? undefined : n.text,
      labels: n.labels.map((name) => ({ name })),
      createdTimestampUsec: n.created * 1000,
      userEditedTimestampUsec: n.updated * 1000,
    };
    files[`Takeout/Keep/${n.title}.json`] = strToU8(JSON.stringify(json));
    files[`Takeout/Keep/${n.title}.html`] = strToU8(`<html><body><div class="title">${n.title}</div></body></html>`);
  });
  return zipSync(files, { level: 1 });
}

function vault(notes: readonly Note[]): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  notes.forEach((n, i) => {
    const tags = n.labels.length ? `tags: [${n.labels.map((label) => JSON.stringify(label)).join(', ')}]\n` : '';
    const link = i % 5 === 0 && i > 0 ? `\n\nSee [[${notes[i - 1]!.title}]].` : '';
    const tasks = n.items ? `\n\n${n.items.map((item) => `- [${item.done ? 'x' : ' '}] ${item.text}`).join('\n')}` : '';
    const body = `---\n${tags}created: ${new Date(n.created).toISOString()}\nupdated: ${new Date(n.updated).toISOString()}\n---\n${n.text}${tasks}${link}\n`;
    files[`Vault/Folder ${i % 10}/${n.title}.md`] = strToU8(body);
  });
  return zipSync(files, { level: 1 });
}

async function run(options: GroupOptions): Promise<Row[]> {
  const { rounds } = settings(options.smoke, { rounds: 3, seconds: 0 });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sprout-bench-imports-'));
  const notes = Array.from({ length: NOTES }, (_, n) => note(n));
  const files = {
    json: path.join(dir, 'sprout-notes.json'),
    keep: path.join(dir, 'takeout.zip'),
    vault: path.join(dir, 'vault.zip'),
  };
  fs.writeFileSync(files.json, sproutJson(notes));
  fs.writeFileSync(files.keep, keepTakeout(notes));
  fs.writeFileSync(files.vault, vault(notes));
  const server = await startSprout();
  const browser = await launchBrowser();
  const heaps: Record<keyof typeof files, number[]> = { json: [], keep: [], vault: [] };
  try {
    const round = (which: keyof typeof files) => async () => {
      const { ms, page, heapPeakMiB } = await timeImport(browser, server, files[which], { heap: true });
      heaps[which].push(heapPeakMiB ?? NaN);
      await page.context().close();
      options.log(`${which}: ${Math.round(ms)} ms, heap +${(heapPeakMiB ?? NaN).toFixed(0)} MiB`);
      return ms;
    };
    await round('json')(); // warm-up: the server's first sign-ups and the browser's caches
    options.log(`${rounds} rounds`);
    const times = await interleave(rounds, { json: round('json'), keep: round('keep'), vault: round('vault') });
    const count = NOTES.toLocaleString('en-US');
    const heapRow = (which: 'keep' | 'vault', name: string) =>
      toRow({
        name: `Page JS heap at its highest during the ${name} import, above the heap at the pick`,
        unit: 'MiB',
        values: heaps[which],
        floorName: 'the same during the JSON import',
        // Without the warm-up's.
        floorValues: heaps.json.slice(1),
        better: 'lower',
      });
    return [
      toRow({
        name: `Import of a Google Keep Takeout (${count} notes, ${(fs.statSync(files.keep).size / 1024 / 1024).toFixed(1)} MB zip), file picked to result`,
        unit: 'ms',
        values: times.keep,
        floorName: `the same notes as Sprout's JSON export (${(fs.statSync(files.json).size / 1024 / 1024).toFixed(1)} MB)`,
        floorValues: times.json,
        better: 'lower',
        goal: '<= 2x the JSON import',
        meets: (v, f) => f !== null && v <= 2 * f,
      }),
      toRow({
        name: `Import of an Obsidian vault (${count} Markdown files in 10 folders, a [[link]] in one in five), file picked to result`,
        unit: 'ms',
        values: times.vault,
        floorName: "the same notes as Sprout's JSON export",
        floorValues: times.json,
        better: 'lower',
        goal: '<= 2x the JSON import',
        meets: (v, f) => f !== null && v <= 2 * f,
      }),
      heapRow('keep', 'Keep'),
      heapRow('vault', 'vault'),
    ];
  } finally {
    options.log(`heap medians: json ${median(heaps.json)}, keep ${median(heaps.keep)}, vault ${median(heaps.vault)}`);
    await browser.close();
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export const group: BenchGroup = {
  name: 'imports',
  title: 'Imports from other apps',
  order: 46,
  smoke: false,
  method:
    `Chromium (Playwright, headless, 1280x800) on the app from \`node scripts/start.mjs\`. The same ${NOTES} notes (one in four a list, one in three ` +
    `with two labels, one in a hundred pinned) written three ways by the bench: Sprout's JSON export; a Google Keep Takeout zip (a JSON and an ` +
    `HTML file per note under Takeout/Keep/); an Obsidian vault zip (a Markdown file per note with front matter, in 10 folders, a [[link]] to ` +
    `the note before in one in five). Each round imports each file into a fresh account on Settings > Your data, offline so that nothing ` +
    `syncs meanwhile, timed in the page from the file picked to the 'Imported' status; the JSON import is the floor. The page's JS heap is ` +
    `sampled through CDP every 25 ms during each import (between the page's tasks, so a peak inside one long task is missed) and given above ` +
    `the heap at the pick, after a garbage collection. One warm-up JSON import, then interleaved rounds.`,
  run,
};
