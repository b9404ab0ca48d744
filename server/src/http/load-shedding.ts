// Load shedding: an overloaded server answers 503 with Retry-After at once, cheaply, instead of queueing
// work until its event loop stalls and every request, probes included, times out. Two signals:
// @fastify/under-pressure's samples of the event loop (delay, utilisation) and memory, and the number
// of requests in flight, which is what grows when the database is the bottleneck (PGlite's worker
// queues statements while this thread stays idle, so the loop alone would never say so). Routes with
// `config: { shed: false }` (liveness, metrics) are always served.
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: answered even under overload (/api/health, the metrics). */
    shed?: boolean;
  }
}

export const OVERLOADED_MESSAGE = 'The server is busy. Please try again in a few seconds.';

export async function registerLoadShedding(app: FastifyInstance, limits: Config['loadShedding']): Promise<void> {
  const refuse = (reply: FastifyReply) =>
    reply
      .code(503)
      .header('Retry-After', String(limits.retryAfterSeconds))
      .header('Cache-Control', 'no-store')
      .send({ error: 'overloaded', message: OVERLOADED_MESSAGE });
  const exempt = (request: FastifyRequest) => request.routeOptions.config.shed === false;

  // Counted from arrival to the answer's end (or the connection's); WebSocket upgrades are sockets,
  // not requests, and have their own per-user limits.
  let inFlight = 0;
  if (limits.maxInFlight > 0) {
    app.addHook('onRequest', (request, reply, done) => {
      if (exempt(request) || request.headers.upgrade !== undefined) return done();
      if (inFlight >= limits.maxInFlight) {
        request.log.warn({ inFlight }, 'shedding load: too many requests in flight');
        refuse(reply);
        return;
      }
      inFlight++;
      reply.raw.once('close', () => inFlight--);
      done();
    });
  }

  await app.register(underPressure, {
    maxEventLoopDelay: limits.maxEventLoopDelayMs,
    maxEventLoopUtilization: limits.maxEventLoopUtilization,
    maxHeapUsedBytes: limits.maxHeapBytes,
    maxRssBytes: limits.maxRssBytes,
    sampleInterval: limits.sampleIntervalMs,
    // Utilisation of the last sample, not since start: a busy minute an hour ago says nothing now.
    eventLoopUtilizationMode: 'interval',
    pressureHandler: (request, reply, type, value) => {
      // Returning nothing without answering lets the request through.
      if (exempt(request)) return;
      request.log.warn({ type, value }, 'shedding load: the server is under pressure');
      refuse(reply);
    },
  });
}
