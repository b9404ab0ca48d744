// Several servers share their rate-limit counters: two apps over one database (PostgreSQL) or one Redis
// (REDIS_URL; this test runs when TEST_REDIS_URL is set) allow a limit's quota once between them, not
// once each. The cluster test (npm run test:cluster) checks the same through nginx and two processes.
import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createServer } from '../src/app';
import { WindowBatcher } from '../src/http/rate-limit-store';
import { startTestServer, type TestServer } from '../../test/kit/test-server';

const LIMIT = 4;
const opened: { server: TestServer; second: FastifyInstance }[] = [];

afterEach(async () => {
  for (const { server, second } of opened.splice(0)) {
    await second.close();
    await server.close();
  }
});

/** Two apps on one database (and one Redis when given), as two processes behind a proxy would be. */
async function twoServers(env: Record<string, string>): Promise<[string, string]> {
  const server = await startTestServer({ RATE_LIMIT_SIGNUP: String(LIMIT), TRUST_PROXY: 'loopback', ...env });
  const { app: second } = await createServer(server.config, server.database);
  await second.listen({ port: 0, host: '127.0.0.1' });
  opened.push({ server, second });
  const address = second.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return [server.url, `http://127.0.0.1:${address.port}`];
}

/** Sign-ups from one client address, alternating between the servers; the limit counts before the body is read. */
async function statuses(urls: [string, string], count: number): Promise<number[]> {
  const client = `192.0.2.${randomInt(1, 255)}`;
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const response = await fetch(`${urls[i % 2]}/auth/v1/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': client },
      body: '{}',
    });
    out.push(response.status);
  }
  return out;
}

describe('rate limits shared between servers', () => {
  it.skipIf(process.env.SPROUT_TEST_DATABASE !== 'postgres')(
    'counts in PostgreSQL: the quota holds across two servers',
    async () => {
      const result = await statuses(await twoServers({}), LIMIT + 2);
      expect(result.slice(0, LIMIT).every((s) => s !== 429)).toBe(true);
      expect(result.slice(LIMIT)).toEqual([429, 429]);
    },
  );

  it.skipIf(!process.env.TEST_REDIS_URL)('counts in Redis when REDIS_URL is set', async () => {
    const result = await statuses(await twoServers({ REDIS_URL: process.env.TEST_REDIS_URL! }), LIMIT + 2);
    expect(result.slice(0, LIMIT).every((s) => s !== 429)).toBe(true);
    expect(result.slice(LIMIT)).toEqual([429, 429]);
  });
});

describe("the database store's counters", () => {
  it('hands out every number of a window once, however increments from two servers interleave in batches', async () => {
    const server = await startTestServer();
    try {
      const servers = [new WindowBatcher(server.ctx.db), new WindowBatcher(server.ctx.db)];
      const keys = [`k-${randomInt(1e9)}`, `k-${randomInt(1e9)}`, `k-${randomInt(1e9)}`];
      const counted = new Map<string, number[]>(keys.map((key) => [key, []]));
      const increments = Array.from({ length: 60 }, (_, i) => {
        const key = keys[i % keys.length]!;
        return new Promise<void>((resolve, reject) =>
          servers[i % 2]!.increment(key, 60_000, (error, result) => {
            if (error || !result) return reject(error ?? new Error('no count'));
            expect(result.ttl).toBeGreaterThan(0);
            expect(result.ttl).toBeLessThanOrEqual(60_000);
            counted.get(key)!.push(result.current);
            resolve();
          }),
        );
      });
      await Promise.all(increments);
      for (const numbers of counted.values())
        expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      // One server's increments of a key get their numbers in the order they were asked for.
      const [first] = keys;
      const next = await new Promise<number>((resolve) =>
        servers[0]!.increment(first!, 60_000, (_error, result) => resolve(result!.current)),
      );
      expect(next).toBe(21);
    } finally {
      await server.close();
    }
  });

  it('starts a window again once it has expired', async () => {
    const server = await startTestServer();
    try {
      const batcher = new WindowBatcher(server.ctx.db);
      const key = `short-${randomInt(1e9)}`;
      const count = () =>
        new Promise<number>((resolve, reject) =>
          batcher.increment(key, 1_000, (error, result) => (error ? reject(error) : resolve(result!.current))),
        );
      expect(await Promise.all([count(), count(), count()])).toEqual([1, 2, 3]);
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect(await count()).toBe(1);
    } finally {
      await server.close();
    }
  });
});
