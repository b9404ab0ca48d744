// The one authentication hook. Every surface gets it from registerSurface (surface.ts): it resolves the
// caller once per request from the Authorization header and decorates the request with it. A route
// says what it needs in `config.auth`, else its surface's default applies; a refusal is thrown as
// `Unauthenticated`, which each surface's error mapper words in its own protocol.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authenticate, type AuthFailure, type Caller } from '../identity/authenticate';
import type { AppContext } from './context';

/** `user`: refuse without a live session; `optional`: the caller if the token is good, else null; `none`: not looked at. */
export type AuthRequirement = 'user' | 'optional' | 'none';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthRequirement;
    /**
     * Work a route starts for the token's user while the session is checked (a database read, say), so
     * the two overlap. The request may still be refused after it (ended session, rate limit): whatever
     * it starts must be harmless then, and its failure handled.
     */
    whileSessionIsChecked?: (request: FastifyRequest, userId: string) => void;
  }
  interface FastifyRequest {
    /** Set by the authentication hook; null when the route needs no user or the request has none. */
    caller: Caller | null;
  }
}

/** Thrown by the hook for a route that needs a user; status 401 for any mapper that does not know it. */
export class Unauthenticated extends Error {
  readonly statusCode = 401;

  constructor(readonly failure: AuthFailure) {
    super(`unauthenticated: ${failure.reason}`);
  }
}

/** Once, on the root instance, so every request has the `caller` property. */
export function decorateCaller(app: FastifyInstance): void {
  app.decorateRequest('caller', null);
}

/** Adds the hook to one surface's scope; it runs before the body is read (GoTrue and PostgREST check first too). */
export function addAuthenticationHook(scope: FastifyInstance, ctx: AppContext, surfaceDefault: AuthRequirement): void {
  scope.addHook('onRequest', async (request) => {
    const needs = request.routeOptions.config.auth ?? surfaceDefault;
    if (needs === 'none') return;
    // An optional caller without a token is anonymous: no verification, no database round trip.
    if (needs === 'optional' && !request.headers.authorization) return;
    const early = request.routeOptions.config.whileSessionIsChecked;
    const result = await authenticate(
      request.headers.authorization,
      ctx.db,
      ctx.signer,
      ctx.sessions,
      early && ((userId) => early(request, userId)),
    );
    if (result.ok) {
      request.caller = result.caller;
      return;
    }
    if (needs === 'user') throw new Unauthenticated({ problem: result.problem, reason: result.reason });
  });
}

/** The signed-in caller of a route that needs a user. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new Error("callerOf() on a route whose auth is not 'user'");
  return request.caller;
}
