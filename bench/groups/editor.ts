// The Markdown editor (issue 33, item 5): typing in a 10,000-word note with Chromium's CPU slowed 4x, from
// each key press to the frame after it, beside a plain textarea holding the same text in the same page;
// and the size of the editor's code, which loads only on an edit screen.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Locator, Page } from '@playwright/test';
import type { BenchGroup, GroupOptions } from '../lib/group';
import { launchBrowser, openApp } from '../lib/app-browser';
import { interleave, quantile, toRow, type Row } from '../lib/row';
import { settings } from '../lib/settings';
import { benchNote, postNotes, signUp, startSprout, type BenchUser } from '../lib/sprout';
import { randomUUID } from 'node:crypto';

const WORDS = 10_000;
/** Notes `[[` chooses among. */
const LINKABLE = 5_000;
const KEYS_PER_ROUND = 30;
const CPU_SLOWDOWN = 4;

/** About 10,000 words of Markdown: headings, paragraphs with emphasis and links, lists. */
export function longMarkdown(): string {
  const words = 'garden plan seed soil water light grow harvest share season compost bed path tool'.split(' ');
  const parts: string[] = [];
  let count = 0;
  for (let section = 0; count < WORDS; section++) {
    parts.push(`## Section ${section + 1}`);
    count += 2;
    for (let p = 0; p < 3 && count < WORDS; p++) {
      const sentence = Array.from({ length: 60 }, (_, i) => words[(section + p + i) % words.length]).join(' ');
      parts.push(`A **${words[p]}** note with *care*, see [the guide](https://example.com/${section}). ${sentence}.`);
      count += 68;
    }
    parts.push(`- ${words[section % words.length]} first\n- [ ] check the ${words[(section + 1) % words.length]}`);
    count += 6;
  }
  return parts.join('\n\n');
}

/** Writes the long note through the API; resolves with its id. */
export async function postLongNote(user: BenchUser, text = longMarkdown()): Promise<string> {
  const id = randomUUID();
  const at = new Date().toISOString();
  await postNotes(user, [
    {
      id,
      user_id: user.userId,
      title: 'A long note',
      content: text,
      created_at: at,
      updated_at: at,
      last_mutation_id: randomUUID(),
    },
  ]);
  return id;
}

/**
 * Types `keys` characters into `field` (focused, caret at the end) one press at a time and resolves with
 * each press's time, in ms, from its keydown to the frame after it (an animation frame, then a task: the
 * frame that shows the character has been produced).
 */
async function typeTimed(page: Page, field: Locator, keys: number): Promise<number[]> {
  await field.focus();
  await page.keyboard.press('ControlOrMeta+End');
  await page.evaluate(() => {
    const times: number[] = [];
    (globalThis as { __benchKeys?: number[] }).__benchKeys = times;
    (globalThis as { __benchKeyListener?: (e: KeyboardEvent) => void }).__benchKeyListener = () => {
      const began = performance.now();
      requestAnimationFrame(() => setTimeout(() => times.push(performance.now() - began), 0));
    };
    addEventListener('keydown', (globalThis as { __benchKeyListener?: () => void }).__benchKeyListener!, {
      capture: true,
    });
  });
  for (let i = 0; i < keys; i++) await page.keyboard.press(i % 6 === 5 ? 'Space' : 'a');
  await page.waitForFunction((n) => ((globalThis as { __benchKeys?: number[] }).__benchKeys ?? []).length >= n, keys);
  return page.evaluate(() => {
    removeEventListener('keydown', (globalThis as { __benchKeyListener?: () => void }).__benchKeyListener!, {
      capture: true,
    });
    return (globalThis as { __benchKeys?: number[] }).__benchKeys ?? [];
  });
}

/** Types `[[Note 12` at the end of the editor and times the second `[` to the suggestions on screen; then clears it. */
async function timeSuggestions(page: Page, field: Locator): Promise<number> {
  await field.focus();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type('\n[');
  await page.evaluate(() => {
    const g = globalThis as { __benchSuggest?: Promise<number> };
    g.__benchSuggest = new Promise<number>((resolve) => {
      addEventListener(
        'keydown',
        () => {
          const began = performance.now();
          const observer = new MutationObserver(() => {
            if (!document.querySelector('.cm-tooltip-autocomplete li')) return;
            observer.disconnect();
            requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - began), 0));
          });
          observer.observe(document.body, { childList: true, subtree: true });
        },
        { capture: true, once: true },
      );
    });
  });
  await page.keyboard.press('[');
  const ms = await page.evaluate(() => (globalThis as { __benchSuggest?: Promise<number> }).__benchSuggest!);
  await page.keyboard.press('Escape');
  for (let i = 0; i < 3; i++) await page.keyboard.press('Backspace');
  return ms;
}

/** The editor chunk's gzip size in KiB, from the build's manifest (what build/size-budget.ts checks). */
function editorChunkKiB(): number {
  const dist = path.resolve(import.meta.dirname, '../../dist/client');
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >;
  const file = manifest['src/features/notes/editor/markdown-editor.tsx']?.file;
  if (!file) throw new Error('no editor chunk in the build manifest');
  return zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;
}

async function run(options: GroupOptions): Promise<Row[]> {
  const { rounds } = settings(options.smoke, { rounds: 5, seconds: 0 });
  const server = await startSprout();
  const browser = await launchBrowser();
  try {
    const user = await signUp(server.url);
    const text = longMarkdown();
    const id = await postLongNote(user, text);
    for (let done = 0; done < LINKABLE; done += 1000)
      await postNotes(
        user,
        Array.from({ length: 1000 }, (_, i) => benchNote(user.userId, done + i + 1)),
      );
    const app = await openApp(browser, user, { timeoutMs: 180_000 });
    await app.goto(`/edit/${id}`);
    const editor = app.locator('.cm-content[contenteditable="true"]');
    await editor.waitFor({ timeout: 60_000 });
    // The floor: a plain textarea with the same text, in the same page, below the form.
    await app.evaluate((value) => {
      const area = document.createElement('textarea');
      area.id = 'bench-floor';
      area.value = value;
      area.style.cssText = 'width: 600px; height: 300px';
      document.body.append(area);
    }, text);
    const floor = app.locator('#bench-floor');
    const cdp = await app.context().newCDPSession(app);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await typeTimed(app, editor, 5); // warm-up of both
    await typeTimed(app, floor, 5);
    options.log(`${rounds} rounds of ${KEYS_PER_ROUND} keys`);
    const samples = await interleave(rounds, {
      editor: async () => quantile(await typeTimed(app, editor, KEYS_PER_ROUND), 0.95),
      floor: async () => quantile(await typeTimed(app, floor, KEYS_PER_ROUND), 0.95),
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

    // `[[`: from the keydown of the second `[` to the frame after the first suggestion is in the page.
    await app.locator('#bench-floor').evaluate((el) => el.remove());
    const linkRounds = await interleave(rounds, {
      link: () => timeSuggestions(app, editor),
      key: async () => quantile(await typeTimed(app, editor, 2), 0.5),
    });
    const words = WORDS.toLocaleString('en-US');
    const kib = editorChunkKiB();
    return [
      toRow({
        name: `Typing in the editor, ${words}-word note, CPU ${CPU_SLOWDOWN}x slower: key press to next frame, p95 of ${KEYS_PER_ROUND} keys`,
        unit: 'ms',
        values: samples.editor,
        floorName: 'a plain textarea with the same text, same page',
        floorValues: samples.floor,
        better: 'lower',
        goal: 'p95 < 16 ms',
        meets: (v) => v < 16,
      }),
      toRow({
        name: `[[ in the editor with ${LINKABLE.toLocaleString('en-US')} notes: the second [ to the first suggestions`,
        unit: 'ms',
        values: linkRounds.link,
        floorName: 'a plain key in the editor, to its next frame',
        floorValues: linkRounds.key,
        better: 'lower',
        goal: '< 50 ms',
        meets: (v) => v < 50,
      }),
      toRow({
        name: "The editor's code, loaded on an edit screen only (0 bytes on /login and the dashboard: build/size-budget.ts)",
        unit: 'KiB gzip',
        values: [kib],
        better: 'lower',
        goal: '<= 150 KiB',
        meets: (v) => v <= 150,
      }),
    ];
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
}

export const group: BenchGroup = {
  name: 'editor',
  title: 'The Markdown editor',
  order: 42,
  smoke: false,
  method:
    `Chromium (Playwright, headless, 1280x800), signed in, a ${WORDS}-word Markdown note (headings, emphasis, links, lists, tasks) written through the API and opened on its edit screen. ` +
    `With CDP's Emulation.setCPUThrottlingRate at ${CPU_SLOWDOWN}, ${KEYS_PER_ROUND} key presses at the end of the text, each timed in the page from its keydown (capture) to the frame after it ` +
    `(an animation frame, then a task); the p95 of each round, beside the same typing into a plain textarea holding the same text in the same page. ` +
    `Then, the CPU at full speed and ${LINKABLE} more notes on the device, \`[[\` typed at the end of the text: from the keydown of the second \`[\` to the frame after the first suggestion is in the page (the titles are read once, when the editor takes focus), beside a plain key's press to its next frame. ` +
    'One warm-up of each, then interleaved rounds. The chunk size is the gzip (level 9) of the editor chunk named in the build manifest.',
  run,
};
