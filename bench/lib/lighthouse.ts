// One Lighthouse run (mobile, performance only, Lighthouse's default simulated throttling) in a fresh
// Chromium profile, optionally signed in first: the device's stored entries are written to localStorage from
// a same-origin JSON page, which registers no service worker, so the run still starts cold.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { chromiumArgs } from '../../test/kit/browser';

const CHROMIUM = process.env.BENCH_CHROMIUM || '/usr/bin/chromium';

export interface LighthouseResult {
  score: number;
  fcp: number;
  lcp: number;
  /** Total blocking time, ms: the long tasks' time past 50 ms each, between FCP and interactive. */
  tbt: number;
  /** Scripts the page loaded. */
  scripts: string[];
  /** Bytes of loaded JavaScript the page never ran (Lighthouse's estimate, transfer size). */
  unusedJs: number;
}

interface NetworkItem {
  url: string;
  resourceType?: string;
}

async function putLocalStorage(port: number, origin: string, entries: Record<string, string>): Promise<void> {
  const target = (await (
    await fetch(`http://127.0.0.1:${port}/json/new?${origin}/api/health`, { method: 'PUT' })
  ).json()) as {
    id: string;
    webSocketDebuggerUrl: string;
  };
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  let id = 0;
  const evaluate = (expression: string) =>
    new Promise<unknown>((resolve) => {
      const mine = ++id;
      socket.onmessage = (event) => {
        const message = JSON.parse(String(event.data)) as { id?: number; result?: { result?: { value?: unknown } } };
        if (message.id === mine) resolve(message.result?.result?.value);
      };
      socket.send(
        JSON.stringify({
          id: mine,
          method: 'Runtime.evaluate',
          params: { expression, returnByValue: true, awaitPromise: true },
        }),
      );
    });
  for (
    let i = 0;
    i < 200 && (await evaluate(`location.origin === ${JSON.stringify(origin)} && document.readyState`)) !== 'complete';
    i++
  ) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  for (const [key, value] of Object.entries(entries)) {
    if (key === DEVICE_DB) {
      await evaluate(`(${createDeviceDb.toString()})()`);
      continue;
    }
    await evaluate(`localStorage.setItem(${JSON.stringify(key)}, ${JSON.stringify(value)})`);
  }
  socket.close();
  await fetch(`http://127.0.0.1:${port}/json/close/${target.id}`);
}

/** A storage entry that is not one: the device's notes database is made first, empty, as the app makes it. */
export const DEVICE_DB = '(device database)';

/** The app's IndexedDB database as Dexie creates it (client/src/data/notes/local-db.ts, version 8), empty. */
function createDeviceDb(): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open('sprout', 80);
    request.onupgradeneeded = () => {
      const db = request.result;
      const notes = db.createObjectStore('notes', { keyPath: 'id' });
      notes.createIndex('user_id', 'user_id');
      for (const other of [
        'updated_at',
        'sync_state',
        'deleted_at',
        'trashed_at',
        'created_at',
        'pinned_at',
        'archived_at',
      ])
        notes.createIndex(`[user_id+${other}]`, ['user_id', other]);
      for (const multi of ['tag_keys', 'link_keys', 'due_keys']) notes.createIndex(multi, multi, { multiEntry: true });
      const meta = db.createObjectStore('meta', { keyPath: ['user_id', 'key'] });
      meta.createIndex('user_id', 'user_id');
    };
    request.onsuccess = () => {
      request.result.close();
      resolve('made');
    };
    request.onerror = () => reject(request.error);
  });
}

/**
 * Lighthouse's own failures to record a trace ('Something went wrong with recording the trace over your
 * page load. Please run Lighthouse again.'): one of about 30 runs in one session on this machine. The run is
 * made once more rather than failing the whole bench.
 */
const TRACE_NOT_RECORDED = new Set(['NO_NAVSTART', 'NO_TRACING_STARTED']);

/** The whole Lighthouse report of one run; `storage`: local-storage entries written first (a returning
 * device's session and anon key). */
export async function runLighthouseReport(
  url: string,
  storage?: Record<string, string>,
  onTrace?: (trace: { traceEvents: unknown[] }) => void,
): Promise<Result> {
  try {
    return await runLighthouseOnce(url, storage, onTrace);
  } catch (error) {
    if (!(error instanceof LighthouseRuntimeError) || !TRACE_NOT_RECORDED.has(error.code)) throw error;
    console.warn(`[bench] Lighthouse did not record its trace of ${url} (${error.code}): running it again`);
    return runLighthouseOnce(url, storage, onTrace);
  }
}

class LighthouseRuntimeError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(`Lighthouse: ${message} (${code})`);
  }
}

async function runLighthouseOnce(
  url: string,
  storage: Record<string, string> | undefined,
  onTrace: ((trace: { traceEvents: unknown[] }) => void) | undefined,
): Promise<Result> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', ...chromiumArgs],
  });
  try {
    if (storage) await putLocalStorage(chrome.port, new URL(url).origin, storage);
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableStorageReset: Boolean(storage),
      // LH_PROFILE=1: the V8 sampling profiler in the trace, for bench/investigations/lighthouse-long-tasks.ts.
      ...(process.env.LH_PROFILE ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' } : {}),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError)
      throw new LighthouseRuntimeError(result.lhr.runtimeError.code, result.lhr.runtimeError.message);
    onTrace?.(result.artifacts.Trace as unknown as { traceEvents: unknown[] });
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

/** `storage`: local-storage entries written first (a returning device's session and anon key). */
export async function runLighthouse(url: string, storage?: Record<string, string>): Promise<LighthouseResult> {
  const lhr = await runLighthouseReport(url, storage);
  const items = ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ??
    []) as NetworkItem[];
  const unused = lhr.audits['unused-javascript']?.details as { overallSavingsBytes?: number } | undefined;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: lhr.audits['first-contentful-paint']?.numericValue ?? NaN,
    lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
    scripts: items.filter((i) => i.resourceType === 'Script').map((i) => i.url),
    unusedJs: unused?.overallSavingsBytes ?? 0,
  };
}
