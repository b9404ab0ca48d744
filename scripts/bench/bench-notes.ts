/// <reference lib="dom" />
// Notes benchmark (issue 4): in Chromium against the real server, the time from a reload to the
// dashboard's first cards with 1,000 and 10,000 notes on the device, how the dashboard responds with
// 10,000 (opening the delete dialog, a deletion, Show more, scrolling), and the time to sync 1,000
// pending notes to the server. Notes are written straight into the app's IndexedDB in its local format.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { chromiumArgs, chromiumExecutable } from '../../e2e/support/browser';
import { summarize, writeBenchmarkSection } from './report';

const root = path.resolve(import.meta.dirname, '../..');
const RUNS = 5;
const FIRST_CARDS = 60; // the dashboard's first page of cards

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function startServer(): Promise<{ baseURL: string; child: ChildProcess; dataDir: string }> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sprout-bench-notes-'));
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SPROUT_SKIP_BUILD: '1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_TOKEN: '1000000',
      RATE_LIMIT_SIGNUP: '1000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) break;
    } catch {
      if (i > 600) throw new Error('the server did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return { baseURL, child, dataDir };
}

interface Session {
  access_token: string;
  refresh_token: string;
  expires_at: number;
  user: { id: string };
}

interface User {
  session: Session;
  anonKey: string;
}

async function signUp(baseURL: string): Promise<User> {
  const { anonKey } = (await (await fetch(`${baseURL}/api/config`)).json()) as { anonKey: string };
  const response = await fetch(`${baseURL}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: `bench-${randomUUID()}@example.com`, password: `pw-${randomUUID()}` }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  return { session: (await response.json()) as Session, anonKey };
}

/** Opens the app signed in as `user` (the session where supabase-js keeps it) and waits for its first sync. */
async function openApp(browser: Browser, baseURL: string, user: User): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const key = `sb-${new URL(baseURL).hostname.split('.')[0]}-auth-token`;
  // tsx keeps function names with an `__name` helper, which the page functions below would call.
  await context.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
  await context.addInitScript(
    ([k, v]) => {
      if (!localStorage.getItem(k)) localStorage.setItem(k, v);
    },
    [key, JSON.stringify(user.session)] as const,
  );
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('page error:', error.message));
  await page.goto('/');
  await page.getByRole('heading', { level: 1, name: 'Your Notes' }).waitFor();
  // The first sync records its pull; after that a reload pulls only what is new (no full resync).
  await page.waitForFunction(
    (userId) =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('sprout');
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const db = open.result;
          const get = db.transaction('meta').objectStore('meta').get([userId, 'last_pull_at']);
          get.onsuccess = () => {
            resolve(get.result !== undefined);
            db.close();
          };
          get.onerror = () => resolve(false);
        };
      }),
    user.session.user.id,
    { polling: 100, timeout: 30_000 },
  );
  // ... and has finished (the run holds the Web Lock), so rows written next wait for the Sync click.
  await page.waitForFunction(async () => !(await navigator.locks.query()).held?.some((lock) => lock.name?.startsWith('sprout-sync-')), undefined, {
    polling: 100,
    timeout: 30_000,
  });
  return page;
}

const EXPANDED = 'An expanded plan.\n\nAction Steps:\n1. First step\n2. Second step\n3. Third step';

/** Writes `count` notes of the user into the app's IndexedDB, in the sync engine's local format. */
async function fillNotes(page: Page, userId: string, count: number, state: 'synced' | 'pending', offset = 0): Promise<void> {
  await page.evaluate(
    ({ userId, count, state, offset, expanded }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('sprout');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction('notes', 'readwrite');
          const store = tx.objectStore('notes');
          const now = Date.now();
          for (let i = 0; i < count; i++) {
            const n = offset + i;
            const at = new Date(now - n * 60_000).toISOString();
            store.put({
              id: crypto.randomUUID(),
              user_id: userId,
              title: `Note ${n + 1}: an idea worth keeping`,
              content: `The original idea number ${n + 1}, written down quickly.\nA second line of detail.\nA third line.\nA fourth line that the card clamps.`,
              expanded_content: n % 3 === 0 ? expanded : null,
              is_checklist: n % 5 === 0,
              checklist_items: n % 5 === 0 ? [{ id: `c${n}`, text: 'Do the thing', completed: n % 2 === 0 }] : null,
              chat_history: null,
              created_at: at,
              updated_at: at,
              deleted_at: null,
              revision: state === 'synced' ? n + 1 : null,
              base_revision: null,
              mutation_id: state === 'synced' ? null : crypto.randomUUID(),
              sent_mutation_ids: [],
              sync_state: state,
              sync_error: null,
              conflict_of: null,
            });
          }
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    { userId, count, state, offset, expanded: EXPANDED },
  );
}

/** Milliseconds from navigation start to `cards` cards on the dashboard, after a reload. */
async function timeReloadToCards(page: Page, cards: number): Promise<number> {
  await page.reload({ waitUntil: 'commit' });
  const handle = await page.waitForFunction(
    (n) => document.querySelectorAll('ul[aria-label="Notes"] article').length >= n && performance.now(),
    cards,
    // Checked every 10 ms (the figure is at most that late); 'raf' polling stalls while the page loads.
    { polling: 10, timeout: 60_000 },
  );
  return (await handle.jsonValue()) as number;
}

/** What a timed click waits for: an element to appear, to go, or at least `atLeast` matches. */
type Ready = { exists: string } | { gone: string } | { count: string; atLeast: number };

/** Milliseconds from a click on `target` (a selector, or a button's exact text) to the first frame where `ready` holds. */
async function timeClickTo(page: Page, target: { selector: string } | { buttonText: string }, ready: Ready): Promise<number> {
  return page.evaluate(
    ({ target, ready }) =>
      new Promise<number>((resolve, reject) => {
        const element =
          'selector' in target
            ? document.querySelector<HTMLElement>(target.selector)
            : [...document.querySelectorAll<HTMLElement>('button')].find((b) => b.textContent?.trim() === target.buttonText);
        if (!element) return reject(new Error(`nothing to click: ${JSON.stringify(target)}`));
        const holds = () =>
          'exists' in ready
            ? document.querySelector(ready.exists) !== null
            : 'gone' in ready
              ? document.querySelector(ready.gone) === null
              : document.querySelectorAll(ready.count).length >= ready.atLeast;
        const began = performance.now();
        element.click();
        const check = () => (holds() ? resolve(performance.now() - began) : requestAnimationFrame(check));
        requestAnimationFrame(check);
      }),
    { target, ready },
  );
}

/** Frame-to-frame times while the dashboard scrolls by `step` px each frame for `frames` frames. */
async function scrollFrameTimes(page: Page, frames: number, step: number): Promise<number[]> {
  return page.evaluate(
    ({ frames, step }) =>
      new Promise<number[]>((resolve) => {
        const times: number[] = [];
        let last = performance.now();
        let left = frames;
        const tick = (now: number) => {
          times.push(now - last);
          last = now;
          window.scrollBy(0, step);
          if (--left > 0) requestAnimationFrame(tick);
          else resolve(times.slice(1));
        };
        requestAnimationFrame(tick);
      }),
    { frames, step },
  );
}

/** BENCH_PROFILE=1: prints the functions that took the most CPU during one deletion (for investigations). */
async function profileDeletion(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await page.click('ul[aria-label="Notes"] li:first-child button[aria-label^="Delete"]');
  await page.waitForSelector('[role="alertdialog"]');
  await cdp.send('Profiler.start');
  await page.click('[role="alertdialog"] button.bg-destructive');
  await page.waitForTimeout(3000);
  const { profile } = await cdp.send('Profiler.stop');
  const self = new Map<string, number>();
  const interval = (profile.endTime - profile.startTime) / Math.max(1, profile.samples?.length ?? 1);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  for (const id of profile.samples ?? []) {
    const frame = byId.get(id)?.callFrame;
    const key = `${frame?.functionName || '(anonymous)'} ${frame?.url.split('/').pop()}:${frame?.lineNumber}:${frame?.columnNumber}`;
    self.set(key, (self.get(key) ?? 0) + interval / 1000);
  }
  console.info([...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, v]) => `${v.toFixed(1)} ms  ${k}`).join('\n'));
}

async function serverCount(baseURL: string, user: User): Promise<number> {
  const response = await fetch(`${baseURL}/rest/v1/notes?select=id&deleted_at=is.null&limit=1`, {
    headers: { apikey: user.anonKey, Authorization: `Bearer ${user.session.access_token}`, Prefer: 'count=exact' },
  });
  const range = response.headers.get('content-range') ?? '*/0';
  return Number(range.split('/')[1] ?? 0);
}

const fmt = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;
const row = (label: string, values: number[]) => {
  const s = summarize(values);
  return `| ${label} | ${fmt(s.median)} | ${fmt(s.p95)} | ${values.length} |`;
};

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(process.env.STATIC_DIR ?? path.join(root, 'dist/client'), 'index.html'))) {
    throw new Error('Build the client first (npm run bench:notes does).');
  }
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: chromiumArgs });
  const lines: string[] = [];
  const loadBefore = os.loadavg()[0] ?? 0;
  try {
    // Dashboard with 1,000 and then 10,000 notes on the device.
    const user = await signUp(server.baseURL);
    const page = await openApp(browser, server.baseURL, user);
    const userId = user.session.user.id;
    const load: Record<number, number[]> = {};
    let filled = 0;
    for (const total of [1_000, 10_000]) {
      await fillNotes(page, userId, total - filled, 'synced', filled);
      filled = total;
      await timeReloadToCards(page, FIRST_CARDS); // warm-up
      load[total] = [];
      for (let i = 0; i < RUNS; i++) load[total].push(await timeReloadToCards(page, FIRST_CARDS));
      console.info(`reload to ${FIRST_CARDS} cards with ${total} notes:`, summarize(load[total]));
    }

    // Responsiveness with 10,000 notes.
    const dialog: number[] = [];
    for (let i = 0; i < 10; i++) {
      dialog.push(await timeClickTo(page, { selector: 'ul[aria-label="Notes"] li:nth-child(5) button[aria-label^="Delete"]' }, { exists: '[role="alertdialog"]' }));
      await page.keyboard.press('Escape');
      await page.waitForSelector('[role="alertdialog"]', { state: 'detached' });
    }
    console.info('delete dialog open:', summarize(dialog));

    const deletion: number[] = [];
    if (process.env.BENCH_PROFILE) await profileDeletion(page);
    for (let i = 0; i < RUNS; i++) {
      const firstId = await page.getAttribute('ul[aria-label="Notes"] li:first-child article', 'data-note-id');
      await page.click('ul[aria-label="Notes"] li:first-child button[aria-label^="Delete"]');
      await page.waitForSelector('[role="alertdialog"]');
      deletion.push(await timeClickTo(page, { selector: '[role="alertdialog"] button.bg-destructive' }, { gone: `[data-note-id="${firstId}"]` }));
      await page.waitForSelector('[role="alertdialog"]', { state: 'detached' });
    }
    console.info('delete to card gone:', summarize(deletion));

    const showMore: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const shown = await page.locator('ul[aria-label="Notes"] article').count();
      showMore.push(await timeClickTo(page, { buttonText: 'Show more' }, { count: 'ul[aria-label="Notes"] article', atLeast: shown + FIRST_CARDS }));
    }
    console.info('show more:', summarize(showMore));

    await page.evaluate(() => window.scrollTo(0, 0));
    const frames = await scrollFrameTimes(page, 240, 40);
    console.info('scroll frames:', summarize(frames));

    // Sync of 1,000 pending notes (a fresh user each run, so the server starts empty).
    const sync: number[] = [];
    const syncRun: number[] = [];
    for (let i = 0; i < 3; i++) {
      const syncUser = await signUp(server.baseURL);
      const syncPage = await openApp(browser, server.baseURL, syncUser);
      await fillNotes(syncPage, syncUser.session.user.id, 1_000, 'pending');
      const began = performance.now();
      await syncPage.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: 'Sync' }).click();
      while ((await serverCount(server.baseURL, syncUser)) < 1_000) await new Promise((r) => setTimeout(r, 25));
      sync.push(performance.now() - began);
      // The run goes on to pull (its own rows come back with their revisions) before it reports.
      const toast = syncPage.getByText(/Successfully synced \d+ notes to the cloud\./).first();
      await toast.waitFor({ timeout: 120_000 });
      syncRun.push(performance.now() - began);
      console.info(await toast.textContent());
      await syncPage.context().close();
    }
    console.info('sync 1,000 pending:', summarize(sync), 'whole run:', summarize(syncRun));

    lines.push(
      '## Notes (browser)',
      '',
      'Chromium (headless, 1280x800) against the real server on embedded PGlite; notes written straight into',
      "the app's IndexedDB in its local format. The dashboard and Your Checklists read one page (60 cards)",
      "from the [user_id+updated_at] index and add 60 per 'Show more', and the sidebar's Recent Ideas stops",
      'after 10, so neither the reload nor a change re-reads all the notes; the figures hardly depend on',
      'their number. The 1,000 pending notes go up in batches of 100, then the run pulls them back.',
      '',
      '| Measure | Median | p95 | Runs |',
      '|---|---|---|---|',
      row('Reload to the first 60 cards, 1,000 notes on the device', load[1_000] ?? []),
      row('Reload to the first 60 cards, 10,000 notes on the device', load[10_000] ?? []),
      row('10,000 notes: click Delete on a card to the dialog shown', dialog),
      row('10,000 notes: confirm a deletion to the card gone (write + live re-query)', deletion),
      row("10,000 notes: 'Show more' to 60 more cards shown", showMore),
      row('10,000 notes: frame time while scrolling (240 frames, 40 px each)', frames),
      row('Sync 1,000 pending notes: Sync clicked to all 1,000 on the server', sync),
      row("Sync 1,000 pending notes: Sync clicked to the 'Notes synced' toast (push and pull)", syncRun),
      '',
      `Load average (1 min) on the machine: ${loadBefore.toFixed(1)} at the start, ${(os.loadavg()[0] ?? 0).toFixed(1)} at the end; frame`,
      'times and click latencies are sensitive to it (headless Chromium draws without a GPU here).',
    );
  } finally {
    await browser.close();
    const exited = new Promise((r) => server.child.once('exit', r));
    server.child.kill('SIGTERM');
    await exited;
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
  writeBenchmarkSection('notes', lines.join('\n'));
  console.info(lines.join('\n'));
}

await main();
