// Timeouts and unreachable providers: a slow first byte past AI_TIMEOUT_MS switches to the fallback, a
// stream that stalls after some text ends incomplete, and a provider that cannot be reached at all ends
// with a clear message once the fallback has failed too.
import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_FALLBACK_REPLY } from '../../test/kit/fake-ai-provider-replies';
import { fallbackClock } from '../src/ai/fallback';
import { lastEvent, signIn, startAiTestBed, streamTurn, type AiTestBed } from './ai-support';
import { startTestServer, type TestServer } from '../../test/kit/test-server';

const TIMEOUT_MS = 300;
let bed: AiTestBed;
let token: string;
const chat = { messages: [{ role: 'user', content: 'Plan my week' }] };
const spies: { mockRestore(): void }[] = [];

beforeAll(async () => {
  bed = await startAiTestBed({ env: { AI_TIMEOUT_MS: String(TIMEOUT_MS) } });
  ({ token } = await signIn(bed.server));
});
afterAll(async () => bed?.close());
afterEach(() => {
  bed.fake.reset();
  for (const spy of spies.splice(0)) spy.mockRestore();
});

function instantFallbackClock(): number[] {
  const delays: number[] = [];
  spies.push(vi.spyOn(fallbackClock, 'sleep').mockImplementation(async (ms) => void delays.push(ms)));
  return delays;
}

describe('AI_TIMEOUT_MS', () => {
  it('gives up on a slow first byte and answers with the fallback', async () => {
    instantFallbackClock();
    bed.fake.script({ kind: 'text', text: 'too late', firstByteDelayMs: 3_000 });
    const { events } = await streamTurn(bed.server, '/ai/chat', token, chat);
    expect(events).toEqual([
      { event: 'delta', data: { text: DEFAULT_FALLBACK_REPLY } },
      { event: 'done', data: { text: DEFAULT_FALLBACK_REPLY, usingFallback: true } },
    ]);
    // The slow request was abandoned, not left running.
    await bed.fake.waitFor((requests) => requests[0]?.closedEarly === true);
    expect(bed.fake.requests[1]?.flavour).toBe('fallback');
  });

  it('reports a timeout when the fallback times out as well, after 3 attempts', async () => {
    const delays = instantFallbackClock();
    const slow = { kind: 'default', firstByteDelayMs: 3_000 } as const;
    bed.fake.script(slow, slow, slow, slow);
    const { events } = await streamTurn(bed.server, '/ai/chat', token, chat);
    expect(events).toEqual([
      {
        event: 'error',
        data: {
          status: 504,
          code: 'timeout',
          message: 'The OpenRouter API did not respond in time. Please try again.',
          requestId: expect.any(String),
        },
      },
    ]);
    expect(bed.fake.requests).toHaveLength(4);
    expect(delays).toHaveLength(2);
  });

  it('ends a stream that stalls after some text as incomplete, keeping the partial text', async () => {
    bed.fake.script({ kind: 'text', deltas: ['Step one, ', 'step two'], chunkDelayMs: 3_000 });
    const { events } = await streamTurn(bed.server, '/ai/chat', token, chat);
    expect(events).toEqual([
      { event: 'delta', data: { text: 'Step one, ' } },
      {
        event: 'error',
        data: {
          status: 504,
          code: 'interrupted',
          message: 'The OpenRouter API stopped responding. The reply is incomplete.',
          partial: 'Step one, ',
          incomplete: true,
          requestId: expect.any(String),
        },
      },
    ]);
    expect(bed.fake.requests).toHaveLength(1);
  });
});

describe('an unreachable provider', () => {
  let server: TestServer;
  let serverToken: string;

  beforeAll(async () => {
    const port = await closedPort();
    server = await startTestServer({
      AI_BASE_URL: `http://127.0.0.1:${port}/v1`,
      OPENROUTER_API_KEY: 'sk-unreachable-0000',
    });
    ({ token: serverToken } = await signIn(server));
  });
  afterAll(async () => server?.close());

  it('tries the fallback 3 times, then says it could not connect', async () => {
    const delays = instantFallbackClock();
    const { response, events } = await streamTurn(server, '/ai/conversation', serverToken, {
      ...chat,
      readyForPlan: false,
    });
    expect(response.status).toBe(200);
    expect(lastEvent(events)).toEqual({
      event: 'error',
      data: {
        status: 502,
        code: 'connection',
        message: 'Could not connect to the OpenRouter API. Please check the connection and try again.',
        requestId: expect.any(String),
      },
    });
    expect(events).toHaveLength(1);
    expect(delays).toHaveLength(2);
  });

  it('reports a failed connection test', async () => {
    const response = await fetch(`${server.url}/api/ai/status`, {
      headers: { Authorization: `Bearer ${serverToken}` },
    });
    const { assistant: _assistant, ...connection } = (await response.json()) as Record<string, unknown>;
    expect(connection).toEqual({
      ok: false,
      code: 'connection_error',
      message: 'Connection test failed: could not connect to the OpenRouter API.',
      fallback: true,
      models: 0,
      source: 'server',
    });
  });
});

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
