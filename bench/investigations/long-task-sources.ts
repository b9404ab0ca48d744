// Which code makes each long task of a cold signed-in start (issue 33): a Chromium trace of / with the V8
// sampling profiler on, each main-thread task of at least LONG_MS (12.5 ms by default: 50 ms under
// Lighthouse's 4x CPU slowdown) listed with its start, its length and its top sources by self time, read
// through the build's hidden source maps. A returning device as `firstload` runs it (NOTES=n posts n notes
// first), a phone-sized viewport, the CPU not slowed. Each round also prints what those tasks after the
// first contentful paint would block at 4x, a rough stand-in for Lighthouse's TBT (its own trace costs
// more, so its figure is higher). FN=1 splits sources by function; RAW=1 shows an unmapped sample's
// position in its chunk (line 1, column 0 is the chunk's top-level code). The browser's own work in a
// task (style, layout, paint, parsing, compiling, GC) is read from the trace's events and shown in brackets.
// CPU=4 slows the CPU as Lighthouse models a phone (set LONG_MS=50 with it); KEEP=1 keeps each round's trace
// in $TMPDIR/sprout-long-tasks-<n>.json. LH=1 turns on the trace categories Lighthouse's own trace adds (stacks
// on every timer and request, scripts' sources, screenshots), whose cost is part of Lighthouse's figures;
// LH_SKIP=a,b leaves some of them out. `ROUNDS=2 [NOTES=20] [FN=1] [TOP=6] node --import tsx
// bench/investigations/long-task-sources.ts`; run `npx vite build` first: it reads dist/client.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumExecutable } from '../../test/kit/browser';
import { originalSource } from '../lib/built-sources';
import { profileSamples, type ProfileTraceEvent } from '../lib/trace-profile';
import { benchNote, postNotes, returningDevice, signUp, startSprout } from '../lib/sprout';

type TraceEvent = ProfileTraceEvent & { ph: string };

const longMs = Number(process.env.LONG_MS ?? 12.5);
/** The trace events of the browser's own work, by the name the listing gives them. */
const NATIVE = new Map([
  ['ParseHTML', 'parse HTML'],
  ['ParseAuthorStyleSheet', 'parse CSS'],
  ['UpdateLayoutTree', 'style'],
  ['Layout', 'layout'],
  ['PrePaint', 'pre-paint'],
  ['Paint', 'paint'],
  ['Layerize', 'layerize'],
  ['v8.compile', 'compile'],
  ['v8.compileModule', 'compile'],
  ['V8.GC_MC_BACKGROUND_MARKING', 'GC'],
  ['MajorGC', 'GC'],
  ['MinorGC', 'GC'],
]);
async function sourceOf(frame: { url: string; functionName: string; lineNumber: number; columnNumber: number }) {
  if (!frame.url) return frame.functionName || '(native)';
  const file = frame.url.split('/').pop()!;
  if (!frame.url.includes('/assets/')) return file || frame.url;
  const source = await originalSource(frame, Boolean(process.env.FN));
  if (source) return source;
  return process.env.RAW ? `${file}@${frame.lineNumber + 1}:${frame.columnNumber}:${frame.functionName}` : file;
}

const server = await startSprout();
const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: chromiumArgs });
try {
  const user = await signUp(server.url);
  const notes = Number(process.env.NOTES ?? 0);
  if (notes)
    await postNotes(
      user,
      Array.from({ length: notes }, (_, n) => benchNote(user.userId, n)),
    );
  for (let round = 1; round <= Number(process.env.ROUNDS ?? 2); round++) {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 412, height: 823 } });
    await context.addInitScript((entries) => {
      if (localStorage.length === 0) for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
    }, returningDevice(user));
    const page = await context.newPage();
    // CPU=4 slows the page's CPU as Lighthouse's mobile run models it (LONG_MS is then in slowed time).
    if (process.env.CPU)
      await (
        await context.newCDPSession(page)
      ).send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.CPU) });
    await browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8.execute',
        'disabled-by-default-v8.cpu_profiler',
        'blink.user_timing',
        'loading',
        // LH=1 adds the categories Lighthouse's own trace turns on, whose overhead is part of its figures.
        ...(process.env.LH
          ? [
              'v8',
              'disabled-by-default-lighthouse',
              'disabled-by-default-devtools.screenshot',
              'disabled-by-default-devtools.timeline.stack',
              'disabled-by-default-devtools.timeline.frame',
              'latencyInfo',
              'disabled-by-default-devtools.target-rundown',
              'disabled-by-default-devtools.v8-source-rundown-sources',
              'disabled-by-default-devtools.v8-source-rundown',
              'blink.webdx_feature_usage',
            ].filter((category) => !(process.env.LH_SKIP ?? '').split(',').includes(category))
          : []),
      ],
    });
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Your Notes' }).waitFor();
    await page.waitForTimeout(3000);
    const trace = await browser.stopTracing();
    // KEEP=1 keeps each round's trace for DevTools' Performance panel.
    if (process.env.KEEP) fs.writeFileSync(path.join(os.tmpdir(), `sprout-long-tasks-${round}.json`), trace);
    const events = (JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
    await context.close();

    // The page's main thread is the renderer main thread that ran the most tasks.
    const rendererMains = new Set(
      events
        .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
        .map((e) => `${e.pid}:${e.tid}`),
    );
    const threads = new Map<string, number>();
    for (const e of events)
      if (e.name === 'RunTask' && rendererMains.has(`${e.pid}:${e.tid}`))
        threads.set(`${e.pid}:${e.tid}`, (threads.get(`${e.pid}:${e.tid}`) ?? 0) + 1);
    const main = [...threads].sort((a, b) => b[1] - a[1])[0]![0];
    const onMain = (e: TraceEvent) => `${e.pid}:${e.tid}` === main;
    const navigation = events.find((e) => e.name === 'navigationStart' && onMain(e))?.ts ?? 0;
    const fcp = events.find((e) => e.name === 'firstContentfulPaint' && onMain(e))?.ts;

    const { frames, samples } = profileSamples(events, onMain);

    const tasks = events
      .filter((e) => e.name === 'RunTask' && onMain(e) && (e.dur ?? 0) >= longMs * 1000)
      .sort((a, b) => a.ts - b.ts);
    // Lighthouse's mobile run stretches each task four times and counts what passes 50 ms after the FCP.
    const stretch = process.env.CPU ? 1 : 4;
    const blocking = tasks
      .filter((task) => fcp !== undefined && task.ts >= fcp)
      .reduce((sum, task) => sum + Math.max(0, (stretch * task.dur!) / 1000 - 50), 0);
    console.info(
      `round ${round}: FCP ${fcp ? Math.round((fcp - navigation) / 1000) : '?'} ms; ${tasks.length} tasks of ${longMs} ms or more; blocking after the FCP at 4x: ${Math.round(blocking)} ms`,
    );
    for (const task of tasks) {
      const end = task.ts + task.dur!;
      const bySource = new Map<string, number>();
      for (let i = 0; i < samples.length; i++) {
        const s = samples[i]!;
        if (s.ts < task.ts || s.ts >= end) continue;
        const next = Math.min(samples[i + 1]?.ts ?? end, end);
        const frame = frames.get(s.node);
        const key = frame ? await sourceOf(frame) : '?';
        bySource.set(key, (bySource.get(key) ?? 0) + (next - s.ts) / 1000);
      }
      const top = [...bySource]
        .filter(([k]) => k !== '(idle)')
        .sort((a, b) => b[1] - a[1])
        .slice(0, Number(process.env.TOP ?? 6))
        .map(([k, v]) => `${k} ${v.toFixed(1)}`)
        .join(' | ');
      // What the profiler shows as '(program)' is the browser's own work: the trace's events name it.
      const native = new Map<string, number>();
      for (const e of events) {
        if (!onMain(e) || !NATIVE.has(e.name) || e.ts < task.ts || e.ts >= end) continue;
        native.set(NATIVE.get(e.name)!, (native.get(NATIVE.get(e.name)!) ?? 0) + (e.dur ?? 0) / 1000);
      }
      const browserWork = [...native]
        .filter(([, ms]) => ms >= 1)
        .map(([name, ms]) => `${name} ${ms.toFixed(1)}`)
        .join(', ');
      console.info(
        `  ${Math.round((task.ts - navigation) / 1000)} +${(task.dur! / 1000).toFixed(1)}  ${top}${browserWork ? `  [${browserWork}]` : ''}`,
      );
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
