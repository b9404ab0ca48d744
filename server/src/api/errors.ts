// JSON errors of the /api surface: `{ error, message }` with an HTTP status, one handler for the scope.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

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

/** The body, validated; a failure is a 400 naming the first problem. */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const result = schema.safeParse(body ?? {});
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    throw apiErrors.invalidRequest(`${where}${issue?.message ?? 'invalid request body'}`);
  }
  return result.data;
}

export function apiErrorHandler(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply): void {
  if (error instanceof ApiError) {
    void reply.code(error.statusCode).headers(error.headers).send({ error: error.code, message: error.message });
    return;
  }
  const status = (error as { statusCode?: number }).statusCode;
  const code = (error as { code?: string }).code;
  if (status === 429) {
    // From @fastify/rate-limit, which has already set Retry-After.
    void reply.code(429).send({ error: 'rate_limited', message: RATE_LIMITED_MESSAGE });
    return;
  }
  if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || (error instanceof SyntaxError && status === 400)) {
    void reply.code(400).send({ error: 'invalid_json', message: 'The request body is not valid JSON.' });
    return;
  }
  if (status === 413) {
    void reply.code(413).send({ error: 'payload_too_large', message: 'The request body is too large.' });
    return;
  }
  if (status === 415) {
    void reply.code(415).send({ error: 'unsupported_media_type', message: 'Send the request body as application/json.' });
    return;
  }
  if (status !== undefined && status >= 400 && status < 500) {
    void reply.code(status).send({ error: 'bad_request', message: error.message });
    return;
  }
  request.log.error({ err: error }, 'api request failed');
  void reply.code(500).send({ error: 'internal_error', message: 'Something went wrong on our side. Please try again.' });
}
