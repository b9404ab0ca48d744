// AI streaming benchmark (issue 5, "Measure"): how much the server and the browser add to what the
// provider takes. The fake provider and the app server run in this process (one clock for both); a
// real Chromium shows the chat. Two measurements:
//  1. time to the first streamed character in the browser, versus the fake provider's own first byte,
//     both from the moment the message is sent (epoch clocks of this process and of the page);
//  2. per chunk: when each provider chunk reaches a Node SSE client through /api/ai/chat, versus a
//     client reading the fake provider directly (the fake's write time of each chunk as the origin).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { loadConfig } from '../../server/src/config';
import { openDatabase } from '../../server/src/db/database';
import { createServer } from '../../server/src/app';
import { chromiumArgs, chromiumExecutable } from '../../e2e/support/browser';
import { startFakeAiProvider, type FakeAiProvider } from '../../e2e/support/fake-ai-provider';
import type { FakeRequest } from '../../e2e/support/fake-ai-provider-replies';
import { summarize, writeBenchmarkSection } from './report';

const RUNS = Number(process.env.BENCH_AI_RUNS ?? 30);
const WARMUP = 3;
const CHUNKS = 40;
const CHUNK_DELAY_MS = 10;
const root = path.resolve(import.meta.dirname, '../..');
const epochNow = () => performance.timeOrigin + performance.now();

interface Session {
  access_token: string;
  refresh_token: string;
  expires_at: number;
  user: { id: string };
}

/** Resolves with the time (from `clock`) each content chunk of the next chat request was written. */
function chunkWriteTimes(fake: FakeAiProvider, clock: () => number, count: number): Promise<{ first: number; all: number[] }> {
  const from = fake.requests.length;
  const stamps: number[] = [];
  let record: FakeRequest | undefined;
  return fake
    .waitFor((requests) => {
      record ??= requests.slice(from).find((r) => r.endpoint === 'chat' && r.stream);
      // The fake notifies right after writing each delta: note the time of every new one.
      while (record && stamps.length < record.deltasSent) stamps.push(clock());
      return stamps.length >= count;
    }, 30_000)
    .then(() => ({ first: stamps[0] ?? NaN, all: stamps }));
}

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

async function perChunkLatency(fake: FakeAiProvider, appUrl: string, token: string): Promise<{ direct: number[]; proxied: number[] }> {
  const direct: number[] = [];
  const proxied: number[] = [];
  for (let run = 0; run < RUNS + WARMUP; run++) {
    // Directly from the fake provider, as the server's OpenAI client reads it.
    {
      const writes = chunkWriteTimes(fake, () => performance.now(), CHUNKS);
      const arrivals: number[] = [];
      const response = await fetch(`${fake.url}/chat/completions`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: 'Bearer bench-key' },
        body: JSON.stringify({ model: 'bench', stream: true, messages: [{ role: 'user', content: `direct ${run}` }] }),
      });
      await readSse(response, (_event, data) => {
        if (data === '[DONE]') return;
        const content = (JSON.parse(data) as { choices?: { delta?: { content?: string } }[] }).choices?.[0]?.delta?.content;
        if (content) arrivals.push(performance.now());
      });
      const { all } = await writes;
      if (run >= WARMUP) all.forEach((written, i) => direct.push((arrivals[i] ?? NaN) - written));
    }
    // Through our server's /api/ai/chat, as the browser reads it.
    {
      const writes = chunkWriteTimes(fake, () => performance.now(), CHUNKS);
      const arrivals: number[] = [];
      const response = await fetch(`${appUrl}/api/ai/chat`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ messages: [{ role: 'user', content: `through the server ${run}` }] }),
      });
      await readSse(response, (event) => {
        if (event === 'delta') arrivals.push(performance.now());
      });
      const { all } = await writes;
      if (run >= WARMUP) all.forEach((written, i) => proxied.push((arrivals[i] ?? NaN) - written));
    }
  }
  return { direct: direct.filter(Number.isFinite), proxied: proxied.filter(Number.isFinite) };
}

// Runs in the page (a string: this file has no DOM types, and tsx's helpers do not exist there). Sends
// one chat message and resolves with when it was sent and when the reply's first character was in the
// DOM, on the page's epoch clock.
const SEND_AND_WATCH = `(message) => new Promise((resolve, reject) => {
  const clock = () => performance.timeOrigin + performance.now();
  const log = document.querySelector('[role="log"]');
  const box = document.querySelector('textarea[aria-label^="Message "]');
  if (!log || !box || !box.form) return reject(new Error('no chat on the page'));
  const before = log.querySelectorAll('li').length;
  let sentAt = 0;
  const observer = new MutationObserver(() => {
    const items = log.querySelectorAll('li');
    const reply = items.length >= before + 2 ? items[before + 1] : undefined;
    const markdown = reply ? reply.querySelector('[data-slot="markdown"]') : null;
    if (markdown && markdown.textContent) {
      observer.disconnect();
      resolve({ sentAt, firstCharAt: clock() });
    }
  });
  observer.observe(log, { subtree: true, childList: true, characterData: true });
  // React reads the box from its state: set the value the way typing does.
  Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value').set.call(box, message);
  box.dispatchEvent(new Event('input', { bubbles: true }));
  sentAt = clock();
  box.form.requestSubmit();
})`;

function sendAndWatch(page: Page, text: string): Promise<{ sentAt: number; firstCharAt: number }> {
  return page.evaluate(`(${SEND_AND_WATCH})(${JSON.stringify(text)})`) as Promise<{ sentAt: number; firstCharAt: number }>;
}

async function firstCharacter(fake: FakeAiProvider, appUrl: string, session: Session): Promise<{ provider: number[]; browser: number[]; added: number[] }> {
  const browser = await chromium.launch({ executablePath: chromiumExecutable() ?? '/usr/bin/chromium', args: chromiumArgs });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const storageKey = `sb-${new URL(appUrl).hostname.split('.')[0]}-auth-token`;
    await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [storageKey, JSON.stringify(session)] as const);
    const page = await context.newPage();
    await page.goto(`${appUrl}/chat`);
    await page.getByLabel('Your idea, question or topic').fill('Benchmark chat');
    await page.getByRole('button', { name: 'Start Chat' }).click();
    const box = page.getByLabel(/^Message /);
    await box.waitFor();
    const provider: number[] = [];
    const shown: number[] = [];
    const added: number[] = [];
    for (let run = 0; run < RUNS + WARMUP; run++) {
      // Wait for the previous reply to finish (the box is enabled again).
      for (let waited = 0; !(await box.isEnabled()); waited += 20) {
        if (waited > 30_000) throw new Error('the reply did not finish');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const writes = chunkWriteTimes(fake, epochNow, 1);
      const { sentAt, firstCharAt } = await sendAndWatch(page, `Message ${run}`);
      const { first } = await writes;
      if (run < WARMUP) continue;
      provider.push(first - sentAt);
      shown.push(firstCharAt - sentAt);
      added.push(firstCharAt - first);
    }
    return { provider, browser: shown, added };
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  const staticDir = path.join(root, 'dist/client');
  if (!fs.existsSync(path.join(staticDir, 'index.html'))) throw new Error('Build the client first (npm run bench:ai does).');
  const fake = await startFakeAiProvider();
  const text = Array.from({ length: CHUNKS }, (_, i) => `word${i} `);
  fake.respondWith(() => ({ kind: 'text', deltas: text, chunkDelayMs: CHUNK_DELAY_MS }));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sprout-bench-ai-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    STATIC_DIR: staticDir,
    OPENROUTER_API_KEY: 'bench-key',
    AI_BASE_URL: fake.url,
    RATE_LIMIT_AI: '1000000',
    RATE_LIMIT_SIGNUP: '1000000',
    RATE_LIMIT_TOKEN: '1000000',
  });
  const database = await openDatabase({ kind: 'memory' });
  const { app, ctx } = await createServer(config, database);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const appUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  try {
    const signup = await fetch(`${appUrl}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: ctx.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: `bench-ai-${Date.now()}@example.com`, password: 'benchmark password' }),
    });
    const session = (await signup.json()) as Session;

    const chunks = await perChunkLatency(fake, appUrl, session.access_token);
    const first = await firstCharacter(fake, appUrl, session);

    const d = summarize(chunks.direct);
    const p = summarize(chunks.proxied);
    const fp = summarize(first.provider);
    const fb = summarize(first.browser);
    const fa = summarize(first.added);
    const markdown = `## AI streaming (\`npm run bench:ai\`)

The fake provider and the server run in one Node process, the chat in Chromium (${RUNS} measured runs
after ${WARMUP} warm-up runs each). The provider streams ${CHUNKS} chunks, ${CHUNK_DELAY_MS} ms apart.

**Time to first character**, from sending a message on /chat: when the fake provider wrote its first
chunk, and when the first character of the reply was in the page (the chat's DOM, typing effect
included). The difference is what the server relay, the browser's stream reading and React add.

| ms | median | p95 | min | max |
|---|---|---|---|---|
| Provider's first byte | ${fp.median} | ${fp.p95} | ${fp.min} | ${fp.max} |
| First character in the browser | ${fb.median} | ${fb.p95} | ${fb.min} | ${fb.max} |
| Added after the provider's first byte | ${fa.median} | ${fa.p95} | ${fa.min} | ${fa.max} |

**Per chunk**: from the fake provider writing a chunk to a Node client receiving it (${chunks.direct.length}
chunks each way).

| ms | median | p95 | min | max |
|---|---|---|---|---|
| Read directly from the provider | ${d.median} | ${d.p95} | ${d.min} | ${d.max} |
| Read through \`/api/ai/chat\` | ${p.median} | ${p.p95} | ${p.min} | ${p.max} |

The server's added latency per chunk is the difference: about ${Math.round((p.median - d.median) * 10) / 10} ms at the median,
${Math.round((p.p95 - d.p95) * 10) / 10} ms at p95.`;
    writeBenchmarkSection('ai', markdown);
    console.info(markdown);
  } finally {
    await app.close();
    await database.close();
    await fake.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
