// The PostgREST error shape (/rest/v1): `{ code, message, details, hint }`, the mapping of database
// errors (by SQLSTATE) to the HTTP statuses PostgREST would answer, so supabase-js surfaces them
// unchanged, and the mapper for everything thrown in the surface. The REST surface's own catalogue
// (rest/errors.ts) builds on RestError.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthFailure } from '../../identity/authenticate';
import { serializeError } from '../../db/error-serializer';
import { Unauthenticated } from '../authentication';
import { isDatabaseError } from '../../db/database-error';

export { isDatabaseError };

export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
    /** Extra response headers, e.g. WWW-Authenticate on 401. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  toJSON(): { code: string; message: string; details: string | null; hint: string | null } {
    return { code: this.code, message: this.message, details: this.details, hint: this.hint };
  }
}

/**
 * Maps a database error to the answer PostgREST would give, or undefined for an unexpected one (a 500).
 * `presentConflict` turns the PT409 detail (the current row) into its wire shape.
 */
export function fromDatabaseError(
  error: unknown,
  presentConflict: (detail: string | undefined) => string | null,
): RestError | undefined {
  if (!isDatabaseError(error)) return undefined;
  const { code, message } = error;
  const hint = error.hint ?? null;
  if (code === 'PT409') return new RestError(409, code, message, presentConflict(error.detail), hint);
  // A unique violation on insert: only the id the caller sent exists; never say whose row it is.
  if (code === '23505') return new RestError(409, code, message, null, 'A note with this id already exists.');
  if (code === '23503') return new RestError(409, code, message);
  if (code === '42501') return new RestError(403, code, message, null, hint);
  if (code === '21000') return new RestError(400, code, message, null, hint);
  // Data exceptions and integrity violations are the caller's input: 22* (bad values), 23502, 23514.
  if (code.startsWith('22')) return new RestError(400, code, message, error.detail ?? null, hint);
  // PostgreSQL's detail here is the whole failing row: large, and nothing the caller needs back.
  if (code === '23502' || code === '23514') return new RestError(400, code, message, null, hint);
  if (code === '42703' || code === '42883' || code === '42804' || code === '42P10')
    return new RestError(400, code, message);
  // RAISE with SQLSTATE 'PTxyz' answers HTTP xyz, as in PostgREST.
  const custom = /^PT([1-5]\d\d)$/.exec(code);
  if (custom?.[1]) return new RestError(Number(custom[1]), code, message, error.detail ?? null, hint);
  return undefined;
}

/** Why a request carried no usable user: answered 401 as PostgREST does, with a WWW-Authenticate header. */
export function authProblem({ problem, reason }: AuthFailure, table: string): RestError {
  const challenge = (description: string) => ({
    'WWW-Authenticate': `Bearer error="invalid_token", error_description="${description}"`,
  });
  switch (problem) {
    case 'missing':
      return new RestError(
        401,
        'PGRST302',
        'Anonymous access is disabled',
        null,
        'Sign in and send the access token as a Bearer token.',
        {
          'WWW-Authenticate': 'Bearer',
        },
      );
    case 'anon':
      return new RestError(
        401,
        '42501',
        `permission denied for table ${table}`,
        null,
        `Sign in: the anon key alone grants no access to ${table}.`,
        {
          'WWW-Authenticate': 'Bearer',
        },
      );
    case 'session_not_found':
      return new RestError(
        401,
        'PGRST303',
        'JWT session has ended',
        'Session from session_id claim in JWT does not exist',
        'Sign in again.',
        challenge('session ended'),
      );
    default:
      if (reason === 'token is expired')
        return new RestError(401, 'PGRST303', 'JWT expired', null, null, challenge('JWT expired'));
      return new RestError(
        401,
        'PGRST301',
        'JWT could not be verified',
        reason,
        null,
        challenge('JWT could not be verified'),
      );
  }
}

export interface PostgrestErrorOptions {
  /** The table the surface serves, named in the refusal of the anon key. */
  table: string;
  /** Turns the PT409 detail (the current row) into its wire shape for the calling user. */
  presentConflict: (detail: string | undefined, userId: string) => string | null;
}

/** The mapper of a PostgREST-compatible surface. */
export function postgrestErrors({ table, presentConflict }: PostgrestErrorOptions) {
  const known = (error: unknown, userId: string | undefined): RestError | undefined => {
    if (error instanceof RestError) return error;
    if (error instanceof Unauthenticated) return authProblem(error.failure, table);
    const fastifyCode = (error as { code?: unknown }).code;
    if (fastifyCode === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return new RestError(413, 'PGRST102', 'The request body is too large');
    if (fastifyCode === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return new RestError(415, 'PGRST107', `Content-Type not acceptable: ${String((error as Error).message)}`);
    }
    const status = (error as { statusCode?: unknown }).statusCode;
    // From @fastify/rate-limit (which has set Retry-After): GoTrue's code, in PostgREST's shape.
    if (status === 429)
      return new RestError(
        429,
        'over_request_rate_limit',
        'Request rate limit reached',
        null,
        'Wait for the time in Retry-After, then send again.',
      );
    if (typeof fastifyCode === 'string' && fastifyCode.startsWith('FST_ERR_CTP'))
      return new RestError(400, 'PGRST102', 'Empty or invalid json');
    if (error instanceof SyntaxError && status === 400) return new RestError(400, 'PGRST102', 'Empty or invalid json');
    const mapped = fromDatabaseError(error, (detail) => (userId ? presentConflict(detail, userId) : null));
    if (mapped) return mapped;
    if (typeof status === 'number' && status >= 400 && status < 500)
      return new RestError(status, 'PGRST100', (error as Error).message);
    return undefined;
  };

  return function restErrorMapper(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
    let answer = known(error, request.caller?.userId);
    if (!answer) {
      // Never the whole error: PGlite's errors carry the query's parameters, i.e. the user's notes.
      request.log.error({ err: serializeError(error) }, 'REST request failed');
      answer = new RestError(500, 'XX000', 'Something went wrong on our side. Please try again.');
    }
    return reply
      .code(answer.status)
      .headers(answer.headers)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(answer.toJSON()));
  };
}
