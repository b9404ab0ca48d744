// AI (issue 10, goal 5): time to the first streamed character through the server's /api/ai/chat, beside
// reading the fake OpenAI-compatible provider (test/kit) directly, and each chunk's delay from the
// provider writing it to a client reading it, both ways. The fake runs in a process of its own, as a
// provider is never in its client's process (lib/fake-ai-process.ts): both paths cross to it, the
// server's adds the hop through the server. One monotonic clock, shared by the processes, times the
// provider's writes and the client's reads.
import fs from 'node:fs';
import type { BenchGroup, GroupOptions } from '../lib/group';
import { monotonicMs, startFakeAiProcess, type FakeAiProcess } from '../lib/fake-ai-process';
import { interleave, median, toRow, type Row } from '../lib/row';
import { settings } from '../lib/settings';
import { signUp, startSprout } from '../lib/sprout';

const CHUNKS = 40;
const CHUNK_DELAY_MS = 10;

/** Reads an SSE body, calling `onData(event, data)` for each event as it arrives. */
async function readSse(response: Response, onData: (event: string | undefined, data: string) => void): Promise<void> {
  if (!response.body) throw new Error(`no body (status ${response.status})`);
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const bytes of response.body) {
    buffer += decoder.decode(bytes as Uint8Array, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event: string | undefined;
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
      }
      if (data.length > 0) onData(event, data.join('\n'));
    }
  }
}

interface Stream {
  /** Send to the first content chunk read. */
  firstMs: number;
  /** Per chunk: read time minus the provider's write time. */
  delays: number[];
}

async function timeStream(
  fake: FakeAiProcess,
  send: () => Promise<Response>,
  isContent: (event: string | undefined, data: string) => boolean,
): Promise<Stream> {
  const arrivals: number[] = [];
  const began = monotonicMs();
  await readSse(await send(), (event, data) => {
    if (isContent(event, data)) arrivals.push(monotonicMs());
  });
  // The stream has ended: the provider has written (and noted) every chunk.
  const writes = await fake.lastStreamWrites();
  if (writes.length !== CHUNKS) throw new Error(`the provider noted ${writes.length} chunk writes, not ${CHUNKS}`);
  return {
    firstMs: (arrivals[0] ?? NaN) - began,
    delays: writes.map((written, i) => (arrivals[i] ?? NaN) - written).filter(Number.isFinite),
  };
}

async function run(options: GroupOptions): Promise<Row[]> {
  const { rounds } = settings(options.smoke, { rounds: 15, seconds: 0 });
  const text = Array.from({ length: CHUNKS }, (_, i) => `word${i} `);
  const fake = await startFakeAiProcess(text, CHUNK_DELAY_MS);
  const server = await startSprout({
    env: { OPENROUTER_API_KEY: 'bench-key', AI_BASE_URL: fake.url, RATE_LIMIT_AI: '1000000' },
  });
  try {
    const user = await signUp(server.url);
    const direct: Stream[] = [];
    const through: Stream[] = [];
    const streamDirect = () =>
      timeStream(
        fake,
        () =>
          fetch(`${fake.url}/chat/completions`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Authorization: 'Bearer bench-key' },
            body: JSON.stringify({ model: 'bench', stream: true, messages: [{ role: 'user', content: 'An idea' }] }),
          }),
        (_event, data) =>
          data !== '[DONE]' &&
          Boolean((JSON.parse(data) as { choices?: { delta?: { content?: string } }[] }).choices?.[0]?.delta?.content),
      );
    const streamThrough = () =>
      timeStream(
        fake,
        () =>
          fetch(`${server.url}/api/ai/chat`, {
            method: 'POST',
            headers: { ...user.headers, 'Content-Type': 'application/json', Accept: 'text/event-stream' },
            body: JSON.stringify({ messages: [{ role: 'user', content: 'An idea' }] }),
          }),
        (event) => event === 'delta',
      );
    // Warm-up: the server's first AI call builds its client.
    for (let i = 0; i < 3; i++)
      await Promise.all([streamDirect(), streamThrough()].map((p) => p.catch(() => undefined)));
    options.log(`${rounds} rounds`);
    await interleave(rounds, {
      direct: async () => {
        const stream = await streamDirect();
        direct.push(stream);
        return stream.firstMs;
      },
      through: async () => {
        const stream = await streamThrough();
        through.push(stream);
        return stream.firstMs;
      },
    });
    const perChunk = (streams: Stream[]) => streams.map((s) => median(s.delays));
    return [
      toRow({
        name: 'AI time to first character through the server',
        unit: 'ms',
        values: through.map((s) => s.firstMs),
        floorName: 'direct from the fake provider',
        floorValues: direct.map((s) => s.firstMs),
        better: 'lower',
        goal: '<= floor + 3 ms',
        meets: (v, f) => f !== null && v <= f + 3,
        smokeLimit: { ratioAtMost: 40 },
      }),
      toRow({
        name: `AI per-chunk delay through the server (median of ${CHUNKS} chunks a stream)`,
        unit: 'ms',
        values: perChunk(through),
        floorName: 'read directly from the provider',
        floorValues: perChunk(direct),
        better: 'lower',
        goal: '<= floor + 0.5 ms',
        meets: (v, f) => f !== null && v <= f + 0.5,
      }),
    ];
  } finally {
    await server.stop();
    await fake.close();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
}

export const group: BenchGroup = {
  name: 'ai',
  title: 'AI streaming',
  order: 50,
  smoke: false,
  method:
    `The fake OpenAI-compatible provider (test/kit/fake-ai-provider.ts), in a Node process of its own, streams ${CHUNKS} chunks, ${CHUNK_DELAY_MS} ms apart; ` +
    '`node scripts/start.mjs` uses it as its provider (AI_BASE_URL). A Node client times, from sending, the first content chunk ' +
    'read from /api/ai/chat (SSE `delta` events) and, interleaved, read directly from the provider; per chunk, the time from the ' +
    "provider's write to the client's read (one monotonic clock across the processes). Three warm-up streams each way first.",
  run,
};
