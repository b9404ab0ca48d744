// HTTP hygiene: security headers, the body limit, GoTrue-shaped 4xx for malformed auth requests (never a
// 500, never a stack trace), per-IP rate limits, and logs that never contain passwords or tokens.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../test/kit/factories';
import { startTestServer, TEST_PASSWORD, uniqueEmail, type TestServer } from '../../test/kit/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const json = (body: unknown) => JSON.stringify(body);

describe('security headers', () => {
  it('sends CSP, HSTS, nosniff, referrer policy and no framing on every response', async () => {
    for (const path of ['/api/config', '/auth/v1/user', '/rest/v1/notes', '/anything']) {
      const res = await fetch(`${server.url}${path}`);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
    }
  });

  it('serves the run-time configuration the client needs', async () => {
    const res = await fetch(`${server.url}/api/config`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toEqual({ supabaseUrl: server.url, anonKey: server.anonKey, providerName: 'OpenRouter' });
  });
});

describe('malformed auth requests get a GoTrue-shaped 4xx', () => {
  const cases: {
    name: string;
    path: string;
    method?: string;
    body?: string;
    headers?: Record<string, string>;
    status: number;
    code?: string;
  }[] = [
    { name: 'invalid JSON', path: '/auth/v1/signup', body: '{"email":', status: 400, code: 'bad_json' },
    { name: 'JSON string body', path: '/auth/v1/signup', body: '"hello"', status: 400, code: 'validation_failed' },
    {
      name: 'JSON array body',
      path: '/auth/v1/token?grant_type=password',
      body: '[1,2]',
      status: 400,
      code: 'validation_failed',
    },
    {
      name: 'email of the wrong type',
      path: '/auth/v1/signup',
      body: json({ email: 42, password: TEST_PASSWORD }),
      status: 400,
      code: 'validation_failed',
    },
    {
      name: 'no password on sign-up',
      path: '/auth/v1/signup',
      body: json({ email: 'a@example.com' }),
      status: 422,
      code: 'validation_failed',
    },
    {
      name: 'no email on sign-up',
      path: '/auth/v1/signup',
      body: json({ password: TEST_PASSWORD }),
      status: 400,
      code: 'validation_failed',
    },
    {
      name: 'overlong password',
      path: '/auth/v1/signup',
      body: json({ email: 'b@example.com', password: 'x'.repeat(2000) }),
      status: 422,
    },
    {
      name: 'metadata that is not an object',
      path: '/auth/v1/signup',
      body: json({ email: 'c@example.com', password: TEST_PASSWORD, data: 'x' }),
      status: 400,
    },
    {
      name: 'no grant type',
      path: '/auth/v1/token',
      body: json({ email: 'a@example.com', password: 'x' }),
      status: 400,
    },
    { name: 'unsupported grant type', path: '/auth/v1/token?grant_type=pkce', body: json({}), status: 400 },
    {
      name: 'password grant without password',
      path: '/auth/v1/token?grant_type=password',
      body: json({ email: 'a@example.com' }),
      status: 400,
    },
    {
      name: 'refresh grant without token',
      path: '/auth/v1/token?grant_type=refresh_token',
      body: json({}),
      status: 400,
    },
    {
      name: 'refresh token of the wrong type',
      path: '/auth/v1/token?grant_type=refresh_token',
      body: json({ refresh_token: 5 }),
      status: 400,
    },
    {
      name: 'a plain-text body',
      path: '/auth/v1/signup',
      body: 'email=a',
      headers: { 'content-type': 'text/plain' },
      status: 400,
    },
    {
      name: 'an unsupported content type',
      path: '/auth/v1/signup',
      body: '<a/>',
      headers: { 'content-type': 'application/xml' },
      status: 415,
    },
    { name: 'logout without a token', path: '/auth/v1/logout', status: 401, code: 'no_authorization' },
    {
      name: 'logout with a garbage token',
      path: '/auth/v1/logout',
      headers: { authorization: 'Bearer abc.def.ghi' },
      status: 403,
      code: 'bad_jwt',
    },
    {
      name: 'user with a non-bearer scheme',
      path: '/auth/v1/user',
      method: 'GET',
      headers: { authorization: 'Basic Zm9vOmJhcg==' },
      status: 401,
    },
    {
      name: 'an auth path the app does not use',
      path: '/auth/v1/otp',
      body: json({ email: 'a@example.com' }),
      status: 404,
      code: 'not_found',
    },
    { name: 'MFA factors', path: '/auth/v1/factors', body: json({}), status: 404, code: 'not_found' },
    { name: 'an unknown auth GET path', path: '/auth/v1/authorize?provider=github', method: 'GET', status: 404 },
    {
      name: 'a body over 1 MB',
      path: '/auth/v1/signup',
      body: json({ email: 'd@example.com', password: 'x'.repeat(1_100_000) }),
      status: 413,
    },
  ];

  it.each(cases)('$name → $status', async ({ path, method, body, headers, status, code }) => {
    const res = await fetch(`${server.url}${path}`, {
      method: method ?? 'POST',
      headers: { apikey: server.anonKey, 'content-type': 'application/json', ...headers },
      body: method === 'GET' ? undefined : body,
    });
    expect(res.status).toBe(status);
    const payload = (await res.json()) as Record<string, unknown>;
    expect(typeof payload.msg).toBe('string');
    expect(typeof payload.code).toBe('string');
    if (code) expect(payload.code).toBe(code);
    expect(JSON.stringify(payload)).not.toMatch(/\bat .*\.(ts|js):\d+/);
    expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01');
  });

  it('is still serving after all of that', async () => {
    const res = await fetch(`${server.url}/api/health`);
    expect(res.status).toBe(200);
  });
});

describe('rate limits', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ RATE_LIMIT_SIGNUP: '3', RATE_LIMIT_TOKEN: '4', RATE_LIMIT_TOKEN_REFRESH: '2' });
  });
  afterAll(async () => limited?.close());

  it('answers 429 over_request_rate_limit past the sign-up limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const { error } = await limited.client().auth.signUp({ email: uniqueEmail(), password: TEST_PASSWORD });
      statuses.push(error?.status ?? 200);
      if (i === 3) expect(error?.code).toBe('over_request_rate_limit');
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('counts sign-ins and refreshes in separate buckets', async () => {
    // Sign-up has its own bucket, which the previous test used up: create the user directly.
    const { email } = await insertUser(limited, { password: TEST_PASSWORD });
    const signIns = [];
    for (let i = 0; i < 5; i++)
      signIns.push(await limited.client().auth.signInWithPassword({ email, password: TEST_PASSWORD }));
    expect(signIns.map((r) => r.error?.status ?? 200)).toEqual([200, 200, 200, 200, 429]);
    let token = signIns[0]!.data.session!.refresh_token;
    const refreshes: number[] = [];
    for (let i = 0; i < 3; i++) {
      const { data, error } = await limited.client().auth.refreshSession({ refresh_token: token });
      refreshes.push(error?.status ?? 200);
      if (data.session) token = data.session.refresh_token;
    }
    expect(refreshes).toEqual([200, 200, 429]);
  });
});

describe('logs', () => {
  it('never contain passwords or tokens', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const { createServer } = await import('../src/app');
    const { app } = await createServer(server.config, server.database, { logger: { level: 'trace', stream } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    try {
      const password = 'a very secret passphrase';
      const email = uniqueEmail();
      const signup = await fetch(`${url}/auth/v1/signup`, {
        method: 'POST',
        headers: { apikey: server.anonKey, 'content-type': 'application/json' },
        body: json({ email, password }),
      });
      const session = (await signup.json()) as { access_token: string; refresh_token: string };
      await fetch(`${url}/auth/v1/token?grant_type=refresh_token`, {
        method: 'POST',
        headers: { apikey: server.anonKey, 'content-type': 'application/json' },
        body: json({ refresh_token: session.refresh_token }),
      });
      await fetch(`${url}/auth/v1/user`, {
        headers: { apikey: server.anonKey, authorization: `Bearer ${session.access_token}` },
      });
      const log = lines.join('');
      expect(log).toContain('/auth/v1/signup');
      for (const secret of [password, session.access_token, session.refresh_token, server.anonKey]) {
        expect(log).not.toContain(secret);
      }
    } finally {
      await app.close();
    }
  });
});
