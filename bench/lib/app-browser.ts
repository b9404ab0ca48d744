/// <reference lib="dom" />
// The app in Chromium for the browser figures: signed in as a bench user (the session where
// supabase-js keeps it), notes written straight into the app's IndexedDB in the sync engine's local
// format (core's LocalNote; the database and store names are client/src/data/notes/local-db.ts's), and
// page-side timers.
import { randomUUID } from 'node:crypto';
import { chromium, type Browser, type Locator, type Page } from '@playwright/test';
import { EMPTY_CONTENT } from '#core/note-fields';
import type { LocalNote } from '#core/sync-rules';
import { withIndexKeys } from '#core/local-index-keys';
import { chromiumArgs, chromiumExecutable } from '../../test/kit/browser';
import { sleep } from './processes';
import type { BenchUser } from './sprout';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumExecutable(), args: chromiumArgs });
}

/**
 * Opens the app signed in as `user` and waits for its first sync to finish (`timeoutMs` for it: a first
 * sync of 10,000 notes takes a while on a loaded machine).
 */
export async function openApp(
  browser: Browser,
  user: BenchUser,
  { timeoutMs = 30_000 }: { timeoutMs?: number } = {},
): Promise<Page> {
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
  // The app's change feed [S21]: once its channel is joined, the app runs a sync (a subscription pulls).
  const joined = new Promise<void>((resolve) => {
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        const frame = String(payload);
        if (frame.includes('"realtime:notes:') && frame.includes('"phx_reply"') && frame.includes('"status":"ok"'))
          resolve();
      }),
    );
  });
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
  // The run the channel's subscription asks for (50 ms after it) must be over too: on a loaded machine
  // the join can come seconds after the first sync, and that run would push notes written meanwhile.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the app's change feed did not join in ${timeoutMs} ms`)), timeoutMs);
  });
  await Promise.race([joined, late]).finally(() => clearTimeout(timer));
  await sleep(300);
  // ... and has finished (the run holds the Web Lock), so rows written next wait for the Sync click.
  await pollPage(
    () =>
      page.evaluate(
        async () => !(await navigator.locks.query()).held?.some((lock) => lock.name?.startsWith('sprout-sync-')),
      ),
    timeoutMs,
  );
  return page;
}

/**
 * Runs `check` (a page.evaluate) every 100 ms until it resolves to true. Not page.waitForFunction: that
 * takes the Promise an async check returns for a truthy answer and returns at once, which let rows be
 * written while the app's first sync (a full resync) was still running, and that sync then removed them.
 */
async function pollPage(
  check: () => Promise<boolean>,
  timeoutMs: number,
  what = "the app's first sync did not finish",
): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error(`${what} in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const EXPANDED = 'An expanded plan.\n\nAction Steps:\n1. First step\n2. Second step\n3. Third step';

/**
 * The n-th note of a bench user as the sync engine stores it, with its index keys (tag-index.ts) set as
 * the app's own writes set them. A note in four has tags of its own, a note in six a `#tag` in its text
 * (issue 33: tags ride in the sync figures).
 */
function localBenchNote(userId: string, n: number, state: 'synced' | 'pending', now: number): LocalNote {
  const at = new Date(now - n * 60_000).toISOString();
  return withIndexKeys({
    ...EMPTY_CONTENT,
    id: randomUUID(),
    user_id: userId,
    title: `Note ${n + 1}: an idea worth keeping`,
    content:
      `The original idea number ${n + 1}, written down quickly.\nA second line of detail.\nA third line.\nA fourth line that the card clamps.` +
      (n % 6 === 0 ? ' #home' : ''),
    expanded_content: n % 3 === 0 ? EXPANDED : null,
    is_checklist: n % 5 === 0,
    checklist_items: n % 5 === 0 ? [{ id: `c${n}`, text: 'Do the thing', completed: n % 2 === 0 }] : null,
    tags: n % 4 === 0 ? ['ideas/later', 'work'] : null,
    chat_history: null,
    created_at: at,
    updated_at: at,
    deleted_at: null,
    revision: state === 'synced' ? n + 1 : null,
    base_revision: null,
    mutation_id: state === 'synced' ? null : randomUUID(),
    sent_mutation_ids: [],
    sync_state: state,
    sync_error: null,
    conflict_of: null,
    base_content: null,
    history_reason: null,
  });
}

/** Writes `count` notes of the user into the app's IndexedDB, in the sync engine's local format. */
export async function fillNotes(
  page: Page,
  userId: string,
  count: number,
  state: 'synced' | 'pending',
  offset = 0,
): Promise<void> {
  const now = Date.now();
  const notes = Array.from({ length: count }, (_, i) => localBenchNote(userId, offset + i, state, now));
  await page.evaluate(
    (notes) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('sprout');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction('notes', 'readwrite');
          const store = tx.objectStore('notes');
          for (const note of notes) store.put(note);
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    notes,
  );
}

/**
 * Waits until the page is idle: two frames, then an idle period of the main thread (at most 1 s), so a timed
 * action does not meet the leftover work of the step before it.
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => requestIdleCallback(() => resolve(), { timeout: 1000 })),
        ),
      ),
  );
}

/**
 * Tells the app's open screens that notes were written behind Dexie's back (fillNotes), as another tab
 * of the app would: a message on Dexie's cross-tab channel makes every live query read again [S16].
 * Nothing else reacts to it (no sync is requested), so pending notes stay pending.
 */
export async function announceNotes(page: Page): Promise<void> {
  await page.evaluate(() => new BroadcastChannel('x-storagemutated-1').postMessage({ all: true }));
}

/**
 * Waits until the app has settled on the notes of `userId` it was told about: the dashboard shows cards
 * and the search index has taken them in and saved itself (which it does 2 s after its last change), so
 * nothing of that first read is left running when the measured action starts.
 */
export async function waitForSettledNotes(page: Page, userId: string, timeoutMs = 60_000): Promise<void> {
  await page.locator('ul[aria-label="Notes"] article').first().waitFor({ timeout: timeoutMs });
  const indexSaved = (id: string) =>
    new Promise<boolean>((resolve) => {
      const open = indexedDB.open('sprout');
      open.onerror = () => resolve(false);
      open.onsuccess = () => {
        const db = open.result;
        const get = db.transaction('meta').objectStore('meta').get([id, 'search_index']);
        get.onsuccess = () => {
          resolve(get.result !== undefined);
          db.close();
        };
        get.onerror = () => resolve(false);
      };
    });
  await pollPage(() => page.evaluate(indexSaved, userId), timeoutMs, 'the search index was not saved');
}

/** How many of the user's notes in the app's IndexedDB wait to sync (pending). */
export async function countPending(page: Page, userId: string): Promise<number> {
  return page.evaluate(
    (id) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('sprout');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const count = db
            .transaction('notes')
            .objectStore('notes')
            .index('[user_id+sync_state]')
            .count([id, 'pending']);
          count.onsuccess = () => {
            resolve(count.result);
            db.close();
          };
          count.onerror = () => reject(count.error);
        };
      }),
    userId,
  );
}

/**
 * Clicks `target` and resolves with the milliseconds from the click (its pointerdown, in the page) to the
 * frame after `text` appeared in the page: what the user waits for. The page watches its own DOM
 * (a MutationObserver) rather than being polled from here: Playwright's text locator re-reads the whole
 * page's text every animation frame, work that competes with the app for the main thread (it took
 * seconds of the sync's window) and that no user's browser does.
 */
export async function timeClickToText(page: Page, target: Locator, text: RegExp, timeoutMs = 120_000): Promise<number> {
  await target.waitFor();
  // Installed (and awaited) before the click, so the click cannot come first.
  await page.evaluate(
    ({ source, flags, timeoutMs }) => {
      const pattern = new RegExp(source, flags);
      let clickedAt: number | null = null;
      addEventListener('pointerdown', () => (clickedAt = performance.now()), { capture: true, once: true });
      (globalThis as { __benchShown?: Promise<number> }).__benchShown = new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => {
          observer.disconnect();
          reject(new Error(`no ${pattern} in ${timeoutMs} ms`));
        }, timeoutMs);
        const observer = new MutationObserver(() => {
          if (clickedAt === null || !pattern.test(document.body.textContent ?? '')) return;
          observer.disconnect();
          clearTimeout(timer);
          const began = clickedAt;
          // The frame that shows it: after its animation frame callbacks, once it has been painted.
          requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - began), 0));
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      });
    },
    { source: text.source, flags: text.flags, timeoutMs },
  );
  await target.click();
  return page.evaluate(() => (globalThis as { __benchShown?: Promise<number> }).__benchShown!);
}

/** Pages that record, at each load, when their first cards show (see timeReloadToCards). */
const watchedForCards = new WeakSet<Page>();

/** Milliseconds from navigation start to `cards` cards on the dashboard, after a reload (the same `cards` for a page each time). */
export function timeReloadToCards(page: Page, cards: number): Promise<number> {
  return timeReloadToElements(page, 'ul[aria-label="Notes"] article', cards);
}

/**
 * Milliseconds from navigation start to `count` elements matching `selector` (the same for a page each
 * time), after a reload: the dashboard's cards, Today's rows.
 */
export async function timeReloadToElements(page: Page, selector: string, count: number): Promise<number> {
  if (!watchedForCards.has(page)) {
    watchedForCards.add(page);
    // Recorded by the page itself, from the document's start: a MutationObserver sees the elements as React
    // adds them, and the time is taken at the frame after that (as the floor's is its first paint).
    // Polling from Playwright every 10 ms ran a query in the page while it loaded and was up to 10 ms late.
    await page.addInitScript(
      ({ selector, count }: { selector: string; count: number }) => {
        const shown = new Promise<number>((resolve) => {
          const observer = new MutationObserver(() => {
            if (document.querySelectorAll(selector).length < count) return;
            observer.disconnect();
            requestAnimationFrame(() => resolve(performance.now()));
          });
          observer.observe(document, { childList: true, subtree: true });
        });
        (globalThis as { __benchCardsShown?: Promise<number> }).__benchCardsShown = shown;
      },
      { selector, count },
    );
  }
  await page.reload({ waitUntil: 'commit' });
  return page.evaluate(
    () =>
      (globalThis as { __benchCardsShown?: Promise<number> }).__benchCardsShown ??
      Promise.reject(new Error('the page has no watch (its init script did not run)')),
  );
}

/**
 * Milliseconds the page takes to read the newest `count` notes of the user from IndexedDB (the dashboard's
 * first page), or with `keys`, the last `count` of a string index's range (a tag's newest notes).
 */
export async function timeIndexedDbRead(
  page: Page,
  userId: string,
  count: number,
  keys?: { index: string; lower: string; upper: string },
): Promise<number> {
  return page.evaluate(
    ({ userId, count, keys }) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('sprout');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const began = performance.now();
          const index = db
            .transaction('notes')
            .objectStore('notes')
            .index(keys ? keys.index : '[user_id+updated_at]');
          const range = keys
            ? IDBKeyRange.bound(keys.lower, keys.upper)
            : IDBKeyRange.bound([userId, ''], [userId, '\uffff']);
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
    { userId, count, keys },
  );
}

/** First contentful paint of a reload of the page, in ms from navigation start. */
export async function timeReloadToFirstPaint(page: Page): Promise<number> {
  await page.reload({ waitUntil: 'commit' });
  const handle = await page.waitForFunction(
    () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? false,
    undefined,
    {
      polling: 10,
      timeout: 60_000,
    },
  );
  return (await handle.jsonValue()) as number;
}
