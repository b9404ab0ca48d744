// [issue 36.3] An AI stream open when the server is told to stop (SIGTERM, as systemd, Docker or a
// deploy sends it) ends with a retryable error event, the text so far as its partial, and the process
// exits cleanly well before its 10 s grace period; it is not cut when the grace period runs out. The
// server runs as `npm start` runs it, in its own process; the provider is the fake, streaming slowly.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAiProvider, type FakeAiProvider } from '../../test/kit/fake-ai-provider';
import { readEvents, type SseEvent } from './ai-support';
import { seedWithMigratedImage, signUpOn, startServerProcess, type ServerProcess } from './process-support';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sprout-shutdown-'));
let fake: FakeAiProvider;
let server: ServerProcess | undefined;

beforeAll(async () => {
  fake = await startFakeAiProvider();
});
afterAll(async () => {
  server?.child.kill('SIGKILL');
  await fake?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(process.env.SPROUT_TEST_DATABASE === 'postgres')(
  'an AI stream at SIGTERM',
  { timeout: 120_000 },
  () => {
    it('ends with a retryable error event before the process exits 0', async () => {
      await seedWithMigratedImage(dataDir);
      server = await startServerProcess(dataDir, {
        AI_BASE_URL: fake.url,
        OPENROUTER_API_KEY: 'sk-server-secret-key-0000',
      });
      const { token } = await signUpOn(server.url, 'stream@example.com');

      // 60 pieces, one every 250 ms: still streaming long after the signal.
      const deltas = Array.from({ length: 60 }, (_, i) => `word${i} `);
      fake.script({ kind: 'text', deltas, chunkDelayMs: 250 });
      const response = await fetch(`${server.url}/api/ai/chat`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ messages: [{ role: 'user', content: 'talk slowly' }] }),
      });
      expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);

      const { child, exited } = server;
      let signalledAt = 0;
      let errorAt = 0;
      const events = await readEvents(response, (event: SseEvent) => {
        if (event.event === 'delta' && signalledAt === 0) {
          signalledAt = performance.now();
          child.kill('SIGTERM');
        }
        if (event.event === 'error') errorAt = performance.now();
      });
      const code = await exited;
      const exitMs = performance.now() - signalledAt;
      console.info(
        `error event ${Math.round(errorAt - signalledAt)} ms after SIGTERM, exit after ${Math.round(exitMs)} ms`,
      );

      const last = events.at(-1);
      expect(last?.event).toBe('error');
      const streamed = events
        .filter((event) => event.event === 'delta')
        .map((event) => String(event.data.text))
        .join('');
      expect(last?.data).toEqual({
        status: 503,
        code: 'server_restarting',
        message: 'The server is restarting. Please try again in a moment.',
        retryAfter: 5,
        partial: streamed,
        incomplete: true,
        requestId: expect.any(String),
      });
      expect(streamed.length).toBeGreaterThan(0);
      expect(streamed.length).toBeLessThan(deltas.join('').length);
      // The graceful path (exit 0), well inside the 10 s after which the server gives up and exits with 1.
      expect(code).toBe(0);
      expect(exitMs).toBeLessThan(5_000);
      expect(server.output()).not.toContain('shutdown took too long');
    });
  },
);
