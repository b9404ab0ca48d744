// A worker thread that runs one HTTP load (server-floors.ts httpLoad) off the measured process's main
// thread, and optionally probes /api/health on fresh connections meanwhile (issue 14 item 5).
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import type { NoteWritable } from '#core/note';
import { httpLoad, type HttpRequestSpec } from './server-floors';

export interface LoadJob {
  url: string;
  concurrency: number;
  durationMs: number;
  timeoutMs: number;
  kind: 'get' | 'post' | 'patch';
  token: string;
  anonKey: string;
  userId: string;
  ids: string[];
  probe: boolean;
}

const job = workerData as LoadJob;
const headers = { authorization: `Bearer ${job.token}`, apikey: job.anonKey, 'accept-profile': 'public' };
let counter = 0;

function next(): HttpRequestSpec {
  counter += 1;
  if (job.kind === 'get')
    return { method: 'GET', path: '/rest/v1/notes?select=*&order=updated_at.desc&limit=100', headers };
  const now = new Date().toISOString();
  if (job.kind === 'patch') {
    const id = job.ids[counter % job.ids.length] ?? '';
    const body = JSON.stringify({ title: `edited ${counter}`, updated_at: now });
    return {
      method: 'PATCH',
      path: `/rest/v1/notes?id=eq.${id}`,
      headers: { ...headers, 'content-type': 'application/json', 'content-profile': 'public' },
      body,
    };
  }
  const body = JSON.stringify({
    id: crypto.randomUUID(),
    user_id: job.userId,
    title: 'A benchmark note',
    content: 'Some text that a person might write in a note, about as long as a short paragraph is.',
    created_at: now,
    updated_at: now,
    last_mutation_id: crypto.randomUUID(),
  } satisfies Partial<NoteWritable>);
  return {
    method: 'POST',
    path: '/rest/v1/notes',
    headers: { ...headers, 'content-type': 'application/json', 'content-profile': 'public' },
    body,
  };
}

async function probeHealth(until: number): Promise<number[]> {
  const waits: number[] = [];
  while (performance.now() < until) {
    const start = performance.now();
    await new Promise<void>((resolve) => {
      const request = http.get(`${job.url}/api/health`, { agent: false, timeout: 60_000 }, (response) => {
        response.resume();
        response.on('end', () => resolve());
      });
      request.on('error', () => resolve());
      request.on('timeout', () => request.destroy());
    });
    waits.push(performance.now() - start);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return waits;
}

const until = performance.now() + job.durationMs;
const [result, probes] = await Promise.all([
  httpLoad(next, {
    url: job.url,
    concurrency: job.concurrency,
    durationMs: job.durationMs,
    timeoutMs: job.timeoutMs,
    ok: (s) => s >= 200 && s < 300,
  }),
  job.probe ? probeHealth(until) : Promise.resolve([]),
]);
parentPort?.postMessage({ result, probes });
