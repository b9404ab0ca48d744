// Which code makes each long task in Lighthouse's own trace of a run (issue 33): every main-thread task of
// at least LONG_MS (12.5 ms by default, 50 ms at Lighthouse's 4x) after the first contentful paint, with
// its top sources by self time through the build's hidden source maps, and what those tasks would block
// at 4x. Lighthouse's trace holds no CPU profile unless asked: record the runs with
// `LH_PROFILE=1 node --import tsx bench/investigations/lighthouse-start.ts [rounds]` (the profiler adds its
// own cost: read the sources, not the figures), then `node --import tsx
// bench/investigations/lighthouse-long-tasks.ts $TMPDIR/sprout-lighthouse-<n>.trace.json` (CALLERS=3 names
// each source's callers too). Unlike long-task-sources.ts, nothing else runs in the page (no Playwright
// scripts) and the trace carries Lighthouse's categories, whose cost per timer, request and script is part
// of its figures. 'one core kept busy' as firstload measures it: run `node -e 'for (;;) {}'` beside.
import fs from 'node:fs';
import { originalSource } from '../lib/built-sources';
import { pageMainThread, profileSamples, type ProfileFrame, type ProfileTraceEvent } from '../lib/trace-profile';

type TraceEvent = ProfileTraceEvent & {
  args?: { data?: { isLoadingMainFrame?: boolean; documentLoaderURL?: string } };
};

const file = process.argv[2];
if (!file) throw new Error('usage: lighthouse-long-tasks.ts <trace.json> (see the comment at the top)');
const longMs = Number(process.env.LONG_MS ?? 12.5);
const events = (JSON.parse(fs.readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] }).traceEvents;

const onMain = pageMainThread(events);
const navigation =
  events.find(
    (e) =>
      e.name === 'navigationStart' &&
      e.args?.data?.isLoadingMainFrame &&
      e.args.data.documentLoaderURL?.startsWith('http'),
  )?.ts ?? 0;
const fcp = events.find((e) => e.name === 'firstContentfulPaint' && onMain(e))?.ts ?? navigation;

const { frames, parents, samples } = profileSamples(events, onMain);
/**
 * With CALLERS=N, each source is named with its N nearest callers ('appendChild < preload helper <
 * connect'): a native call or a library function says little about whose work it is.
 */
const callers = Number(process.env.CALLERS ?? 0);
if (samples.length === 0) console.warn('This trace has no CPU profile: record it with LH_PROFILE=1.');

async function sourceOf(frame: ProfileFrame): Promise<string> {
  if (!frame.url) return frame.functionName || '(native)';
  if (!frame.url.includes('/assets/')) return frame.url.split('/').pop() || frame.url;
  return (await originalSource(frame, true)) ?? frame.url.split('/').pop()!;
}

let blocking = 0;
const tasks = events
  .filter((e) => e.name === 'RunTask' && onMain(e) && (e.dur ?? 0) >= longMs * 1000 && e.ts >= fcp)
  .sort((a, b) => a.ts - b.ts);
for (const task of tasks) {
  const end = task.ts + task.dur!;
  const bySource = new Map<string, number>();
  for (let i = 0; i < samples.length; i++) {
    const sample = samples[i]!;
    if (sample.ts < task.ts || sample.ts >= end) continue;
    const next = Math.min(samples[i + 1]?.ts ?? end, end);
    const frame = frames.get(sample.node);
    let key = frame ? await sourceOf(frame) : '?';
    for (let node = parents.get(sample.node), depth = 0; node !== undefined && depth < callers; depth++) {
      const caller = frames.get(node);
      if (!caller || caller.functionName === '(root)') break;
      key += ` < ${await sourceOf(caller)}`;
      node = parents.get(node);
    }
    bySource.set(key, (bySource.get(key) ?? 0) + (next - sample.ts) / 1000);
  }
  blocking += Math.max(0, (4 * task.dur!) / 1000 - 50);
  const top = [...bySource]
    .filter(([key]) => key !== '(idle)')
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(process.env.TOP ?? 7))
    .map(([key, ms]) => `${key} ${ms.toFixed(1)}`)
    .join(' | ');
  console.info(`${Math.round((task.ts - navigation) / 1000)} +${(task.dur! / 1000).toFixed(1)}  ${top}`);
}
console.info(
  `${tasks.length} tasks of ${longMs} ms or more after the FCP (${Math.round((fcp - navigation) / 1000)} ms); blocking at 4x: ${Math.round(blocking)} ms`,
);
