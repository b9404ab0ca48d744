// The shared connection status: one test at a time, the spec's states and messages, scoped per user.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAiConnection, resetAiConnection, subscribeAiConnection, testAiConnection } from './ai-connection-store';

vi.mock('../../lib/authorized-fetch', () => ({ authorizedFetch: (path: string) => fetch(path) }));

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let statusReply: () => Promise<Response>;
beforeEach(() => {
  resetAiConnection();
  vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
    const url = String(input);
    if (url.endsWith('/api/config')) return Promise.resolve(json({ providerName: 'OpenRouter' }));
    return statusReply();
  });
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('testAiConnection', () => {
  it('goes untested → connecting → connected with the models count', async () => {
    statusReply = () => Promise.resolve(json({ ok: true, message: 'Successfully connected to OpenRouter API', models: 3, source: 'user' }));
    const seen: string[] = [];
    const off = subscribeAiConnection(() => seen.push(getAiConnection('u1').status));
    expect(getAiConnection('u1').status).toBe('untested');
    const outcome = await testAiConnection('u1');
    off();
    expect(seen).toEqual(['connecting', 'connected']);
    expect(outcome).toMatchObject({ status: 'connected', message: 'Successfully connected to OpenRouter API', detail: 'Successfully connected to OpenRouter API', models: 3, source: 'user', keyRequired: false });
    expect(getAiConnection('u2').status).toBe('untested');
  });

  it('reports a missing key as keyRequired', async () => {
    statusReply = () => Promise.resolve(json({ ok: false, code: 'api_key_required', message: 'API key required', models: 0, source: null }));
    expect(await testAiConnection('u1')).toMatchObject({ status: 'failed', keyRequired: true });
  });

  it("turns a refused key into 'appears to be invalid'", async () => {
    statusReply = () =>
      Promise.resolve(json({ ok: false, code: 'invalid_api_key', status: 401, message: 'Connection test failed: 401 {"error":{"message":"User not found."}}', models: 0, source: 'user' }));
    expect(await testAiConnection('u1')).toMatchObject({ status: 'failed', detail: 'Your OpenRouter API key appears to be invalid.', keyRequired: false });
  });

  it('fails with the fallback detail when the server cannot be reached or ends the session', async () => {
    statusReply = () => Promise.reject(new TypeError('Failed to fetch'));
    expect(await testAiConnection('u1')).toMatchObject({ status: 'failed', detail: 'Failed to connect to OpenRouter API. Local AI will be used as fallback.' });
    statusReply = () => Promise.resolve(json({ error: 'unauthorized', message: 'no' }, 401));
    expect(await testAiConnection('u1')).toMatchObject({ status: 'failed', detail: 'Failed to connect to OpenRouter API. Local AI will be used as fallback.' });
  });

  it('shares a test already running', async () => {
    let release!: (response: Response) => void;
    statusReply = () => new Promise((resolve) => (release = resolve));
    const first = testAiConnection('u1');
    const second = testAiConnection('u1');
    expect(second).toBe(first);
    await vi.waitFor(() => expect(release).toBeDefined());
    release(json({ ok: true, message: 'Successfully connected to OpenRouter API', models: 1, source: 'server' }));
    expect((await first).status).toBe('connected');
  });
});
