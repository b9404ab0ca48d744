// The cross-user matrix (user A tries every verb and route on user B's rows, session, profile, key and
// account) and the forged-token table (every way to fake a token, against every route that needs a user).
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAiProvider, type FakeAiProvider } from '../../../test/kit/fake-ai-provider';
import { buildNote, buildUser } from '../../../test/kit/factories';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../../../test/kit/test-server';
import { INTERNALS } from './support';

let server: TestServer;
let fake: FakeAiProvider;
interface Someone {
  token: string;
  refresh: string;
  userId: string;
  sessionId: string;
  email: string;
  noteId: string;
}
let a: Someone;
let b: Someone;

async function someone(): Promise<Someone> {
  const user = await buildUser(server);
  const note = await buildNote(user, { title: 'private', content: `secret of ${user.email}` });
  const claims = JSON.parse(Buffer.from(user.token.split('.')[1]!, 'base64url').toString()) as { session_id: string };
  return {
    token: user.token,
    refresh: user.session.refresh_token,
    userId: user.id,
    sessionId: claims.session_id,
    email: user.email,
    noteId: note.id,
  };
}

async function call(
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
  extra: Record<string, string> = {},
) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      apikey: server.anonKey,
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...extra,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  for (const { name, pattern } of INTERNALS)
    expect(pattern.test(text), `${name} in ${method} ${path}: ${text.slice(0, 200)}`).toBe(false);
  return { status: res.status, text };
}

/** B's state as B sees it: compared before and after the attacks. */
async function stateOfB() {
  const notes = await call('GET', '/rest/v1/notes?select=*&order=id', b.token);
  const user = await call('GET', '/auth/v1/user', b.token);
  const key = await call('GET', '/api/openrouter-key', b.token);
  return {
    notes: notes.text,
    user: JSON.parse(user.text).user_metadata as unknown,
    key: key.text,
    statuses: [notes.status, user.status, key.status],
  };
}

beforeAll(async () => {
  fake = await startFakeAiProvider();
  server = await startTestServer({ AI_BASE_URL: fake.url });
  a = await someone();
  b = await someone();
  expect((await call('PUT', '/api/ai/key', b.token, { apiKey: 'sk-or-v1-user-b-private-key-12345678' })).status).toBe(
    200,
  );
  expect((await call('PUT', '/auth/v1/user', b.token, { data: { name: 'B' } })).status).toBe(200);
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

describe('the cross-user matrix', () => {
  it("lets user A read, change, delete or take over none of user B's data, by any verb or route", async () => {
    const before = await stateOfB();
    expect(before.statuses).toEqual([200, 200, 200]);
    const at = '2024-06-01T00:00:00.000Z';
    const bRow = {
      id: b.noteId,
      user_id: a.userId,
      title: 'taken',
      content: 'x',
      is_checklist: false,
      created_at: at,
      updated_at: at,
    };
    const attempts: [string, string, unknown?, Record<string, string>?][] = [
      ['GET', `/rest/v1/notes?id=eq.${b.noteId}&select=*`],
      ['GET', `/rest/v1/notes?user_id=eq.${b.userId}`],
      ['GET', `/rest/v1/notes?id=in.(${b.noteId},${a.noteId})`],
      ['GET', `/rest/v1/notes?or=(user_id.eq.${b.userId})`],
      ['GET', `/rest/v1/notes?select=*&user_id=neq.${a.userId}`],
      ['HEAD', `/rest/v1/notes?id=eq.${b.noteId}`],
      ['GET', `/rest/v1/notes?id=eq.${b.noteId}`, undefined, { accept: 'application/vnd.pgrst.object+json' }],
      ['PATCH', `/rest/v1/notes?id=eq.${b.noteId}`, { title: 'changed by A' }],
      ['PATCH', `/rest/v1/notes?user_id=eq.${b.userId}`, { title: 'changed by A' }],
      ['PATCH', `/rest/v1/notes?id=eq.${a.noteId}`, { user_id: b.userId }],
      ['DELETE', `/rest/v1/notes?id=eq.${b.noteId}`],
      ['DELETE', `/rest/v1/notes?user_id=eq.${b.userId}`],
      ['POST', '/rest/v1/notes', bRow],
      ['POST', '/rest/v1/notes?on_conflict=id', bRow, { prefer: 'resolution=merge-duplicates,return=representation' }],
      ['POST', '/rest/v1/notes?on_conflict=id', bRow, { prefer: 'resolution=ignore-duplicates,return=representation' }],
      ['POST', '/rest/v1/notes', { ...bRow, id: randomUUID(), user_id: b.userId }],
      [
        'POST',
        '/rest/v1/notes?on_conflict=id',
        [{ ...bRow, id: a.noteId, user_id: a.userId }, bRow],
        { prefer: 'resolution=merge-duplicates' },
      ],
      ['PUT', '/auth/v1/user', { data: { name: 'A' }, email: b.email }],
      ['PUT', '/auth/v1/user', { password: 'a new password here', current_password: TEST_PASSWORD, id: b.userId }],
      ['POST', '/auth/v1/token?grant_type=refresh_token', { refresh_token: `${b.refresh.slice(0, -1)}x` }],
      ['DELETE', '/api/ai/key', undefined, { 'x-user-id': b.userId }],
      ['DELETE', '/api/account', { current_password: TEST_PASSWORD, user_id: b.userId }, {}],
    ];
    for (const [method, path, body, headers] of attempts) {
      const res = await call(method, path, a.token, body, headers);
      expect(res.status, `${method} ${path}`).toBeLessThan(500);
      expect(res.text, `${method} ${path}`).not.toContain(b.email);
      expect(res.text, `${method} ${path}`).not.toContain(b.userId);
      if (method === 'GET' && res.status === 200) expect(res.text).not.toContain(b.noteId);
    }
    // A's own account was deleted by the last attempt (A's password is the test password): B is untouched.
    expect(await stateOfB()).toEqual(before);
    const key = JSON.parse(before.key) as { source: string };
    expect(key.source).toBe('user');
  });

  it("ends only the caller's sessions on logout, whatever scope", async () => {
    const c = await someone();
    const d = await someone();
    expect((await call('POST', '/auth/v1/logout?scope=global', c.token)).status).toBe(204);
    expect((await call('GET', '/auth/v1/user', d.token)).status).toBe(200);
    expect((await call('GET', '/auth/v1/user', c.token)).status).toBe(403);
  });
});

describe('the forged-token table', () => {
  it('refuses every forged, altered, expired or misdirected token on every route that needs a user', async () => {
    const c = await someone();
    const d = await someone();
    const secret = new TextEncoder().encode(server.config.jwtSecret!);
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      sub: c.userId,
      aud: 'authenticated',
      role: 'authenticated',
      email: c.email,
      session_id: c.sessionId,
      user_metadata: {},
    };
    const sign = (
      payload: Record<string, unknown>,
      options: { alg?: string; key?: Uint8Array; iss?: string; exp?: number; iat?: number } = {},
    ) =>
      new SignJWT(payload)
        .setProtectedHeader({ alg: options.alg ?? 'HS256', typ: 'JWT' })
        .setIssuer(options.iss ?? 'sprout')
        .setIssuedAt(options.iat ?? now)
        .setExpirationTime(options.exp ?? now + 3600)
        .sign(options.key ?? secret);
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const [header, payload, signature] = c.token.split('.') as [string, string, string];
    const table: Record<string, string> = {
      'alg none': `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`,
      'alg none, no dot': `${b64({ alg: 'none', typ: 'JWT' })}.${payload}`,
      'wrong secret': await sign(claims, { key: new TextEncoder().encode('x'.repeat(48)) }),
      'HS512 with the right secret': await sign(claims, { alg: 'HS512' }),
      'payload altered (sub of another user)': `${header}.${b64({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: d.userId })}.${signature}`,
      'signature cut': `${header}.${payload}.`,
      'signature of zeros': `${header}.${payload}.${'A'.repeat(signature.length)}`,
      'RS256 header': `${b64({ alg: 'RS256', typ: 'JWT' })}.${payload}.${signature}`,
      expired: await sign(claims, { exp: now - 10, iat: now - 4000 }),
      'wrong issuer': await sign(claims, { iss: 'supabase' }),
      'role anon': await sign({ ...claims, role: 'anon' }),
      'role service_role': await sign({ ...claims, role: 'service_role' }),
      'aud wrong': await sign({ ...claims, aud: 'someone-else' }),
      'no session id': await sign({ ...claims, session_id: undefined }),
      "another user's session id": await sign({ ...claims, session_id: d.sessionId }),
      'sub of another user with own session': await sign({ ...claims, sub: d.userId }),
      'sub of nobody': await sign({ ...claims, sub: randomUUID() }),
      'the anon key': server.anonKey,
      'a refresh token': c.refresh,
      garbage: 'not-a-token',
      empty: '',
      'three dots': '...',
      huge: 'a'.repeat(10_000),
    };
    const routes: [string, string, unknown?][] = [
      ['GET', '/rest/v1/notes?select=*'],
      [
        'POST',
        '/rest/v1/notes',
        {
          id: randomUUID(),
          title: 'x',
          content: '',
          is_checklist: false,
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
        },
      ],
      ['PATCH', `/rest/v1/notes?id=eq.${c.noteId}`, { title: 'forged' }],
      ['DELETE', `/rest/v1/notes?id=eq.${c.noteId}`],
      ['GET', '/auth/v1/user'],
      ['PUT', '/auth/v1/user', { data: { forged: true } }],
      ['POST', '/auth/v1/logout'],
      ['GET', '/api/ai/status'],
      ['PUT', '/api/ai/key', { apiKey: 'sk-forged-key-000000' }],
      ['DELETE', '/api/ai/key'],
      ['POST', '/api/ai/expand', { idea: 'x' }],
      ['DELETE', '/api/account', { current_password: TEST_PASSWORD }],
    ];
    let checked = 0;
    for (const [name, token] of Object.entries(table)) {
      for (const [method, path, body] of routes) {
        const res = await call(method, path, token, body);
        expect([401, 403], `${name}: ${method} ${path} → ${res.status} ${res.text.slice(0, 120)}`).toContain(
          res.status,
        );
        checked += 1;
      }
    }
    console.info(
      `forged-token table: ${Object.keys(table).length} tokens x ${routes.length} routes = ${checked} refusals`,
    );
    // Nothing changed for the users the tokens named.
    expect((await call('GET', `/rest/v1/notes?id=eq.${c.noteId}&select=title,deleted_at`, c.token)).text).toBe(
      '[{"title":"private","deleted_at":null}]',
    );
    expect((await call('GET', '/auth/v1/user', d.token)).status).toBe(200);
  });
});
