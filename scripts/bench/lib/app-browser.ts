/// <reference lib="dom" />
// The app in Chromium for the browser figures: signed in as a bench user (the session where
// supabase-js keeps it), notes written straight into the app's IndexedDB in the sync engine's local
// format (keep fillNotes in step with client/src/data/notes/local-db.ts), and page-side timers.
import { chromium, type Browser, type Page } from '@playwright/test';
import { chromiumArgs, chromiumExecutable } from '../../../e2e/support/browser';
import type { BenchUser } from './sprout';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumExecutable(), args: chromiumArgs });
}

/**
 * Opens the app signed in as `user` and waits for its first sync to finish (`timeoutMs` for it: a first
 * sync of 10,000 notes takes a while on a loaded machine).
 */
export async function openApp(browser: Browser, user: BenchUser, { timeoutMs = 30_000 }: { timeoutMs?: number } = {}): Promise<Page> {
  const baseURL = user.url;
  const userId = user.userId;
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
  const pulled = (id: string) =>
    new Promise<boolean>((resolve) => {
      const open = indexedDB.open('sprout');
      open.onerror = () => resolve(false);
      open.onsuccess = () => {
        const db = open.result;
        const get = db.transaction('meta').objectStore('meta').get([id, 'last_pull_at']);
        get.onsuccess = () => {
          resolve(get.result !== undefined);
          db.close();
        };
        get.onerror = () => resolve(false);
      };
    });
  await pollPage(() => page.evaluate(pulled, userId), timeoutMs);
  // ... and has finished (the run holds the Web Lock), so rows written next wait for the Sync click.
  await pollPage(() => page.evaluate(async () => !(await navigator.locks.query()).held?.some((lock) => lock.name?.startsWith('sprout-sync-'))), timeoutMs);
  return page;
}

/**
 * Runs `check` (a page.evaluate) every 100 ms until it resolves to true. Not page.waitForFunction: that
 * takes the Promise an async check returns for a truthy answer and returns at once, which let rows be
 * written while the app's first sync (a full resync) was still running, and that sync then removed them.
 */
async function pollPage(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error(`the app's first sync did not finish in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const EXPANDED = 'An expanded plan.\n\nAction Steps:\n1. First step\n2. Second step\n3. Third step';

/** Writes `count` notes of the user into the app's IndexedDB, in the sync engine's local format. */
export async function fillNotes(page: Page, userId: string, count: number, state: 'synced' | 'pending', offset = 0): Promise<void> {
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
export async function timeReloadToCards(page: Page, cards: number): Promise<number> {
  await page.reload({ waitUntil: 'commit' });
  const handle = await page.waitForFunction(
    (n) => document.querySelectorAll('ul[aria-label="Notes"] article').length >= n && performance.now(),
    cards,
    // Checked every 10 ms (the figure is at most that late); 'raf' polling stalls while the page loads.
    { polling: 10, timeout: 60_000 },
  );
  return (await handle.jsonValue()) as number;
}

/** Milliseconds the page takes to read the newest `count` notes of the user from IndexedDB (the dashboard's first page). */
export async function timeIndexedDbRead(page: Page, userId: string, count: number): Promise<number> {
  return page.evaluate(
    ({ userId, count }) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('sprout');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const began = performance.now();
          const index = db.transaction('notes').objectStore('notes').index('[user_id+updated_at]');
          const range = IDBKeyRange.bound([userId, ''], [userId, '\uffff']);
          const notes: unknown[] = [];
          const cursor = index.openCursor(range, 'prev');
          cursor.onerror = () => reject(cursor.error);
          cursor.onsuccess = () => {
            const at = cursor.result;
            if (at && notes.length < count) {
              notes.push(at.value);
              at.continue();
              return;
            }
            const elapsed = performance.now() - began;
            db.close();
            if (notes.length < count) reject(new Error(`only ${notes.length} notes in IndexedDB`));
            else resolve(elapsed);
          };
        };
      }),
    { userId, count },
  );
}

/** First contentful paint of a reload of the page, in ms from navigation start. */
export async function timeReloadToFirstPaint(page: Page): Promise<number> {
  await page.reload({ waitUntil: 'commit' });
  const handle = await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? false, undefined, {
    polling: 10,
    timeout: 60_000,
  });
  return (await handle.jsonValue()) as number;
}
