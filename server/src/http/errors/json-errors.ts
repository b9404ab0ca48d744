// Our own JSON error shape (/api and the AI endpoints): `{ error, message }` with an HTTP status. ApiError
// and its catalogue are for those surfaces to throw; jsonErrors answers everything thrown there (and
// outside any surface, e.g. static files).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthFailure } from '../../identity/authenticate';
import { Unauthenticated } from '../authentication';
import { serializeError } from '../../db/error-serializer';
import { BodyValidationError } from '../parse-body';

export const RATE_LIMITED_MESSAGE = 'Rate limit exceeded. Please try again later.';

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const apiErrors = {
  unauthorized: (message: string) => new ApiError(401, 'unauthorized', message, { 'WWW-Authenticate': 'Bearer' }),
  invalidRequest: (message: string) => new ApiError(400, 'invalid_request', message),
  rateLimited: () => new ApiError(429, 'rate_limited', RATE_LIMITED_MESSAGE),
  apiKeyRequired: () => new ApiError(400, 'api_key_required', 'API key required'),
};

const REFUSALS: Record<AuthFailure['problem'], string> = {
  missing: 'Sign in to use this feature.',
  anon: 'Sign in to use this feature.',
  invalid: 'Your session is invalid or has expired. Please sign in again.',
  session_not_found: 'Your session has ended. Please sign in again.',
};

function known(error: unknown): ApiError | undefined {
  if (error instanceof ApiError) return error;
  if (error instanceof Unauthenticated) return apiErrors.unauthorized(REFUSALS[error.failure.problem]);
  if (error instanceof BodyValidationError) {
    return apiErrors.invalidRequest(`${error.path ? `${error.path}: ` : ''}${error.issue ?? 'invalid request body'}`);
  }
  const status = (error as { statusCode?: number }).statusCode;
  const code = (error as { code?: string }).code;
  // From @fastify/rate-limit, which has already set Retry-After.
  if (status === 429) return apiErrors.rateLimited();
  if (
    code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
    code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
    (error instanceof SyntaxError && status === 400)
  ) {
    return new ApiError(400, 'invalid_json', 'The request body is not valid JSON.');
  }
  if (status === 413) return new ApiError(413, 'payload_too_large', 'The request body is too large.');
  if (status === 415) return new ApiError(415, 'unsupported_media_type', 'Send the request body as application/json.');
  if (status !== undefined && status >= 400 && status < 500)
    return new ApiError(status, 'bad_request', (error as Error).message);
  return undefined;
}

export function jsonErrors(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const answer = known(error);
  if (answer)
    return reply.code(answer.statusCode).headers(answer.headers).send({ error: answer.code, message: answer.message });
  request.log.error({ err: serializeError(error) }, 'api request failed');
  return reply
    .code(500)
    .send({ error: 'internal_error', message: 'Something went wrong on our side. Please try again.' });
}
