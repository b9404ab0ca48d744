/// <reference lib="dom" />
// Browser set-up shared by the client benchmarks (client-sync.ts, client-reload.ts): a signed-up user,
// the app opened in Chromium with that user's session, and notes written straight into the app's
// IndexedDB in the sync engine's local format.
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';

export interface BenchUser {
  session: { access_token: string; refresh_token: string; expires_at: number; user: { id: string } };
  anonKey: string;
}

export async function signUp(baseURL: string): Promise<BenchUser> {
  const { anonKey } = (await (await fetch(`${baseURL}/api/config`)).json()) as { anonKey: string };
  const response = await fetch(`${baseURL}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: `bench-${randomUUID()}@example.com`, password: `pw-${randomUUID()}` }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  return { session: (await response.json()) as BenchUser['session'], anonKey };
}

/** Opens / signed in as `user` and waits until its first sync has finished. */
export async function openApp(browser: Browser, baseURL: string, user: BenchUser): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
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
  await page.goto('/');
  await page.getByRole('heading', { level: 1, name: 'Your Notes' }).waitFor();
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
    { polling: 100, timeout: 60_000 },
  );
  await page.waitForFunction(async () => !(await navigator.locks.query()).held?.some((lock) => lock.name?.startsWith('sprout-sync-')), undefined, {
    polling: 100,
    timeout: 60_000,
  });
  return page;
}

/** Local rows as the sync engine stores them (synced: as pulled; pending: never sent). */
export function benchNotes(userId: string, count: number, state: 'synced' | 'pending', offset = 0): Record<string, unknown>[] {
  const now = Date.now();
  return Array.from({ length: count }, (_, i) => {
    const n = offset + i;
    const at = new Date(now - n * 60_000).toISOString();
    return {
      id: randomUUID(),
      user_id: userId,
      title: `Note ${n + 1}: an idea worth keeping`,
      content: `The original idea number ${n + 1}, written down quickly.\nA second line of detail.\nA third line.`,
      expanded_content: n % 3 === 0 ? 'An expanded plan.\n\nAction Steps:\n1. First step\n2. Second step' : null,
      is_checklist: n % 5 === 0,
      checklist_items: n % 5 === 0 ? [{ id: `c${n}`, text: 'Do the thing', completed: n % 2 === 0 }] : null,
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
    };
  });
}

/** Writes rows into the app's IndexedDB (one transaction). */
export async function putNotes(page: Page, rows: Record<string, unknown>[]): Promise<void> {
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
    rows,
  );
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}
