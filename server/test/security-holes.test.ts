// The reproductions of the adversarial review (issue 14), each now a clear 4xx or impossible: bad JSON
// values in auth bodies, secrets in logs, password guessing through PUT /user, unrepresentable
// timestamps, per-user write limits and the note quota, a reflected Host header, cacheable tokens and
// rows, GoTrue's 405, and the production rule for ENCRYPTION_KEY.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { buildUser, noteDraft } from '../../test/kit/factories';
import { startTestServer, TEST_PASSWORD, uniqueEmail, type TestServer } from '../../test/kit/test-server';

let server: TestServer;
const logs: string[] = [];
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_VERIFY: '5', RATE_LIMIT_WRITE: '8', NOTES_QUOTA: '6' }, { logs });
});
afterAll(async () => server?.close());

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { apikey: server.anonKey, 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    text,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : null,
  };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('[issue 14.2, 14.3] user JSON that PostgreSQL cannot store is a 400, and nothing secret reaches the log', () => {
  it('answers NUL, lone surrogates and deep nesting in sign-up, sign-in and PUT /user with 400, never 500', async () => {
    const email = uniqueEmail('json');
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const signups = [
      `{"email":"${email}","password":"${TEST_PASSWORD}","data":{"name":"a\\u0000b"}}`,
      `{"email":"${email}","password":"${TEST_PASSWORD}","data":{"name":"\\ud800"}}`,
      `{"email":"${email}","password":"${TEST_PASSWORD}","data":{"deep":${deep}}}`,
      `{"email":"${email}","password":"${TEST_PASSWORD}","data":{"k\\u0000":1}}`,
    ];
    for (const body of signups) {
      const res = await call('POST', '/auth/v1/signup', body);
      expect(res.status, body.slice(0, 80)).toBe(400);
      expect(res.body).toMatchObject({ code: 'validation_failed' });
    }
    const signin = await call(
      'POST',
      '/auth/v1/token?grant_type=password',
      `{"email":"x\\u0000@example.com","password":"whatever"}`,
    );
    expect(signin.status).toBe(400);

    const { token } = await buildUser(server, { email });
    for (const data of ['{"name":"a\\u0000b"}', '{"name":"\\udfff"}', `{"deep":${deep}}`]) {
      const res = await call('PUT', '/auth/v1/user', `{"data":${data}}`, bearer(token));
      expect(res.status).toBe(400);
    }
    const fine = await call('PUT', '/auth/v1/user', { data: { name: 'Ada 🌱' } }, bearer(token));
    expect(fine.status).toBe(200);

    const logged = logs.join('');
    expect(logged).not.toContain(email);
    expect(logged).not.toMatch(/\$argon2/);
    expect(logged).not.toMatch(/"level":50/);
  });

  it('logs a database error through the one serializer: no query, no params', async () => {
    const error = await sql`SELECT ${'victim@example.com $argon2id$v=19$hash'}::int`
      .execute(server.database.db)
      .catch((e: unknown) => e);
    // The raw error quotes the input (in its message, and in query/params where the driver keeps them).
    expect(`${(error as Error).message} ${JSON.stringify(error)}`).toContain('victim@example.com');
    server.app.log.error({ err: error }, 'a failed query');
    const line = logs.find((l) => l.includes('a failed query')) ?? '';
    expect(line).toContain('22P02');
    expect(line).not.toContain('victim@example.com');
    expect(line).not.toContain('argon2');
  });
});

describe('[issue 14.4] password guesses through PUT /auth/v1/user are limited per user', () => {
  it('answers 429 over_request_rate_limit after RATE_LIMIT_VERIFY wrong current passwords; profile saves do not count', async () => {
    const token = bearer((await buildUser(server)).token);
    for (let i = 0; i < 5; i++) {
      const res = await call(
        'PUT',
        '/auth/v1/user',
        { password: 'a new password', current_password: `guess ${i}` },
        token,
      );
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'current_password_mismatch' });
    }
    const limited = await call(
      'PUT',
      '/auth/v1/user',
      { password: 'a new password', current_password: TEST_PASSWORD },
      token,
    );
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'over_request_rate_limit' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const profile = await call('PUT', '/auth/v1/user', { data: { name: 'still saves' } }, token);
    expect(profile.status).toBe(200);
  });
});

describe('[issue 14.7] a timestamp the client cannot read back is refused on write', () => {
  it('answers 400 (22008) for instants past year 9999 or before year 1, on insert, upsert and PATCH', async () => {
    const user = await buildUser(server);
    const token = bearer(user.token);
    const late = await call(
      'POST',
      '/rest/v1/notes',
      noteDraft(user.id, { updated_at: '9999-12-31T23:59:59-12:00' }),
      token,
    );
    expect(late.status).toBe(400);
    expect(late.body).toMatchObject({ code: '22008' });
    const early = await call(
      'POST',
      '/rest/v1/notes',
      noteDraft(user.id, { created_at: '0001-01-01T00:00:00+01:00' }),
      token,
    );
    expect(early.status).toBe(400);
    const row = noteDraft(user.id);
    expect((await call('POST', '/rest/v1/notes', row, token)).status).toBe(201);
    const patch = await call(
      'PATCH',
      `/rest/v1/notes?id=eq.${row.id}`,
      { deleted_at: '9999-12-31T23:59:59-12:00' },
      token,
    );
    expect(patch.status).toBe(400);
    const read = await call('GET', `/rest/v1/notes?select=updated_at,deleted_at`, undefined, token);
    expect(read.body).toEqual([{ updated_at: row.updated_at, deleted_at: null }]);
  });
});

describe('[issue 14.10] per-user limits on writes and rows', () => {
  it('answers 429 after RATE_LIMIT_WRITE writes of one user, while another user writes on', async () => {
    const a = await buildUser(server);
    const b = await buildUser(server);
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) {
      statuses.push(
        (await call('PATCH', `/rest/v1/notes?id=eq.${randomUUID()}`, { title: 'x' }, bearer(a.token))).status,
      );
    }
    expect(statuses.slice(0, 8)).toEqual(Array(8).fill(204));
    expect(statuses[8]).toBe(429);
    const limited = await call('DELETE', `/rest/v1/notes?id=eq.${randomUUID()}`, undefined, bearer(a.token));
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'over_request_rate_limit' });
    expect(limited.headers.get('retry-after')).toBeTruthy();
    expect((await call('POST', '/rest/v1/notes', noteDraft(b.id), bearer(b.token))).status).toBe(201);
    // Reads are not writes.
    expect((await call('GET', '/rest/v1/notes?select=id', undefined, bearer(a.token))).status).toBe(200);
  });

  it('refuses rows past NOTES_QUOTA with 429, all or nothing, but lets existing notes be updated', async () => {
    const user = await buildUser(server);
    const token = bearer(user.token);
    const rows = Array.from({ length: 5 }, () => noteDraft(user.id));
    expect((await call('POST', '/rest/v1/notes', rows, token)).status).toBe(201);
    const over = await call('POST', '/rest/v1/notes', [noteDraft(user.id), noteDraft(user.id)], token);
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ code: 'over_request_rate_limit', message: expect.stringContaining('quota') });
    expect(over.headers.get('retry-after')).toBe('3600');
    expect((await call('POST', '/rest/v1/notes', noteDraft(user.id), token)).status).toBe(201);
    // At the quota, an upsert that edits existing notes and adds one more is refused whole: no edit lands.
    const mixed = await call(
      'POST',
      '/rest/v1/notes?on_conflict=id',
      [...rows.map((r) => ({ ...r, title: 'lost' })), noteDraft(user.id)],
      {
        ...token,
        prefer: 'resolution=merge-duplicates',
      },
    );
    expect(mixed.status).toBe(429);
    const lost = await call('GET', '/rest/v1/notes?select=id&title=eq.lost', undefined, token);
    expect(lost.body).toEqual([]);
    const upsert = await call(
      'POST',
      '/rest/v1/notes?on_conflict=id',
      rows.map((r) => ({ ...r, title: 'edited' })),
      {
        ...token,
        prefer: 'resolution=merge-duplicates',
      },
    );
    expect(upsert.status).toBe(201);
    const count = await call('GET', '/rest/v1/notes?select=id', undefined, token);
    expect(count.body).toHaveLength(6);
  });
});

describe('protocol hygiene', () => {
  it('never reflects the Host header into /api/config', async () => {
    // node:http, since fetch will not send another Host than the URL's.
    const text = await new Promise<string>((resolve, reject) => {
      const req = http.get(
        `${server.url}/api/config`,
        { headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' } },
        (res) => {
          let data = '';
          res.on('data', (chunk: Buffer) => (data += chunk.toString()));
          res.on('end', () => resolve(data));
        },
      );
      req.on('error', reject);
    });
    expect((JSON.parse(text) as { supabaseUrl: string }).supabaseUrl).toBe(server.url);
  });

  it('marks token, user and REST answers Cache-Control: no-store', async () => {
    const email = uniqueEmail('cache');
    const signup = await call('POST', '/auth/v1/signup', { email, password: TEST_PASSWORD });
    expect(signup.headers.get('cache-control')).toBe('no-store');
    const token = await call('POST', '/auth/v1/token?grant_type=password', { email, password: TEST_PASSWORD });
    expect(token.headers.get('cache-control')).toBe('no-store');
    const access = bearer(String(token.body?.access_token));
    expect((await call('GET', '/auth/v1/user', undefined, access)).headers.get('cache-control')).toBe('no-store');
    expect((await call('GET', '/rest/v1/notes?select=id', undefined, access)).headers.get('cache-control')).toBe(
      'no-store',
    );
    expect((await call('GET', '/rest/v1/notes?select=id')).headers.get('cache-control')).toBe('no-store');
  });

  it('answers a wrong method on a GoTrue path with 405, as GoTrue does', async () => {
    for (const [method, path, allow] of [
      ['GET', '/auth/v1/token?grant_type=password', 'POST'],
      ['GET', '/auth/v1/signup', 'POST'],
      ['DELETE', '/auth/v1/user', 'GET, HEAD, PUT'],
      ['PUT', '/auth/v1/logout', 'POST'],
    ] as const) {
      const res = await call(method, path, method === 'GET' || method === 'DELETE' ? undefined : {});
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.get('allow')).toBe(allow);
      expect(res.body).toMatchObject({ code: 'method_not_allowed' });
    }
  });

  it('refuses to start in production without ENCRYPTION_KEY', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/ENCRYPTION_KEY is required/);
    expect(loadConfig({ NODE_ENV: 'production', ENCRYPTION_KEY: 'ab'.repeat(32) }).encryptionKey).toBe('ab'.repeat(32));
  });
});
