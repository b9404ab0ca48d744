// The request kernel's contract (docs/architecture.md, "Add an endpoint"): a surface registered through
// registerSurface gets the one authentication hook and answers every failure in its own error shape,
// malformed JSON included (a 400 in the surface's shape, never a 500). Checked on a surface made here
// from the kernel alone, and on each real surface of the app.
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerOf, decorateCaller } from '../src/http/authentication';
import { jsonErrors } from '../src/http/errors/json-errors';
import { registerJsonParser } from '../src/http/json-parser';
import { parseBody } from '../src/http/parse-body';
import { registerSurface } from '../src/http/surface';
import { buildUser } from '../../test/kit/factories';
import { startTestServer, type TestServer } from '../../test/kit/test-server';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  ({ token } = await buildUser(server));
});
afterAll(async () => server?.close());

describe('a surface registered through the kernel', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify({ logger: false });
    registerJsonParser(app);
    decorateCaller(app);
    await registerSurface(app, server.ctx, {
      prefix: '/probe',
      errors: jsonErrors,
      auth: 'user',
      routes: (scope) => {
        scope.post('/echo', async (request) => {
          const body = parseBody(z.object({ word: z.string() }), request.body);
          return { word: body.word, userId: callerOf(request).userId };
        });
        scope.get('/open', { config: { auth: 'none' } }, async (request) => ({ caller: request.caller }));
        scope.get('/maybe', { config: { auth: 'optional' } }, async (request) => ({
          signedIn: request.caller !== null,
        }));
      },
    });
  });
  afterAll(async () => app?.close());

  const bearer = () => ({ authorization: `Bearer ${token}` });

  it('runs the authentication hook: the caller for a user route, 401 in its shape without one', async () => {
    const ok = await app.inject({ method: 'POST', url: '/probe/echo', headers: bearer(), payload: { word: 'hi' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ word: 'hi', userId: expect.any(String) });
    const refused = await app.inject({ method: 'POST', url: '/probe/echo', payload: { word: 'hi' } });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ error: 'unauthorized', message: 'Sign in to use this feature.' });
    expect(refused.headers['www-authenticate']).toBe('Bearer');
  });

  it('honours a route that needs no user, or only may have one', async () => {
    expect((await app.inject({ url: '/probe/open' })).json()).toEqual({ caller: null });
    expect((await app.inject({ url: '/probe/maybe' })).json()).toEqual({ signedIn: false });
    expect((await app.inject({ url: '/probe/maybe', headers: bearer() })).json()).toEqual({ signedIn: true });
    expect((await app.inject({ url: '/probe/maybe', headers: { authorization: 'Bearer nonsense' } })).json()).toEqual({
      signedIn: false,
    });
  });

  it('answers malformed JSON and an invalid body in its shape with 400, never 500', async () => {
    const headers = { ...bearer(), 'content-type': 'application/json' };
    const malformed = await app.inject({ method: 'POST', url: '/probe/echo', headers, payload: '{"word":' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ error: 'invalid_json', message: 'The request body is not valid JSON.' });
    const invalid = await app.inject({ method: 'POST', url: '/probe/echo', headers, payload: '{"word":1}' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ error: 'invalid_request', message: expect.stringMatching(/^word: /) });
  });
});

describe("each of the app's surfaces answers in its own shape", () => {
  const MALFORMED = '{"a":';
  const cases = [
    {
      surface: 'auth (GoTrue)',
      malformed: { method: 'POST', path: '/auth/v1/signup' },
      needsUser: { method: 'GET', path: '/auth/v1/user' },
      badJson: { status: 400, code: 'bad_json' },
      refused: { status: 401, code: 'no_authorization' },
      shape: (body: Record<string, unknown>) => body.error_code,
    },
    {
      surface: 'rest (PostgREST)',
      malformed: { method: 'POST', path: '/rest/v1/notes' },
      needsUser: { method: 'GET', path: '/rest/v1/notes' },
      badJson: { status: 400, code: 'PGRST102' },
      refused: { status: 401, code: 'PGRST302' },
      shape: (body: Record<string, unknown>) => ('hint' in body && 'details' in body ? body.code : undefined),
    },
    {
      surface: 'api (JSON)',
      malformed: { method: 'DELETE', path: '/api/account' },
      needsUser: { method: 'DELETE', path: '/api/account' },
      badJson: { status: 400, code: 'invalid_json' },
      refused: { status: 401, code: 'unauthorized' },
      shape: (body: Record<string, unknown>) => body.error,
    },
    {
      surface: 'ai (JSON)',
      malformed: { method: 'PUT', path: '/api/ai/key' },
      needsUser: { method: 'PUT', path: '/api/ai/key' },
      badJson: { status: 400, code: 'invalid_json' },
      refused: { status: 401, code: 'unauthorized' },
      shape: (body: Record<string, unknown>) => body.error,
    },
  ];

  for (const c of cases) {
    it(`${c.surface}: malformed JSON is a 400 in its shape, a missing user is refused in its shape`, async () => {
      const malformed = await fetch(`${server.url}${c.malformed.path}`, {
        method: c.malformed.method,
        headers: { authorization: `Bearer ${token}`, apikey: server.anonKey, 'content-type': 'application/json' },
        body: MALFORMED,
      });
      expect(malformed.status).toBe(c.badJson.status);
      expect(c.shape((await malformed.json()) as Record<string, unknown>)).toBe(c.badJson.code);

      const refused = await fetch(`${server.url}${c.needsUser.path}`, {
        method: c.needsUser.method,
        headers: { apikey: server.anonKey },
      });
      expect(refused.status).toBe(c.refused.status);
      expect(c.shape((await refused.json()) as Record<string, unknown>)).toBe(c.refused.code);
    });
  }
});
