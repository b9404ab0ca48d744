// Who may call the AI and key endpoints (a live user session only) and what a bad request gets: a 400
// JSON error naming the problem, never a 500, and never a provider call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, signIn, startAiTestBed, type AiTestBed } from './ai-support';
import { signedInClient } from '../../test/kit/test-server';

let bed: AiTestBed;
let token: string;

beforeAll(async () => {
  bed = await startAiTestBed();
  ({ token } = await signIn(bed.server));
});
afterAll(async () => bed?.close());

const validBodies: Record<string, unknown> = {
  'POST /ai/expand': { idea: 'Start a garden' },
  'POST /ai/conversation': { messages: [{ role: 'user', content: 'hi' }], readyForPlan: false },
  'POST /ai/chat': { messages: [{ role: 'user', content: 'hi' }] },
  'POST /ai/action-items': {
    noteId: '0b6f0a51-3a3f-4b6e-9a37-1c0d2f1e2a3b',
    title: 'Party',
    text: 'Book the venue',
    today: '2026-03-24',
    timeZone: 'UTC',
  },
  'GET /ai/status': undefined,
  'PUT /ai/key': { apiKey: 'sk-or-v1-0123456789abcdef' },
  'DELETE /ai/key': undefined,
  'DELETE /account': { current_password: 'whatever it is' },
};

function call(route: string, authorization: string | null) {
  const [method, path] = route.split(' ') as [string, string];
  const body = validBodies[route];
  const headers: Record<string, string> = {};
  if (authorization) headers.Authorization = authorization;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return fetch(`${bed.server.url}/api${path}`, {
    method,
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
}

describe('a signed-in user is required', () => {
  const routes = Object.keys(validBodies);

  it.each(routes)('%s: no token → 401', async (route) => {
    const response = await call(route, null);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
    expect(await response.json()).toEqual({ error: 'unauthorized', message: 'Sign in to use this feature.' });
  });

  it.each(routes)('%s: the anon key alone → 401', async (route) => {
    const response = await call(route, `Bearer ${bed.server.anonKey}`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'unauthorized', message: 'Sign in to use this feature.' });
  });

  it.each(routes)('%s: a forged or malformed token → 401', async (route) => {
    const [header, payload] = token.split('.');
    for (const bad of [`${header}.${payload}.forged-signature`, 'not-a-jwt']) {
      const response = await call(route, `Bearer ${bad}`);
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ error: 'unauthorized' });
    }
  });

  it.each(routes)('%s: a signed-out session → 401 at once', async (route) => {
    const { client, session } = await signInWithClient();
    await client.auth.signOut({ scope: 'local' });
    const response = await call(route, `Bearer ${session.access_token}`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: 'unauthorized',
      message: 'Your session has ended. Please sign in again.',
    });
  });

  it('made no provider call for any refused request', () => {
    expect(bed.fake.requests).toHaveLength(0);
  });

  it('GET /api/openrouter-key is public', async () => {
    const response = await fetch(`${bed.server.url}/api/openrouter-key`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ available: true, source: 'server', last4: null });
  });
});

function signInWithClient() {
  return signedInClient(bed.server);
}

describe('validation', () => {
  const cases: [string, string, unknown, RegExp][] = [
    ['/ai/expand', 'no idea', {}, /^idea: /],
    ['/ai/expand', 'a blank idea', { idea: '   ' }, /^idea: the idea must not be blank$/],
    ['/ai/expand', 'an idea that is not text', { idea: 42 }, /^idea: /],
    ['/ai/expand', 'an idea that is too long', { idea: 'x'.repeat(20_001) }, /^idea: /],
    ['/ai/expand', 'an array body', [1, 2], /invalid|expected/i],
    ['/ai/conversation', 'no messages', { readyForPlan: true }, /^messages: /],
    ['/ai/conversation', 'an empty message list', { messages: [] }, /^messages: at least one message is required$/],
    [
      '/ai/conversation',
      'only system messages',
      { messages: [{ role: 'system', content: 'x' }] },
      /at least one user message with text/,
    ],
    ['/ai/conversation', 'an unknown role', { messages: [{ role: 'wizard', content: 'x' }] }, /^messages\.0\.role: /],
    [
      '/ai/conversation',
      'readyForPlan that is not a boolean',
      { messages: [{ role: 'user', content: 'x' }], readyForPlan: 'yes' },
      /^readyForPlan: /,
    ],
    [
      '/ai/conversation',
      'too many messages',
      { messages: Array.from({ length: 201 }, () => ({ role: 'user', content: 'x' })) },
      /at most 200 messages/,
    ],
    [
      '/ai/chat',
      'a message that is too long',
      { messages: [{ role: 'user', content: 'x'.repeat(50_001) }] },
      /^messages\.0\.content: /,
    ],
    // The prompt's context comes from the account: a body carrying it, or anything unknown, is refused.
    [
      '/ai/chat',
      'a profile',
      { messages: [{ role: 'user', content: 'x' }], profile: { name: 'Ada' } },
      /Unrecognized key.*profile/,
    ],
    [
      '/ai/conversation',
      'preferences',
      { messages: [{ role: 'user', content: 'x' }], preferences: { tone: 'calm' } },
      /Unrecognized key.*preferences/,
    ],
    ['/ai/expand', 'an unknown field', { idea: 'x', surprise: true }, /Unrecognized key.*surprise/],
    [
      '/ai/chat',
      'a message with an extra field',
      { messages: [{ role: 'user', content: 'x', name: 'sys' }] },
      /^messages\.0: Unrecognized key/,
    ],
    [
      '/ai/chat',
      'note content that is not text',
      { messages: [{ role: 'user', content: 'x' }], noteContent: { a: 1 } },
      /^noteContent: /,
    ],
  ];

  it.each(cases)('%s with %s → 400', async (path, _what, body, message) => {
    const response = await api(bed.server, path, token, { body });
    expect(response.status).toBe(400);
    const json = (await response.json()) as { error: string; message: string };
    expect(json.error).toBe('invalid_request');
    expect(json.message).toMatch(message);
  });

  it('refuses a body that is not JSON', async () => {
    const response = await api(bed.server, '/ai/chat', token, { body: '{"messages": [' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'invalid_json', message: 'The request body is not valid JSON.' });
  });

  it('refuses a body that is not JSON by its content type', async () => {
    const send = (type: string) =>
      fetch(`${bed.server.url}/api/ai/expand`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': type },
        body: 'Start a garden',
      });
    const xml = await send('application/xml');
    expect(xml.status).toBe(415);
    expect(await xml.json()).toMatchObject({ error: 'unsupported_media_type' });
    // Plain text is read as a string, which is not a valid body.
    const text = await send('text/plain');
    expect(text.status).toBe(400);
    expect(await text.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('refuses a body over the limit', async () => {
    const response = await api(bed.server, '/ai/expand', token, {
      body: { idea: 'x', padding: 'y'.repeat(1_100_000) },
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: 'payload_too_large' });
  });

  it('made no provider call for any invalid request', () => {
    expect(bed.fake.requests).toHaveLength(0);
  });
});
