// GET /api/metrics on the public port, only when METRICS_TOKEN is set and only with it as a bearer token
// (for a host where a second port cannot be reached, e.g. a PaaS). Compared in constant time.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';

const digest = (value: string) => createHash('sha256').update(value).digest();

export function metricsRoutes(registry: Registry, token: string) {
  const expected = digest(token);
  return async (app: FastifyInstance): Promise<void> => {
    app.get('/metrics', { config: { shed: false } }, async (request, reply) => {
      const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
      reply.header('Cache-Control', 'no-store');
      if (!timingSafeEqual(digest(given), expected)) {
        return reply
          .code(401)
          .header('WWW-Authenticate', 'Bearer')
          .send({ error: 'unauthorized', message: 'The metrics need the METRICS_TOKEN as a bearer token.' });
      }
      return reply.type(registry.contentType).send(await registry.metrics());
    });
  };
}
