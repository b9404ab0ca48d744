// Users' own provider keys: stored encrypted (AES-256-GCM, user id as additional data), write-only
// (only the last 4 characters come back), used only for their owner, and never in any response. The
// server's secret, when set, wins.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptApiKey } from '../src/ai/key-store';
import { api, lastEvent, signIn, startAiTestBed, streamTurn, type AiTestBed } from './ai-support';

/** /api/ai/status's connection test, without the assistant's status beside it (ai-status.test.ts checks that). */
function connectionOf(body: unknown): unknown {
  const { assistant: _assistant, ...connection } = body as Record<string, unknown>;
  return connection;
}

const KEY_A = 'sk-or-v1-user-a-secret-0123456789-WXYZ';
const KEY_B = 'sk-or-v1-user-b-secret-9876543210-QRST';
const SERVER_KEY = 'sk-or-v1-server-secret-5555555555-SRVR';
const SECRETS = [KEY_A, KEY_B, SERVER_KEY, KEY_A.slice(0, -4), KEY_B.slice(0, -4)];

// Every response from our servers, headers and body, to check no key ever appears in one.
const seen: { url: string; text: string }[] = [];
const realFetch = globalThis.fetch;
const servers: string[] = [];

beforeAll(() => {
  globalThis.fetch = async (input, init) => {
    const response = await realFetch(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (servers.some((s) => url.startsWith(s))) {
      const body = await response.clone().text();
      seen.push({ url, text: `${[...response.headers].map(([k, v]) => `${k}: ${v}`).join('\n')}\n\n${body}` });
    }
    return response;
  };
});
afterAll(() => {
  globalThis.fetch = realFetch;
});

const put = (bed: AiTestBed, token: string, apiKey: unknown) =>
  api(bed.server, '/ai/key', token, { method: 'PUT', body: { apiKey } });
const keyStatus = async (bed: AiTestBed, token: string | null) =>
  (await api(bed.server, '/openrouter-key', token)).json();

describe('without a server key', () => {
  let bed: AiTestBed;
  let a: { token: string; userId: string };
  let b: { token: string; userId: string };

  beforeAll(async () => {
    bed = await startAiTestBed({ serverKey: null });
    servers.push(bed.server.url);
    a = await signIn(bed.server);
    b = await signIn(bed.server);
  });
  afterAll(async () => bed?.close());

  it('reports no key, and the AI endpoints ask for one before streaming', async () => {
    expect(await keyStatus(bed, null)).toEqual({ available: false, source: null, last4: null });
    expect(await keyStatus(bed, a.token)).toEqual({ available: false, source: null, last4: null });
    for (const [path, body] of [
      ['/ai/expand', { idea: 'x' }],
      ['/ai/conversation', { messages: [{ role: 'user', content: 'x' }] }],
      ['/ai/chat', { messages: [{ role: 'user', content: 'x' }] }],
    ] as const) {
      const response = await api(bed.server, path, a.token, { body });
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(await response.json()).toEqual({ error: 'api_key_required', message: 'API key required' });
    }
    const status = await api(bed.server, '/ai/status', a.token);
    expect(status.status).toBe(200);
    expect(connectionOf(await status.json())).toEqual({
      ok: false,
      code: 'api_key_required',
      message: 'API key required',
      models: 0,
      source: null,
    });
    expect(bed.fake.requests).toHaveLength(0);
  });

  it('stores a key and shows only its last 4 characters, to its owner only', async () => {
    const response = await put(bed, a.token, `  ${KEY_A}  `);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ available: true, source: 'user', last4: 'WXYZ' });
    expect(await keyStatus(bed, a.token)).toEqual({ available: true, source: 'user', last4: 'WXYZ' });
    expect(await keyStatus(bed, b.token)).toEqual({ available: false, source: null, last4: null });
    expect(await keyStatus(bed, null)).toEqual({ available: false, source: null, last4: null });
  });

  it('keeps no plaintext in the database', async () => {
    const rows = await bed.server.ctx.db.selectFrom('private.user_ai_keys').selectAll().execute();
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.user_id).toBe(a.userId);
    expect(row.last4).toBe('WXYZ');
    expect(row.key_id).toBe(bed.server.ctx.encryptionKeyId);
    expect(Buffer.from(row.iv, 'base64')).toHaveLength(12);
    expect(Buffer.from(row.auth_tag, 'base64')).toHaveLength(16);
    const dump = JSON.stringify(row);
    for (const secret of SECRETS) expect(dump).not.toContain(secret);
    expect(dump).not.toContain(Buffer.from(KEY_A).toString('base64'));
    const sealed = { ciphertext: row.ciphertext, iv: row.iv, authTag: row.auth_tag };
    expect(decryptApiKey(sealed, bed.server.ctx.encryptionKey, a.userId)).toBe(KEY_A);
    // The user id is bound in: the row cannot be moved to another user.
    expect(() => decryptApiKey(sealed, bed.server.ctx.encryptionKey, b.userId)).toThrow();
  });

  it("uses the owner's key for the owner's calls, and nobody else's", async () => {
    const { events } = await streamTurn(bed.server, '/ai/chat', a.token, {
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(lastEvent(events)?.event).toBe('done');
    expect(bed.fake.requests[0]?.headers.authorization).toBe(`Bearer ${KEY_A}`);
    const other = await api(bed.server, '/ai/chat', b.token, { body: { messages: [{ role: 'user', content: 'hi' }] } });
    expect(other.status).toBe(400);
    expect(await other.json()).toMatchObject({ error: 'api_key_required' });
    expect(bed.fake.requests).toHaveLength(1);
  });

  it('tests the connection with the key in use', async () => {
    const response = await api(bed.server, '/ai/status', a.token);
    expect(connectionOf(await response.json())).toEqual({
      ok: true,
      message: 'Successfully connected to OpenRouter API',
      models: 3,
      source: 'user',
    });
    expect(bed.fake.requests.at(-1)?.headers.authorization).toBe(`Bearer ${KEY_A}`);
  });

  it('replaces the key on a second PUT', async () => {
    expect(await (await put(bed, b.token, KEY_B)).json()).toEqual({ available: true, source: 'user', last4: 'QRST' });
    expect(await (await put(bed, b.token, `${KEY_B}X`)).json()).toMatchObject({ last4: 'QRSTX'.slice(-4) });
    expect(
      await bed.server.ctx.db
        .selectFrom('private.user_ai_keys')
        .select('user_id')
        .where('user_id', '=', b.userId)
        .execute(),
    ).toHaveLength(1);
    await put(bed, b.token, KEY_B);
  });

  it('shows no last 4 for a short key', async () => {
    const { token } = await signIn(bed.server);
    expect(await (await put(bed, token, 'ollama')).json()).toEqual({ available: true, source: 'user', last4: null });
  });

  it.each([
    ['a missing key', undefined, 'apiKey: '],
    ['a blank key', '   ', 'apiKey: Please enter an API key'],
    ['a key with a space inside', 'sk-or v1', 'apiKey: the key must not contain spaces or unusual characters'],
    ['a key with a line break', 'sk-or\nv1', 'apiKey: the key must not contain spaces or unusual characters'],
    ['a key that is too long', 'k'.repeat(501), 'apiKey: the key must be at most 500 characters'],
    ['a key that is not text', 12345, 'apiKey: '],
  ])('refuses %s', async (_what, apiKey, message) => {
    const response = await put(bed, a.token, apiKey);
    expect(response.status).toBe(400);
    const json = (await response.json()) as { error: string; message: string };
    expect(json.error).toBe('invalid_request');
    expect(json.message.startsWith(message)).toBe(true);
    expect(await keyStatus(bed, a.token)).toMatchObject({ last4: 'WXYZ' });
  });

  it('maps a rejected user key to the invalid-key message without quoting it', async () => {
    const { token } = await signIn(bed.server);
    const badKey = 'bad-key-of-this-user-0000-ABCD';
    await put(bed, token, badKey);
    const { events } = await streamTurn(bed.server, '/ai/expand', token, { idea: 'x' });
    // The user's own key failed: the message says to check it.
    expect(events).toEqual([
      {
        event: 'error',
        data: {
          status: 401,
          code: 'invalid_key',
          keySource: 'user',
          message: 'Invalid API key. Please check your OpenRouter API key.',
          requestId: expect.any(String),
        },
      },
    ]);
    const status = (await (await api(bed.server, '/ai/status', token)).json()) as Record<string, unknown>;
    expect(status).toMatchObject({ ok: false, code: 'invalid_api_key', status: 401, models: 0, source: 'user' });
    expect(status.message).toBe('Connection test failed: 401 User not found.');
    expect(JSON.stringify(seen)).not.toContain(badKey);
  });

  it('redacts the key when a provider error echoes it', async () => {
    bed.fake.script({ kind: 'error', status: 403, body: { error: { message: `Key ${KEY_A} has no credits` } } });
    const { events } = await streamTurn(bed.server, '/ai/chat', a.token, {
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(lastEvent(events)?.data.message).toBe(
      'API Error (403): Your OpenRouter API key is not allowed to use this model or has no credits left.',
    );
    bed.fake.script({ kind: 'error', status: 500, body: `upstream rejected ${KEY_A}`, endpoint: 'models' });
    const status = (await (await api(bed.server, '/ai/status', a.token)).json()) as Record<string, unknown>;
    expect(status).toMatchObject({
      ok: false,
      code: 'provider_error',
      message: 'Connection test failed: 500 upstream rejected [redacted]',
    });
  });

  it('ignores a stored key it cannot decrypt (tampered, or made with another ENCRYPTION_KEY)', async () => {
    const { token, userId } = await signIn(bed.server);
    await put(bed, token, 'sk-or-v1-tamper-target-0000-TTTT');
    const db = bed.server.ctx.db;
    const row = await db
      .selectFrom('private.user_ai_keys')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    const flipped = Buffer.from(row.ciphertext, 'base64');
    flipped[0] = (flipped[0] ?? 0) ^ 0xff;
    await db
      .updateTable('private.user_ai_keys')
      .set({ ciphertext: flipped.toString('base64') })
      .where('user_id', '=', userId)
      .execute();
    expect(await keyStatus(bed, token)).toEqual({ available: false, source: null, last4: null });
    expect((await api(bed.server, '/ai/expand', token, { body: { idea: 'x' } })).status).toBe(400);

    await put(bed, token, 'sk-or-v1-rotated-key-0000-RRRR');
    await db
      .updateTable('private.user_ai_keys')
      .set({ key_id: 'an-older-key' })
      .where('user_id', '=', userId)
      .execute();
    expect(await keyStatus(bed, token)).toEqual({ available: false, source: null, last4: null });
  });

  it('deletes the key', async () => {
    const response = await api(bed.server, '/ai/key', a.token, { method: 'DELETE' });
    expect(response.status).toBe(204);
    expect(await keyStatus(bed, a.token)).toEqual({ available: false, source: null, last4: null });
    expect((await api(bed.server, '/ai/expand', a.token, { body: { idea: 'x' } })).status).toBe(400);
    expect((await api(bed.server, '/ai/key', a.token, { method: 'DELETE' })).status).toBe(204);
    // B's key is untouched.
    expect(await keyStatus(bed, b.token)).toMatchObject({ source: 'user', last4: 'QRST' });
  });
});

describe('with a server key', () => {
  let bed: AiTestBed;

  beforeAll(async () => {
    bed = await startAiTestBed({ serverKey: SERVER_KEY });
    servers.push(bed.server.url);
  });
  afterAll(async () => bed?.close());

  it("refuses a user's own key, which would never be used, and uses the server key", async () => {
    const { token } = await signIn(bed.server);
    expect(await keyStatus(bed, null)).toEqual({ available: true, source: 'server', last4: null });
    const refused = await put(bed, token, KEY_A);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      error: 'server_key_in_use',
      message: 'This server provides the OpenRouter API key; your own key is not needed.',
    });
    expect(await keyStatus(bed, token)).toEqual({ available: true, source: 'server', last4: null });
    await streamTurn(bed.server, '/ai/expand', token, { idea: 'x' });
    expect(bed.fake.requests[0]?.headers.authorization).toBe(`Bearer ${SERVER_KEY}`);
    expect(await (await api(bed.server, '/ai/status', token)).json()).toMatchObject({ ok: true, source: 'server' });
  });
});

describe('no key in any response', () => {
  it('never sent a key, or most of one, in any response header or body', () => {
    expect(seen.length).toBeGreaterThan(30);
    for (const { url, text } of seen) {
      for (const secret of SECRETS) {
        if (text.includes(secret)) throw new Error(`a key appeared in the response to ${url}`);
      }
    }
  });
});
