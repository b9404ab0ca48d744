// The per-user AI rate limit (RATE_LIMIT_AI per RATE_LIMIT_AI_WINDOW_MS): one counter per user across
// every AI endpoint; other users and the key endpoints are unaffected.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, signIn, startAiTestBed, streamTurn, type AiTestBed } from './ai-support';

let bed: AiTestBed;

beforeAll(async () => {
  bed = await startAiTestBed({ env: { RATE_LIMIT_AI: '3', RATE_LIMIT_AI_WINDOW_MS: '60000' } });
});
afterAll(async () => bed?.close());

describe('per-user AI rate limit', () => {
  it('allows 3 AI calls per window across endpoints, then answers 429 with Retry-After', async () => {
    const { token } = await signIn(bed.server);
    expect((await api(bed.server, '/ai/status', token)).status).toBe(200);
    expect((await streamTurn(bed.server, '/ai/expand', token, { idea: 'Learn Spanish' })).response.status).toBe(200);
    expect(
      (await streamTurn(bed.server, '/ai/chat', token, { messages: [{ role: 'user', content: 'hi' }] })).response
        .status,
    ).toBe(200);
    const providerCalls = bed.fake.requests.length;

    const limited = await api(bed.server, '/ai/conversation', token, {
      body: { messages: [{ role: 'user', content: 'hi' }] },
    });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({
      error: 'rate_limited',
      message: 'Rate limit exceeded. Please try again later.',
    });
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await api(bed.server, '/ai/status', token)).status).toBe(429);
    // Refused before any provider call.
    expect(bed.fake.requests.length).toBe(providerCalls);

    // The key endpoints are not AI calls.
    expect((await api(bed.server, '/ai/key', token, { method: 'DELETE' })).status).toBe(204);
  });

  it('counts each user separately', async () => {
    const first = await signIn(bed.server);
    const second = await signIn(bed.server);
    for (let i = 0; i < 3; i++) expect((await api(bed.server, '/ai/status', first.token)).status).toBe(200);
    expect((await api(bed.server, '/ai/status', first.token)).status).toBe(429);
    expect((await api(bed.server, '/ai/status', second.token)).status).toBe(200);
  });

  it('answers an unauthenticated caller with 401, not 429', async () => {
    for (let i = 0; i < 5; i++) expect((await api(bed.server, '/ai/status', null)).status).toBe(401);
  });
});
