// Who is calling an /api endpoint: an onRequest hook that answers 401 JSON unless the bearer token is a
// live user session (the anon key alone, a bad token or a signed-out session are all refused).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { authenticate, type Caller } from '../auth/authenticate';
import type { AppContext } from '../http/context';
import { apiErrors } from './errors';

const callers = new WeakMap<FastifyRequest, Caller>();

const MESSAGES = {
  missing: 'Sign in to use this feature.',
  anon: 'Sign in to use this feature.',
  invalid: 'Your session is invalid or has expired. Please sign in again.',
  session_not_found: 'Your session has ended. Please sign in again.',
} as const;

/** An onRequest hook: 401 unless signed in; the caller is then available through callerOf(). */
export function requireUser(ctx: AppContext) {
  return async function requireUserHook(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const result = await authenticate(request, ctx.db, ctx.signer);
    if (!result.ok) throw apiErrors.unauthorized(MESSAGES[result.problem]);
    callers.set(request, result.caller);
  };
}

/** The signed-in caller of a request that passed requireUser. */
export function callerOf(request: FastifyRequest): Caller {
  const caller = callers.get(request);
  if (!caller) throw new Error('callerOf() on a route without requireUser');
  return caller;
}

/** For public endpoints that say more to a signed-in caller: the caller, or null for anyone else. */
export async function optionalCaller(request: FastifyRequest, ctx: AppContext): Promise<Caller | null> {
  if (!request.headers.authorization) return null;
  const result = await authenticate(request, ctx.db, ctx.signer);
  return result.ok ? result.caller : null;
}
