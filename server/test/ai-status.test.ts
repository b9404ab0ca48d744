// GET /api/ai/status, the connection test: lists the provider's models with the key in use and answers
// `{ ok, message, models, source }`, with a `code` (and the provider's `status`) when it failed, and the
// assistant's use of the user's notes: `assistant: { enabled, model, indexedNotes, ... }`.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, signIn, startAiTestBed, type AiTestBed } from './ai-support';

let bed: AiTestBed;
let token: string;

beforeAll(async () => {
  bed = await startAiTestBed({ serverKey: 'sk-or-v1-server-key-for-status' });
  ({ token } = await signIn(bed.server));
});
afterAll(async () => bed?.close());
afterEach(() => bed.fake.reset());

const status = async () => {
  const response = await api(bed.server, '/ai/status', token);
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-store');
  const { assistant, ...connection } = (await response.json()) as Record<string, unknown>;
  expect(assistant).toMatchObject({ enabled: false, model: 'openai/text-embedding-3-small', indexedNotes: 0 });
  return connection;
};

describe('GET /api/ai/status', () => {
  it('reports success with the number of models', async () => {
    expect(await status()).toEqual({
      ok: true,
      message: 'Successfully connected to OpenRouter API',
      models: 3,
      source: 'server',
    });
    const request = bed.fake.requests[0]!;
    expect(request).toMatchObject({ method: 'GET', path: '/v1/models' });
    expect(request.headers.authorization).toBe('Bearer sk-or-v1-server-key-for-status');
  });

  it("says which embedding model reads the user's notes, and how many it has indexed", async () => {
    await api(bed.server, '/assistant/settings', token, { method: 'PUT', body: { enabled: true } });
    await bed.server.app.assistant.indexer.runOnce();
    const response = await api(bed.server, '/ai/status', token);
    expect(((await response.json()) as { assistant: unknown }).assistant).toEqual({
      enabled: true,
      leaveOutArchived: false,
      model: 'openai/text-embedding-3-small',
      indexedNotes: 0,
      pendingNotes: 0,
    });
    await api(bed.server, '/assistant/settings', token, { method: 'PUT', body: { enabled: false } });
  });

  it('counts whatever the provider lists', async () => {
    bed.fake.script({ kind: 'models', ids: ['a', 'b', 'c', 'd', 'e'] });
    expect(await status()).toMatchObject({ ok: true, models: 5 });
  });

  it.each([
    [401, 'invalid_api_key'],
    [429, 'rate_limited'],
    [500, 'provider_error'],
    [503, 'provider_error'],
  ])(
    'reports a %s as "Connection test failed: {status} {body}", and whether the fallback would answer',
    async (code, expected) => {
      bed.fake.script({ kind: 'error', status: code, body: `status ${code} body`, endpoint: 'models' });
      expect(await status()).toEqual({
        ok: false,
        code: expected,
        status: code,
        message: `Connection test failed: ${code} status ${code} body`,
        fallback: code >= 500,
        models: 0,
        source: 'server',
      });
    },
  );

  it("quotes the provider's own sentence, not its JSON", async () => {
    bed.fake.script({ kind: 'error', status: 500, endpoint: 'models' });
    expect(await status()).toMatchObject({ message: 'Connection test failed: 500 Internal Server Error' });
  });

  it('reports a body that is not a models list', async () => {
    bed.fake.script({ kind: 'garbage', endpoint: 'models' });
    expect(await status()).toMatchObject({
      ok: false,
      code: 'invalid_response',
      message: 'Connection test failed: Invalid response from AI service.',
    });
    bed.fake.script({ kind: 'garbage', body: '{"object":"list"}', endpoint: 'models' });
    expect(await status()).toMatchObject({ ok: false, code: 'invalid_response' });
  });
});
