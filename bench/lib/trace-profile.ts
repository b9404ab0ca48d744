// A Chromium trace's page main thread and its V8 sampling profile, for the investigations that list long
// tasks with their sources (long-task-sources.ts, lighthouse-long-tasks.ts).

export interface ProfileFrame {
  url: string;
  functionName: string;
  lineNumber: number;
  columnNumber: number;
}

export interface ProfileTraceEvent {
  name: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: {
    name?: string;
    data?: {
      startTime?: number;
      cpuProfile?: { nodes?: { id: number; callFrame: ProfileFrame; parent?: number }[]; samples?: number[] };
      timeDeltas?: number[];
    };
  };
}

/** Whether an event ran on the page's main thread: the renderer main thread that ran the most tasks. */
export function pageMainThread(events: readonly ProfileTraceEvent[]): (e: ProfileTraceEvent) => boolean {
  const rendererMains = new Set(
    events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`),
  );
  const counts = new Map<string, number>();
  for (const e of events)
    if (e.name === 'RunTask' && rendererMains.has(`${e.pid}:${e.tid}`))
      counts.set(`${e.pid}:${e.tid}`, (counts.get(`${e.pid}:${e.tid}`) ?? 0) + 1);
  const main = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  return (e) => `${e.pid}:${e.tid}` === main;
}

/**
 * The main thread's sampling profile, samples in time order: nodes arrive in chunks, each sample at the
 * profile's start plus the deltas so far. A profile starts on the thread it samples; its chunks come from
 * the profiler's own thread.
 */
export function profileSamples<E extends ProfileTraceEvent>(
  events: readonly E[],
  onMain: (e: E) => boolean,
): { frames: Map<number, ProfileFrame>; parents: Map<number, number>; samples: { ts: number; node: number }[] } {
  const frames = new Map<number, ProfileFrame>();
  /** Each node's caller, where it has one. */
  const parents = new Map<number, number>();
  const samples: { ts: number; node: number }[] = [];
  const profiles = new Map<string, number>();
  for (const e of events) {
    if (e.name === 'Profile' && onMain(e)) profiles.set(`${e.pid}:${e.id}`, e.args?.data?.startTime ?? 0);
    if (e.name !== 'ProfileChunk' || !profiles.has(`${e.pid}:${e.id}`)) continue;
    const data = e.args?.data;
    for (const node of data?.cpuProfile?.nodes ?? []) {
      frames.set(node.id, node.callFrame);
      if (node.parent !== undefined) parents.set(node.id, node.parent);
    }
    let ts = profiles.get(`${e.pid}:${e.id}`) ?? 0;
    const deltas = data?.timeDeltas ?? [];
    (data?.cpuProfile?.samples ?? []).forEach((node, i) => {
      ts += deltas[i] ?? 0;
      samples.push({ ts, node });
    });
    profiles.set(`${e.pid}:${e.id}`, ts);
  }
  samples.sort((a, b) => a.ts - b.ts);
  return { frames, parents, samples };
}
