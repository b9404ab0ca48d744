// How many IndexedDB transactions a signed-in start opens before and after its content is shown (issue
// 33), by object store and mode, in a fresh Chromium context on / as a returning device with `notes`
// notes on the server. `node --import tsx bench/investigations/start-transactions.ts [notes] [--cached]`;
// --cached loads the page twice and counts the second start (the device already holds the notes).
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumExecutable } from '../../test/kit/browser';
import { buildClientIfStale } from '../lib/client-build';
import { originalSource } from '../lib/built-sources';
import { returningDevice, seedNotes, signUp, startSprout } from '../lib/sprout';

const notes = Number(process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 0);
const cached = process.argv.includes('--cached');

buildClientIfStale();
const server = await startSprout();
const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: chromiumArgs });
try {
  const user = await signUp(server.url);
  if (notes > 0) await seedNotes(user, notes);
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  await context.addInitScript((entries: Record<string, string>) => {
    if (location.pathname === '/api/health') return;
    for (const [key, value] of Object.entries(entries))
      if (!localStorage.getItem(key)) localStorage.setItem(key, value);
    const log: { at: number; stores: string; mode: string; stack?: string }[] = [];
    (window as unknown as { __tx: typeof log }).__tx = log;
    const open = IDBDatabase.prototype.transaction;
    IDBDatabase.prototype.transaction = function (this: IDBDatabase, stores, mode, options) {
      log.push({
        at: performance.now(),
        stores: [stores].flat().join('+'),
        mode: mode ?? 'readonly',
        stack: new Error().stack,
      });
      return open.call(this, stores, mode, options);
    };
    const requests: { at: number; call: string }[] = [];
    (window as unknown as { __rq: typeof requests }).__rq = requests;
    for (const proto of [IDBObjectStore.prototype, IDBIndex.prototype] as unknown as Record<string, unknown>[])
      for (const name of ['get', 'getAll', 'getAllKeys', 'getKey', 'count', 'openCursor', 'openKeyCursor']) {
        const original = proto[name] as ((...args: unknown[]) => unknown) | undefined;
        if (!original) continue;
        proto[name] = function (this: IDBObjectStore | IDBIndex, ...args: unknown[]) {
          requests.push({ at: performance.now(), call: `${this.name}.${name}` });
          return original.apply(this, args);
        };
      }
    (window as unknown as { __content: number }).__content = -1;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        if ((entry as PerformanceEntry & { identifier?: string }).identifier === 'content')
          (window as unknown as { __content: number }).__content = entry.startTime;
    }).observe({ type: 'element', buffered: true });
  }, returningDevice(user));
  const page = await context.newPage();
  await page.goto(`${server.url}/api/health`);
  await page.goto(`${server.url}/`);
  if (cached) {
    await page.waitForTimeout(6000);
    await page.reload();
  }
  await page.waitForTimeout(6000);
  const { log, content, requests } = await page.evaluate(() => ({
    requests: (window as unknown as { __rq: { at: number; call: string }[] }).__rq,
    log: (window as unknown as { __tx: { at: number; stores: string; mode: string; stack?: string }[] }).__tx,
    content: (window as unknown as { __content: number }).__content,
  }));
  console.info(`content shown at ${Math.round(content)} ms; ${log.length} transactions in 6 s`);
  for (const [label, part] of [
    ['before the content', log.filter((t) => t.at <= content)],
    ['after it', log.filter((t) => t.at > content)],
  ] as const) {
    const counts = new Map<string, number>();
    for (const t of part) counts.set(`${t.stores} ${t.mode}`, (counts.get(`${t.stores} ${t.mode}`) ?? 0) + 1);
    console.info(`  ${label}: ${part.length}`);
    for (const [key, count] of [...counts].sort((a, b) => b[1] - a[1])) console.info(`    ${count}  ${key}`);
  }
  const before = requests.filter((r) => r.at <= content);
  if (process.env.LIST) console.info(before.map((r) => `${r.at.toFixed(1)} ${r.call}`).join('\n'));
  const calls = new Map<string, number>();
  for (const r of before) calls.set(r.call, (calls.get(r.call) ?? 0) + 1);
  console.info(`requests before the content: ${before.length}, after it: ${requests.length - before.length}`);
  for (const [key, count] of [...calls].sort((a, b) => b[1] - a[1])) console.info(`    ${count}  ${key}`);
  if (process.env.LIST)
    for (const t of log.filter((t) => t.at <= content)) {
      const frames: string[] = [];
      for (const line of (t.stack ?? '').split('\n').slice(2)) {
        const m = /\((.*):(\d+):(\d+)\)$/.exec(line) ?? /at (.*):(\d+):(\d+)$/.exec(line);
        if (!m) continue;
        const source = await originalSource(
          { url: m[1]!, functionName: '', lineNumber: Number(m[2]) - 1, columnNumber: Number(m[3]) - 1 },
          true,
        );
        if (source && (process.env.LIST === 'all' || !source.startsWith('npm:'))) frames.push(source);
      }
      console.info(
        `${Math.round(t.at)} ${t.stores} ${t.mode}: ${frames.slice(0, Number(process.env.FRAMES ?? 4)).join(' < ')}`,
      );
    }
} finally {
  await browser.close();
  await server.stop();
}
