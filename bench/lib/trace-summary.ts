// Summarises a Chromium trace of one click-to-toast window (bench/investigations/profile-sync.ts): the page's
// marks, the requests, each thread's busy time, and the CPU samples of the window grouped by the app's
// function (source-mapped through the build's hidden maps) and by package, in time slices.
import fs from 'node:fs';
import path from 'node:path';
import type * as TraceMappingModule from '@jridgewell/trace-mapping';

// Not a dependency of Sprout's own: it comes with the build tools. Without it frames keep their minified names.
type TraceMapping = typeof TraceMappingModule;
const mapping: TraceMapping | null = await import('@jridgewell/trace-mapping').catch(() => null);

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: Record<string, unknown>;
}

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  parent?: number;
}

interface Sample {
  ts: number;
  node: number;
}

interface ThreadProfile {
  pid: number;
  tid: number;
  nodes: Map<number, ProfileNode>;
  samples: Sample[];
}

const ms = (us: number) => `${(us / 1000).toFixed(1)}`;

function readProfiles(events: TraceEvent[]): ThreadProfile[] {
  const byId = new Map<string, ThreadProfile & { last: number }>();
  for (const event of events) {
    if (event.name === 'Profile' && event.id) {
      const data = (event.args?.data ?? {}) as { startTime?: number };
      byId.set(`${event.pid}:${event.id}`, {
        pid: event.pid,
        tid: event.tid,
        nodes: new Map(),
        samples: [],
        last: data.startTime ?? event.ts,
      });
    }
  }
  for (const event of events) {
    if (event.name !== 'ProfileChunk' || !event.id) continue;
    const profile = byId.get(`${event.pid}:${event.id}`);
    if (!profile) continue;
    const data = (event.args?.data ?? {}) as {
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
    };
    for (const node of data.cpuProfile?.nodes ?? []) profile.nodes.set(node.id, node);
    const samples = data.cpuProfile?.samples ?? [];
    const deltas = data.timeDeltas ?? [];
    samples.forEach((node, i) => {
      profile.last += deltas[i] ?? 0;
      profile.samples.push({ ts: profile.last, node });
    });
  }
  return [...byId.values()];
}

/** Maps minified frames back to the original source and name through the build's .map files. */
class Mapper {
  private readonly maps = new Map<string, InstanceType<TraceMapping['TraceMap']> | null>();
  constructor(private readonly distDir: string) {}

  map(frame: CallFrame): { source: string; name: string } {
    const file = (frame.url ?? '').split('/assets/')[1]?.split('?')[0];
    if (!file || !mapping) return { source: frame.url || '(native)', name: frame.functionName || '(anonymous)' };
    let traceMap = this.maps.get(file);
    if (traceMap === undefined) {
      const mapFile = path.join(this.distDir, 'assets', `${file}.map`);
      traceMap = fs.existsSync(mapFile) ? new mapping.TraceMap(fs.readFileSync(mapFile, 'utf8')) : null;
      this.maps.set(file, traceMap);
    }
    if (!traceMap) return { source: file, name: frame.functionName || '(anonymous)' };
    // A frame outside the map (a line past its last, or none: -1) keeps the built file's name.
    let position: { source: string | null; line: number | null; name: string | null };
    try {
      position = mapping.originalPositionFor(traceMap, {
        line: frame.lineNumber + 1,
        column: Math.max(0, frame.columnNumber),
      });
    } catch {
      return { source: file, name: frame.functionName || '(anonymous)' };
    }
    const source = (position.source ?? file).replace(/^(\.\.\/)+/, '');
    return { source: `${source}:${position.line ?? '?'}`, name: position.name ?? frame.functionName ?? '(anonymous)' };
  }
}

function pkgOf(source: string): string {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (match) return match[1]!;
  if (source.startsWith('client/') || source.startsWith('core/')) return 'app';
  return source.split(':')[0] ?? source;
}

function table(rows: [string, number][], total: number, limit = 20): string {
  return rows
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([name, us]) => `    ${ms(us).padStart(7)} ms ${((100 * us) / total).toFixed(0).padStart(3)}%  ${name}`)
    .join('\n');
}

/** The Chromium trace categories the investigations record: timeline, CPU samples, marks, loading, IndexedDB. */
export const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
  'blink.user_timing',
  'toplevel',
  'loading',
  'IndexedDB',
];

export function summariseTrace(raw: unknown, distDir: string): string {
  const events = (Array.isArray(raw) ? raw : (raw as { traceEvents: TraceEvent[] }).traceEvents) as TraceEvent[];
  const threadNames = new Map<string, string>();
  for (const event of events) {
    if (event.ph === 'M' && event.name === 'thread_name')
      threadNames.set(`${event.pid}:${event.tid}`, String((event.args as { name?: string })?.name));
  }
  const click = events.find((e) => e.name === 'bench:click');
  const toast = events.find((e) => e.name === 'bench:toast');
  if (!click || !toast) return '  (no click or toast mark in the trace)';
  const t0 = click.ts;
  const t1 = toast.ts;
  const after = t1 + 1_000_000;
  const out: string[] = [];
  out.push(`  click to toast mark: ${ms(t1 - t0)} ms`);

  // The app's own marks (sprout:*), in order.
  const marks = events
    .filter((e) => e.cat.includes('blink.user_timing') && e.ts >= t0 && e.ts <= after && e.name.startsWith('sprout:'))
    .sort((a, b) => a.ts - b.ts);
  const seen = new Set<string>();
  if (marks.length > 0) out.push('  marks:');
  for (const mark of marks) {
    const key = `${mark.name}@${mark.ts}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(
      `    +${ms(mark.ts - t0).padStart(7)} ${mark.name}${mark.ph === 'X' || mark.dur ? ` (${ms(mark.dur ?? 0)} ms)` : ''}`,
    );
  }

  // Requests.
  const requests = new Map<string, { url: string; method: string; send: number; response?: number; finish?: number }>();
  for (const event of events) {
    const data = (event.args?.data ?? {}) as {
      requestId?: string;
      url?: string;
      requestMethod?: string;
      finishTime?: number;
    };
    if (!data.requestId) continue;
    if (event.name === 'ResourceSendRequest' && event.ts >= t0 - 1000 && event.ts <= after) {
      requests.set(data.requestId, { url: data.url ?? '', method: data.requestMethod ?? '', send: event.ts });
    }
    const request = requests.get(data.requestId);
    if (!request) continue;
    if (event.name === 'ResourceReceiveResponse') request.response = event.ts;
    if (event.name === 'ResourceFinish') request.finish = event.ts;
  }
  if (requests.size > 0) out.push('  requests (ms after the click: sent, response, finished):');
  for (const request of requests.values()) {
    const url = request.url.replace(/^https?:\/\/[^/]+/, '').slice(0, 110);
    out.push(
      `    ${ms(request.send - t0).padStart(7)} ${request.response ? ms(request.response - t0).padStart(7) : '      -'} ${request.finish ? ms(request.finish - t0).padStart(7) : '      -'}  ${request.method} ${url}`,
    );
  }

  // Busy time per thread in the window (top-level tasks).
  const busy = new Map<string, number>();
  for (const event of events) {
    if (event.ph !== 'X' || !event.dur || (event.name !== 'RunTask' && event.name !== 'ThreadControllerImpl::RunTask'))
      continue;
    const start = Math.max(event.ts, t0);
    const end = Math.min(event.ts + event.dur, t1);
    if (end <= start) continue;
    const key = `${event.pid}:${event.tid}`;
    busy.set(key, (busy.get(key) ?? 0) + end - start);
  }
  out.push('  busy threads, click to toast (top-level tasks):');
  for (const [key, us] of [...busy].sort((a, b) => b[1] - a[1]).slice(0, 10)) {
    if (us < 2000) continue;
    out.push(`    ${ms(us).padStart(7)} ms  ${threadNames.get(key) ?? key} (${key})`);
  }

  // The page's main thread: self time of its timeline events (script, style, layout, paint, IndexedDB
  // callbacks...) in the window, and per slice.
  const mainKey = `${click.pid}:${click.tid}`;
  const mainEvents = events
    .filter(
      (e) =>
        `${e.pid}:${e.tid}` === mainKey && e.ph === 'X' && e.dur !== undefined && e.ts < t1 && e.ts + (e.dur ?? 0) > t0,
    )
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const selfByName = new Map<string, number>();
  const sliceSelf = new Map<number, Map<string, number>>();
  const EVENT_SLICE = 50_000;
  const open: { event: TraceEvent; end: number; child: number }[] = [];
  const close = (upTo: number) => {
    while (open.length > 0 && open.at(-1)!.end <= upTo) {
      const done = open.pop()!;
      const start = Math.max(done.event.ts, t0);
      const end = Math.min(done.end, t1);
      const self = Math.max(0, end - start - done.child);
      selfByName.set(done.event.name, (selfByName.get(done.event.name) ?? 0) + self);
      const slice = Math.floor((start - t0) / EVENT_SLICE);
      const bucket = sliceSelf.get(slice) ?? new Map<string, number>();
      bucket.set(done.event.name, (bucket.get(done.event.name) ?? 0) + self);
      sliceSelf.set(slice, bucket);
      const parent = open.at(-1);
      if (parent) parent.child += end - start;
    }
  };
  for (const event of mainEvents) {
    close(event.ts);
    open.push({ event, end: event.ts + (event.dur ?? 0), child: 0 });
  }
  close(Infinity);
  out.push('  main thread, self time of timeline events, click to toast:');
  out.push(table([...selfByName], t1 - t0, 18));
  out.push(`    by ${EVENT_SLICE / 1000} ms slice (top 4):`);
  for (const [slice, bucket] of [...sliceSelf].sort((a, b) => a[0] - b[0])) {
    const top = [...bucket]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([label, us]) => `${label} ${ms(us)}`)
      .join(' | ');
    out.push(`      ${String(slice * (EVENT_SLICE / 1000)).padStart(5)}: ${top}`);
  }

  // IndexedDB events (browser process) in the window.
  const idb = new Map<string, number>();
  for (const event of events) {
    if (!event.cat.includes('IndexedDB') || event.ph !== 'X' || !event.dur) continue;
    const start = Math.max(event.ts, t0);
    const end = Math.min(event.ts + event.dur, t1);
    if (end > start) idb.set(event.name, (idb.get(event.name) ?? 0) + end - start);
  }
  if (idb.size > 0) {
    out.push('  IndexedDB trace events, click to toast (summed, may nest):');
    out.push(table([...idb], t1 - t0, 12));
  }

  // CPU samples.
  const mapper = new Mapper(distDir);
  for (const profile of readProfiles(events)) {
    const key = `${profile.pid}:${profile.tid}`;
    const inWindow = profile.samples.filter((s) => s.ts >= t0 && s.ts <= t1);
    if (inWindow.length < 5) continue;
    const selfByPkg = new Map<string, number>();
    const appInclusive = new Map<string, number>();
    const slices = new Map<number, Map<string, number>>();
    const sliceInclusive = new Map<number, Map<string, number>>();
    const SLICE = 50_000;
    for (let i = 0; i < inWindow.length; i++) {
      const sample = inWindow[i]!;
      const next = inWindow[i + 1]?.ts ?? t1;
      const weight = Math.min(next - sample.ts, 10_000);
      const stack: { source: string; name: string; raw: CallFrame }[] = [];
      for (
        let node = profile.nodes.get(sample.node);
        node;
        node = node.parent ? profile.nodes.get(node.parent) : undefined
      ) {
        stack.push({ ...mapper.map(node.callFrame), raw: node.callFrame });
      }
      const leaf = stack[0];
      const leafName = leaf ? leaf.raw.functionName : '(none)';
      const special =
        leafName === '(idle)' || leafName === '(program)' || leafName === '(garbage collector)' ? leafName : null;
      const pkg = special ?? (leaf ? pkgOf(leaf.source) : '(none)');
      selfByPkg.set(pkg, (selfByPkg.get(pkg) ?? 0) + weight);
      // Inclusive time of each app function on the stack (once per sample).
      const names = new Set<string>();
      for (const frame of stack) if (pkgOf(frame.source) === 'app') names.add(`${frame.name} (${frame.source})`);
      if (!special) for (const name of names) appInclusive.set(name, (appInclusive.get(name) ?? 0) + weight);
      // The innermost app frame names the slice's work.
      const app = stack.find((frame) => pkgOf(frame.source) === 'app');
      const label = special ?? (app ? `${app.name} [${pkg}]` : `[${pkg}] ${leaf?.name ?? ''}`);
      const slice = Math.floor((sample.ts - t0) / SLICE);
      const bucket = slices.get(slice) ?? new Map<string, number>();
      bucket.set(label, (bucket.get(label) ?? 0) + weight);
      slices.set(slice, bucket);
      const inclusive = sliceInclusive.get(slice) ?? new Map<string, number>();
      if (!special)
        for (const name of names)
          inclusive.set(name.replace(/ \(.*/, ''), (inclusive.get(name.replace(/ \(.*/, '')) ?? 0) + weight);
      sliceInclusive.set(slice, inclusive);
    }
    const total = t1 - t0;
    out.push(`  CPU samples of ${threadNames.get(key) ?? key} (${key}), click to toast, self time by package:`);
    out.push(table([...selfByPkg], total, 14));
    out.push('    inclusive time of the app functions:');
    out.push(table([...appInclusive], total, 25));
    out.push(`    by ${SLICE / 1000} ms slice (top 3 labels):`);
    for (const [slice, bucket] of [...slices].sort((a, b) => a[0] - b[0])) {
      const top = [...bucket]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3)
        .map(([label, us]) => `${label} ${ms(us)}`)
        .join(' | ');
      out.push(`      ${String(slice * (SLICE / 1000)).padStart(5)}: ${top}`);
      const inclusive = [...(sliceInclusive.get(slice) ?? new Map<string, number>())]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6)
        .map(([label, us]) => `${label || '(anon)'} ${ms(us)}`)
        .join(' | ');
      if (inclusive) out.push(`             incl: ${inclusive}`);
    }
  }
  return out.join('\n');
}

// `node --import tsx bench/lib/trace-summary.ts trace.json...`: the summary of saved traces.
if (import.meta.filename === process.argv[1]) {
  for (const file of process.argv.slice(2)) {
    console.info(
      `${file}:\n${summariseTrace(JSON.parse(fs.readFileSync(file, 'utf8')), path.resolve(import.meta.dirname, '../../dist/client'))}`,
    );
  }
}
