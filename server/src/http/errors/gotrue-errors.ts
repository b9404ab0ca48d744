// The GoTrue error shape (/auth/v1): `{ code, error_code, msg }` with GoTrue's statuses, so auth-js maps
// them to the same AuthApiError codes the hosted service would produce. The auth surface's own
// catalogue (auth/errors.ts) builds on GoTrueError; the mapper answers everything else thrown there.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthFailure } from '../../identity/authenticate';
import { Unauthenticated } from '../authentication';
import { serializeError } from '../../db/error-serializer';
import { BodyValidationError } from '../parse-body';

/** The GoTrue API version this server speaks, sent with every answer of the surface. */
export const GOTRUE_API_VERSION = '2024-01-01';

export class GoTrueError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }

  toJSON(): Record<string, unknown> {
    return { code: this.code, error_code: this.code, msg: this.message, ...this.extra };
  }
}

/** GoTrue's refusals of a request that needs a user (its requireAuthentication middleware). */
function refusal({ problem, reason }: AuthFailure): GoTrueError {
  if (problem === 'missing')
    return new GoTrueError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  if (problem === 'session_not_found') {
    return new GoTrueError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  return new GoTrueError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`);
}

function send(reply: FastifyReply, error: GoTrueError): FastifyReply {
  return reply.code(error.status).header('X-Supabase-Api-Version', GOTRUE_API_VERSION).send(error.toJSON());
}

export function gotrueErrors(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof GoTrueError) return send(reply, error);
  if (error instanceof Unauthenticated) return send(reply, refusal(error.failure));
  if (error instanceof BodyValidationError) {
    return send(
      reply,
      new GoTrueError(400, 'validation_failed', `${error.path || 'body'}: ${error.issue ?? 'invalid'}`),
    );
  }
  const status = (error as { statusCode?: number }).statusCode;
  if (status === 429) return send(reply, new GoTrueError(429, 'over_request_rate_limit', 'Request rate limit reached'));
  const code = (error as { code?: string }).code;
  if (
    code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
    code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
    (error instanceof SyntaxError && status === 400)
  ) {
    return send(
      reply,
      new GoTrueError(400, 'bad_json', `Could not parse request body as JSON: ${(error as Error).message}`),
    );
  }
  if (status === 413) return send(reply, new GoTrueError(413, 'request_too_large', 'Request body is too large'));
  if (status === 415)
    return send(reply, new GoTrueError(415, 'validation_failed', 'Content-Type must be application/json'));
  if (status !== undefined && status >= 400 && status < 500) {
    return send(reply, new GoTrueError(status, 'validation_failed', (error as Error).message));
  }
  request.log.error({ err: serializeError(error) }, 'auth request failed');
  return send(reply, new GoTrueError(500, 'unexpected_failure', 'Unexpected failure, please try again later'));
}
