// [issue 36.3] Load shedding: under overload the server answers 503 with Retry-After at once, while
// /api/health still answers on a fresh connection in well under 1.5 s, and ordinary load is never shed.
// Two overloads, each with thresholds lowered through the environment: a flood of concurrent note reads
// (32 clients against at most 8 requests in flight) and an event loop
// kept busy by long synchronous tasks.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { signedInClient, startTestServer, type TestServer } from '../../test/kit/test-server';
import { seedWithMigratedImage, signUpOn, startServerProcess } from './process-support';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** GET /api/health on a connection of its own (no pooled socket to wait behind); its status and time. */
function healthOnFreshConnection(url: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.get(`${url}/api/health`, { agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }));
    });
    request.on('error', reject);
  });
}

async function userWithNotes(target: TestServer, count: number) {
  const { client, user, session } = await signedInClient(target);
  const rows = Array.from({ length: count }, (_, i) => ({
    user_id: user.id,
    title: `note ${i}`,
    content: 'x'.repeat(500),
  }));
  const { error } = await client.from('notes').insert(rows);
  if (error) throw new Error(error.message);
  return { token: session.access_token };
}

function readNotes(target: TestServer, token: string) {
  return fetch(`${target.url}/rest/v1/notes?select=*`, {
    headers: { apikey: target.anonKey, Authorization: `Bearer ${token}` },
  });
}

describe('under overload', () => {
  // The server in a process of its own: the flood's client side must not slow the server's event loop.
  it('sheds a flood of requests with 503 and Retry-After while /api/health answers at once', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sprout-shed-'));
    await seedWithMigratedImage(dataDir);
    const started = await startServerProcess(dataDir, { LOAD_SHED_MAX_IN_FLIGHT: '8' });
    try {
      const { token, userId, anonKey } = await signUpOn(started.url, 'flood@example.com');
      const headers = { apikey: anonKey, Authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const rows = Array.from({ length: 100 }, (_, i) => ({
        user_id: userId,
        title: `note ${i}`,
        content: 'x'.repeat(200),
      }));
      const insert = await fetch(`${started.url}/rest/v1/notes`, {
        method: 'POST',
        headers,
        body: JSON.stringify(rows),
      });
      expect(insert.status).toBe(201);
      const read = () => fetch(`${started.url}/rest/v1/notes?select=*`, { headers });
      // 32 clients, each sending its next request as soon as the last is answered, for 2 s: four times
      // the requests the server lets in at once. Health is probed on a fresh connection a second in.
      // Only refusals are parsed: this process's own loop must stay free to time the probe.
      const answers: { status: number; retryAfter: string | null; body: unknown }[] = [];
      const until = performance.now() + 2_000;
      const client = async () => {
        while (performance.now() < until) {
          const response = await read();
          answers.push({
            status: response.status,
            retryAfter: response.headers.get('retry-after'),
            body:
              response.status === 503
                ? ((await response.json()) as unknown)
                : await response.arrayBuffer().then(() => null),
          });
        }
      };
      const clients = Promise.all(Array.from({ length: 32 }, client));
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const health = await healthOnFreshConnection(started.url);
      await clients;
      const shed = answers.filter((answer) => answer.status === 503);
      console.info(
        `32 clients, ${answers.length} requests: ${shed.length} shed, ${answers.length - shed.length} served; /api/health in ${Math.round(health.ms)} ms`,
      );
      expect(health.status).toBe(200);
      expect(health.ms).toBeLessThan(1_500);
      expect(shed.length).toBeGreaterThan(0);
      expect(shed[0]).toEqual({
        status: 503,
        retryAfter: '5',
        body: { error: 'overloaded', message: 'The server is busy. Please try again in a few seconds.' },
      });
      // Shedding refuses the excess, not everything: the requests in flight are served.
      expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThanOrEqual(8);
      expect(answers.every((answer) => answer.status === 200 || answer.status === 503)).toBe(true);
      // Once the flood has drained, requests are served again.
      expect((await read()).status).toBe(200);
    } finally {
      started.child.kill('SIGKILL');
      await started.exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('sheds while the event loop lags, and /api/health still answers in time', async () => {
    server = await startTestServer({
      LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS: '40',
      LOAD_SHED_SAMPLE_MS: '50',
      LOAD_SHED_RETRY_AFTER_S: '2',
    });
    const target = server;
    // Synchronous work of 120 ms in every 150 ms: what a loop doing too much per request looks like.
    const busy = setInterval(() => {
      const until = performance.now() + 120;
      while (performance.now() < until);
    }, 30);
    try {
      await new Promise((resolve) => setTimeout(resolve, 400));
      const response = await fetch(`${target.url}/api/config`);
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('2');
      const health = await healthOnFreshConnection(target.url);
      console.info(`/api/health with the loop busy: ${Math.round(health.ms)} ms`);
      expect(health).toEqual({ status: 200, ms: expect.any(Number) });
      expect(health.ms).toBeLessThan(1_500);
    } finally {
      clearInterval(busy);
    }
    // The loop is free again: the next sample lets requests through.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await fetch(`${target.url}/api/config`)).status).toBe(200);
  }, 60_000);
});

describe('under ordinary load, with the default thresholds', () => {
  it('sheds nothing', async () => {
    server = await startTestServer();
    const { token } = await userWithNotes(server, 50);
    const target = server;
    const statuses: number[] = [];
    for (let round = 0; round < 10; round++) {
      const answers = await Promise.all(Array.from({ length: 30 }, () => readNotes(target, token)));
      statuses.push(...answers.map((answer) => answer.status));
    }
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
  }, 120_000);
});
