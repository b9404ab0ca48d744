// Records every answered request in the app's metrics by its route pattern (never the raw URL: ids
// and query strings would make a series per note), method and status. Fastify runs onResponse once the
// last byte is written, event streams included; a request whose client left first is not recorded.
import type { FastifyInstance } from 'fastify';
import type { AppMetrics } from './registry';

/** The route label of requests that matched no route (404s of unknown paths, probes, scanners). */
export const UNMATCHED_ROUTE = 'unmatched';

/** Adds the hook; call before the routes are registered, so every scope inherits it. */
export function recordRequests(app: FastifyInstance, metrics: AppMetrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.is404 ? UNMATCHED_ROUTE : (request.routeOptions.url ?? UNMATCHED_ROUTE);
    metrics.request(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}
