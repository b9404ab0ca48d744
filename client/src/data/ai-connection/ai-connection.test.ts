// The shared connection status: the spec's states and messages, one test at a time, kept per user.
// The test's two inputs (the status endpoint, the provider's name) are given; nothing is mocked.
import { QueryObserver, type QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import {
  aiConnectionQuery,
  AI_CONNECTION_KEY,
  connectionSnapshot,
  testAiConnection,
  type ConnectionTestDeps,
} from './ai-connection';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let client: QueryClient;
let statusReply: () => Promise<Response>;
const fetchStatus = vi.fn(() => statusReply());
const deps = (): ConnectionTestDeps => ({ fetchStatus, providerName: async () => 'OpenRouter' });
const test = (userId: string) => testAiConnection(client, userId, deps);
const statusOf = (userId: string) =>
  connectionSnapshot(new QueryObserver(client, aiConnectionQuery(userId, deps)).getCurrentResult());

beforeEach(() => {
  client = createQueryClient();
  fetchStatus.mockClear();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  client.clear();
  vi.restoreAllMocks();
});

describe('testAiConnection', () => {
  it('goes untested → connecting → connected with the models count, for that user only', async () => {
    statusReply = () =>
      Promise.resolve(
        json({ ok: true, message: 'Successfully connected to OpenRouter API', models: 3, source: 'user' }),
      );
    const observer = new QueryObserver(client, aiConnectionQuery('u1', deps));
    const seen: string[] = [];
    const off = observer.subscribe((result) => seen.push(connectionSnapshot(result).status));
    expect(statusOf('u1').status).toBe('untested');
    const outcome = await test('u1');
    await vi.waitFor(() => expect(seen.at(-1)).toBe('connected'));
    off();
    expect(seen).toEqual(['connecting', 'connected']);
    expect(outcome).toMatchObject({
      status: 'connected',
      message: 'Successfully connected to OpenRouter API',
      detail: 'Successfully connected to OpenRouter API',
      models: 3,
      source: 'user',
      keyRequired: false,
    });
    expect(statusOf('u1').status).toBe('connected');
    expect(statusOf('u2').status).toBe('untested');
  });

  it('keeps the last outcome while a new test runs, marked connecting', async () => {
    statusReply = () =>
      Promise.resolve(
        json({ ok: false, code: 'timeout', message: 'Connection test failed: timeout', models: 0, source: 'server' }),
      );
    const first = await test('u1');
    let release!: (response: Response) => void;
    statusReply = () => new Promise((resolve) => (release = resolve));
    const second = test('u1');
    expect(statusOf('u1')).toMatchObject({ status: 'connecting', testedAt: first.testedAt, message: first.message });
    await vi.waitFor(() => expect(release).toBeDefined());
    release(json({ ok: true, message: 'Successfully connected to OpenRouter API', models: 1, source: 'server' }));
    expect((await second).status).toBe('connected');
  });

  it('reports a missing key as keyRequired', async () => {
    statusReply = () =>
      Promise.resolve(
        json({ ok: false, code: 'api_key_required', message: 'API key required', models: 0, source: null }),
      );
    expect(await test('u1')).toMatchObject({
      status: 'failed',
      keyRequired: true,
      detail: 'No OpenRouter API key is set up yet. Add your API key to use the AI assistant.',
    });
  });

  it("turns a refused key into 'appears to be invalid'", async () => {
    statusReply = () =>
      Promise.resolve(
        json({
          ok: false,
          code: 'invalid_api_key',
          status: 401,
          message: 'Connection test failed: 401 {"error":{"message":"User not found."}}',
          models: 0,
          source: 'user',
        }),
      );
    expect(await test('u1')).toMatchObject({
      status: 'failed',
      detail: 'Your OpenRouter API key appears to be invalid.',
      keyRequired: false,
    });
  });

  it('fails without promising the fallback when our server cannot be reached or ends the session', async () => {
    statusReply = () => Promise.reject(new TypeError('Failed to fetch'));
    expect(await test('u1')).toMatchObject({ status: 'failed', detail: 'Failed to connect to OpenRouter API.' });
    statusReply = () => Promise.resolve(json({ error: 'unauthorized', message: 'no' }, 401));
    expect(await test('u1')).toMatchObject({ status: 'failed', detail: 'Failed to connect to OpenRouter API.' });
  });

  it('shares a test already running', async () => {
    let release!: (response: Response) => void;
    statusReply = () => new Promise((resolve) => (release = resolve));
    const first = test('u1');
    const second = test('u1');
    await vi.waitFor(() => expect(release).toBeDefined());
    release(json({ ok: true, message: 'Successfully connected to OpenRouter API', models: 1, source: 'server' }));
    expect((await first).status).toBe('connected');
    expect(await second).toBe(await first);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
  });

  it('is untested again after a reset (a key saved or removed)', async () => {
    statusReply = () =>
      Promise.resolve(
        json({ ok: true, message: 'Successfully connected to OpenRouter API', models: 1, source: 'server' }),
      );
    await test('u1');
    await client.resetQueries({ queryKey: AI_CONNECTION_KEY });
    expect(statusOf('u1').status).toBe('untested');
  });
});
